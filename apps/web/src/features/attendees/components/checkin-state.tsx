import type { TAttendeeListItem } from '@clubtix/contract';
import { Badge, Stack, Text } from '@mantine/core';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { formatDoorTime } from '../../checkin/scan-outcome';

/** Pending or Checked-in (the words of the filter), with when, on the event's clock. */
export function CheckinState({ attendee, timeZone }: { attendee: TAttendeeListItem; timeZone: string }) {
  if (!attendee.checkinTime) {
    return (
      <Badge color="gray.7" variant="outline" style={{ flex: 'none' }}>
        Pending
      </Badge>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={TEXT_SAFE_GREEN} variant="filled" style={{ flex: 'none' }}>
        Checked-in
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        at {formatDoorTime(attendee.checkinTime, timeZone)}
      </Text>
    </Stack>
  );
}
