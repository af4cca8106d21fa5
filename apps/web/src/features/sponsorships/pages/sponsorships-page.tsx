import { formatMoney, type TEvent } from '@clubtix/contract';
import { Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { useEventSponsorships } from '../api';
import { SponsorshipCard } from '../components/sponsorship-card';
import { filterSponsorships, sponsorshipTotals, type SponsorshipFilter } from '../sponsorship-totals';

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 22, sm: 28 }} fw={800} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}

function Sponsorships({ event }: { event: TEvent }) {
  const sponsorships = useEventSponsorships(event.id);
  const [filter, setFilter] = useState<SponsorshipFilter>('paid');

  if (sponsorships.isPending) return <PageLoader label="Loading sponsorships" />;
  if (sponsorships.isError)
    return (
      <QueryError error={sponsorships.error} onRetry={() => void sponsorships.refetch()} what="the sponsorships" />
    );

  const totals = sponsorshipTotals(sponsorships.data);
  // With nothing paid yet the totals still read 0 in the event's currency rather than vanishing.
  const lines = totals.byCurrency.length
    ? totals.byCurrency
    : [{ currency: event.currency, total: 0, donations: 0, sponsorships: 0 }];
  const shown = filterSponsorships(sponsorships.data, filter);

  return (
    <Stack gap="md">
      <Stack component="section" aria-label="Paid totals" gap="xs">
        {lines.map((line) => (
          <Stack key={line.currency} gap="sm">
            <Total label="Total paid" value={formatMoney(line.total, line.currency)} testId="total-paid" />
            <SimpleGrid cols={2} spacing="sm">
              <Total
                label={`Donations (${totals.donationCount})`}
                value={formatMoney(line.donations, line.currency)}
                testId="total-donations"
              />
              <Total
                label={`Sponsorships (${totals.sponsorshipCount})`}
                value={formatMoney(line.sponsorships, line.currency)}
                testId="total-sponsorships"
              />
            </SimpleGrid>
          </Stack>
        ))}
        <Text size="xs" c="dimmed">
          Totals count paid donations and sponsorships only.
        </Text>
      </Stack>
      <SegmentedControl
        aria-label="Show"
        value={filter}
        onChange={(value) => setFilter(value === 'all' ? 'all' : 'paid')}
        data={[
          { value: 'paid', label: 'Paid' },
          { value: 'all', label: `All (${sponsorships.data.length})` },
        ]}
      />
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          {filter === 'paid' ? 'No paid donations or sponsorships yet.' : 'No donations or sponsorships yet.'}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Donations and sponsorships"
        >
          {shown.map((sponsorship) => (
            <SponsorshipCard key={sponsorship.id} sponsorship={sponsorship} timeZone={event.timezone} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** /event/{eventId}/sponsorships: who gave what to the event, with paid totals (SPEC.md section 4). */
export default function SponsorshipsPage() {
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title="Sponsorships" screen="sponsorships">
      {(event) => <Sponsorships event={event} />}
    </ManagedEventPage>
  );
}
