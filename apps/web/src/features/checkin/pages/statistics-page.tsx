import type { TEvent } from '@clubtix/contract';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateInput } from '../../../components/date-input/date-input';
import { todayIn, type CalendarDate } from '../../../lib/date-parsing';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { toWallClock } from '../../../lib/zoned-time';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { STATISTICS_REFRESH_MS, useCheckinStatistics } from '../api';
import { StatTile } from '../../../components/stat-tile';
import { attendeesText, checkedInShare, formatDay, toDayString } from '../statistics-series';

// The chart library is most of this page's weight: the numbers show first, the charts follow.
const StatisticsCharts = lazy(async () => ({
  default: (await import('../components/statistics-charts')).StatisticsCharts,
}));

function Statistics({ event }: { event: TEvent }) {
  const { t } = useTranslation('checkin');
  // "Today" is the event's today: a tour abroad counts its own evening, not the admin's.
  const [date, setDate] = useState<CalendarDate>(() => todayIn(new Date(), event.timezone));
  const day = toDayString(date);
  const statistics = useCheckinStatistics(event.id, day);
  // Registrations count bookings (three attendees on one booking count 1); check-ins count people,
  // so the share and who is still to come are of the attendees.
  const totals = statistics.data
    ? {
        registrations: statistics.data.totalRegistrationCount,
        attendees: statistics.data.totalAttendeeCount,
        checkins: statistics.data.totalCheckinCount,
        waiting: Math.max(0, statistics.data.totalAttendeeCount - statistics.data.totalCheckinCount),
      }
    : null;

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="sm">
        <DateInput
          label={t('statistics.date')}
          value={date}
          // An unreadable or emptied field reports no date: the numbers stay on the last good day
          // while the field keeps what was typed and says what is wrong.
          onChange={(value) => {
            if (value) setDate(value);
          }}
          description={t('statistics.dateHint')}
        />
        {statistics.data ? (
          <Text size="xs" c="dimmed" role="status" data-testid="statistics-updated">
            {t('statistics.updated', {
              time: toWallClock(new Date(statistics.dataUpdatedAt).toISOString(), event.timezone).time,
              seconds: STATISTICS_REFRESH_MS / 1000,
            })}
          </Text>
        ) : null}
      </Group>
      {statistics.isPending ? <PageLoader label={t('statistics.loading')} /> : null}
      {statistics.isError && !statistics.data ? (
        <QueryError error={statistics.error} onRetry={() => void statistics.refetch()} what={t('statistics.what')} />
      ) : null}
      {statistics.isError && statistics.data ? (
        <Alert color="orange" p="xs">
          {t('statistics.stale')}
        </Alert>
      ) : null}
      {statistics.data && totals ? (
        <>
          <Stack component="section" aria-label={t('statistics.soFar')} gap="xs">
            <Title order={2} fz="lg">
              {t('statistics.soFar')}
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <StatTile
                label={t('statistics.registrations')}
                value={totals.registrations}
                hint={attendeesText(totals.attendees)}
                testId="total-registrations"
              />
              <StatTile
                label={t('statistics.checkins')}
                value={totals.checkins}
                hint={t('statistics.share', {
                  share: checkedInShare(totals.checkins, totals.attendees),
                  waiting: totals.waiting,
                })}
                testId="total-checkins"
              />
            </SimpleGrid>
          </Stack>
          <Stack
            component="section"
            aria-label={t('statistics.upTo', { day: formatDay(statistics.data.date) })}
            gap="xs"
          >
            <Title order={2} fz="lg">
              {t('statistics.upToEnd', { day: formatDay(statistics.data.date) })}
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <StatTile
                label={t('statistics.registrations')}
                value={statistics.data.historicalRegistrationCount}
                testId="historical-registrations"
              />
              <StatTile
                label={t('statistics.checkins')}
                value={statistics.data.historicalCheckinCount}
                testId="historical-checkins"
              />
            </SimpleGrid>
          </Stack>
          <Suspense fallback={<PageLoader label={t('statistics.loadingCharts')} />}>
            <StatisticsCharts statistics={statistics.data} />
          </Suspense>
        </>
      ) : null}
    </Stack>
  );
}

/** /event/{eventId}/statistics: registrations and check-ins, live while the doors are open. */
export default function StatisticsPage() {
  const { t } = useTranslation('checkin');
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title={t('statistics.title')} screen="statistics">
      {(event) => <Statistics event={event} />}
    </ManagedEventPage>
  );
}
