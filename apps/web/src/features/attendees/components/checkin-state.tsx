import type { TAttendeeListItem } from '@clubtix/contract';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { formatDoorTime } from '../../checkin/scan-outcome';

/** Pending or Checked-in (the words of the filter), with when, on the event's clock. */
export function CheckinState({ attendee, timeZone }: { attendee: TAttendeeListItem; timeZone: string }) {
  const { t } = useTranslation('attendees');
  if (!attendee.checkinTime) {
    return (
      <Badge color="gray.7" variant="outline" style={{ flex: 'none' }}>
        {t('filters.pending')}
      </Badge>
    );
  }
  return (
    // Not shrunk by a long name beside it on a phone card: the badge would be cut to "C…".
    <Stack gap={2} align="flex-start" style={{ flex: 'none' }}>
      <Badge color={TEXT_SAFE_GREEN} variant="filled" style={{ flex: 'none' }}>
        {t('filters.checkedIn')}
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('table.checkedInAt', { time: formatDoorTime(attendee.checkinTime, timeZone) })}
      </Text>
    </Stack>
  );
}
