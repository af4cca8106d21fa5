import { formatShortCode, type TAnyDoorAttendee, type TAttendeePageAnswer } from '@clubtix/contract';
import { Alert, Badge, Button, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { SEARCH_MIN_LENGTH, useAttendeeSearch } from '../api';
import { attendeeName, formatDoorTime } from '../scan-outcome';

/**
 * A search that failed says so in place, with a retry: at a door with a weak signal an empty space
 * under the field reads as "nobody by that name" (docs/decisions/0023-buyer-pages.md).
 */
function SearchFailed({ error, isRetrying, onRetry }: { error: unknown; isRetrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation('checkin');
  const unreachable = !isApiError(error) || error.status === 0;
  return (
    <Alert color="red" role="alert" title={t('search.failed')} data-testid="attendee-search-failed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {unreachable ? t('search.unreachable') : isApiError(error) ? error.msg : t('common:query.tryAgainText')}
        </Text>
        {/* red.9: the default red on white is below the 4.5:1 small text needs. */}
        <Button size="xs" variant="white" color="red.9" loading={isRetrying} onClick={onRetry}>
          {t('search.again')}
        </Button>
      </Stack>
    </Alert>
  );
}

type FoundAttendee = TAttendeePageAnswer['attendees'][number];

/**
 * What tells two guests of the same name apart: to an admin their e-mail, to door staff (who are told
 * no e-mail, docs/decisions/0061-staff-scope.md) the ticket's short code.
 */
const contactOf = (attendee: FoundAttendee): string =>
  'buyerEmail' in attendee ? (attendee.email ?? attendee.buyerEmail) : formatShortCode(attendee.shortCode);

/** For a guest without the QR at hand: find the ticket by name or e-mail and check it in from there. */
export function AttendeeSearch({
  eventId,
  timeZone,
  onPick,
}: {
  eventId: string;
  timeZone: string;
  onPick: (attendee: TAnyDoorAttendee) => void;
}) {
  const { t } = useTranslation('checkin');
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 300);
  const search = useAttendeeSearch(eventId, debounced);
  const isActive = debounced.trim().length >= SEARCH_MIN_LENGTH && keyword.trim().length >= SEARCH_MIN_LENGTH;
  const found = search.data?.attendees ?? [];
  // Offline (the browser says so), TanStack Query holds the search back instead of failing it: that
  // is the same outage to the door, and it runs by itself once the connection is back.
  const isPaused = search.fetchStatus === 'paused';

  return (
    <Stack gap={6}>
      <TextInput
        label={t('search.label')}
        description={t('search.description')}
        type="search"
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
        rightSection={search.isFetching && isActive ? <Loader size="xs" /> : null}
        autoComplete="off"
      />
      {isActive && (search.isError || isPaused) ? (
        <SearchFailed
          error={search.error}
          isRetrying={search.isFetching && !isPaused}
          onRetry={() => void search.refetch()}
        />
      ) : null}
      {isActive && search.isSuccess && !isPaused ? (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('search.results')}>
          {found.length === 0 ? (
            <Text component="li" size="sm" c="dimmed">
              {t('search.none', { keyword: debounced.trim() })}
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
                      {attendee.ticketName} · {contactOf(attendee)}
                    </Text>
                  </div>
                  {attendee.checkinTime ? (
                    <Badge color="orange" variant="light" style={{ flex: 'none' }}>
                      {t('search.inAt', { time: formatDoorTime(attendee.checkinTime, timeZone) })}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" style={{ flex: 'none' }}>
                      {t('search.notIn')}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          ))}
          {search.data && search.data.total > found.length ? (
            <Text component="li" size="xs" c="dimmed">
              {t('search.more', { count: search.data.total - found.length })}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
