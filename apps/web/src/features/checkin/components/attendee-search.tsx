import type { TAttendee } from '@clubtix/contract';
import { Badge, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_MIN_LENGTH, useAttendeeSearch } from '../api';
import { attendeeName, formatDoorTime } from '../scan-outcome';

/** For a guest without the QR at hand: find the ticket by name or e-mail and check it in from there. */
export function AttendeeSearch({
  eventId,
  timeZone,
  onPick,
}: {
  eventId: string;
  timeZone: string;
  onPick: (attendee: TAttendee) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const search = useAttendeeSearch(eventId, debounced);
  const isActive = debounced.trim().length >= SEARCH_MIN_LENGTH && keyword.trim().length >= SEARCH_MIN_LENGTH;
  const found = search.data?.attendees ?? [];

  return (
    <Stack gap={6}>
      <TextInput
        label="Search attendees"
        description="Name or e-mail"
        type="search"
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        rightSection={search.isFetching && isActive ? <Loader size="xs" /> : null}
        autoComplete="off"
      />
      {isActive && search.isSuccess ? (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Matching attendees">
          {found.length === 0 ? (
            <Text component="li" size="sm" c="dimmed">
              No attendee matches “{debounced.trim()}”.
            </Text>
          ) : null}
          {found.map((attendee) => (
            <li key={attendee.attendeeId}>
              <UnstyledButton
                w="100%"
                p="xs"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                onClick={() => {
                  onPick(attendee);
                  setKeyword('');
                }}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {attendeeName(attendee)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {attendee.ticketName} · {attendee.email ?? attendee.buyerEmail}
                    </Text>
                  </div>
                  {attendee.checkinTime ? (
                    <Badge color="orange" variant="light" style={{ flex: 'none' }}>
                      In at {formatDoorTime(attendee.checkinTime, timeZone)}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" style={{ flex: 'none' }}>
                      Not checked in
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          ))}
          {search.data && search.data.total > found.length ? (
            <Text component="li" size="xs" c="dimmed">
              {search.data.total - found.length} more: type more of the name.
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
