import type { TEvent } from '@clubtix/contract';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { DateInput } from '../../../components/date-input/date-input';
import { todayIn, type CalendarDate } from '../../../components/date-input/date-parsing';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { toWallClock } from '../../../lib/zoned-time';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { STATISTICS_REFRESH_MS, useCheckinStatistics } from '../api';
import { StatTile } from '../../../components/stat-tile';
import { attendeesText, checkedInShare, formatDay, toDayString } from '../statistics-series';

// The chart library is most of this page's weight: the numbers show first, the charts follow.
const StatisticsCharts = lazy(async () => ({
  default: (await import('../components/statistics-charts')).StatisticsCharts,
}));

function Statistics({ event }: { event: TEvent }) {
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
          label="Date"
          value={date}
          // An unreadable or emptied field reports no date: the numbers stay on the last good day
          // while the field keeps what was typed and says what is wrong.
          onChange={(value) => {
            if (value) setDate(value);
          }}
          description="Counts up to the end of this day"
        />
        {statistics.data ? (
          <Text size="xs" c="dimmed" role="status" data-testid="statistics-updated">
            Updated {toWallClock(new Date(statistics.dataUpdatedAt).toISOString(), event.timezone).time}, refreshes
            every {STATISTICS_REFRESH_MS / 1000} seconds
          </Text>
        ) : null}
      </Group>
      {statistics.isPending ? <PageLoader label="Loading statistics" /> : null}
      {statistics.isError && !statistics.data ? (
        <QueryError error={statistics.error} onRetry={() => void statistics.refetch()} what="the statistics" />
      ) : null}
      {statistics.isError && statistics.data ? (
        <Alert color="orange" p="xs">
          The numbers could not be refreshed; showing the last ones read.
        </Alert>
      ) : null}
      {statistics.data && totals ? (
        <>
          <Stack component="section" aria-label="So far" gap="xs">
            <Title order={2} fz="lg">
              So far
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <StatTile
                label="Registrations"
                value={totals.registrations}
                hint={attendeesText(totals.attendees)}
                testId="total-registrations"
              />
              <StatTile
                label="Check-ins"
                value={totals.checkins}
                hint={`${checkedInShare(totals.checkins, totals.attendees)}% of attendees · ${totals.waiting} still to come`}
                testId="total-checkins"
              />
            </SimpleGrid>
          </Stack>
          <Stack component="section" aria-label={`Up to ${formatDay(statistics.data.date)}`} gap="xs">
            <Title order={2} fz="lg">
              Up to the end of {formatDay(statistics.data.date)}
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <StatTile
                label="Registrations"
                value={statistics.data.historicalRegistrationCount}
                testId="historical-registrations"
              />
              <StatTile label="Check-ins" value={statistics.data.historicalCheckinCount} testId="historical-checkins" />
            </SimpleGrid>
          </Stack>
          <Suspense fallback={<PageLoader label="Loading charts" />}>
            <StatisticsCharts statistics={statistics.data} />
          </Suspense>
        </>
      ) : null}
    </Stack>
  );
}

/** /event/{eventId}/statistics: registrations and check-ins, live while the doors are open. */
export default function StatisticsPage() {
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title="Statistics" screen="statistics">
      {(event) => <Statistics event={event} />}
    </ManagedEventPage>
  );
}
