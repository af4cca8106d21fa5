import { formatMoney, type TEvent } from '@clubtix/contract';
import { Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ManagedEventPage } from '../../events/components/managed-event-page';
import { ListPagination } from '../../../components/list-pagination';
import { countText } from '../../attendees/sales-views';
import { useEventSponsorships, useSponsorshipTotals } from '../api';
import { SponsorshipCard } from '../components/sponsorship-card';
import { sponsorshipsInView, SPONSORSHIPS_PAGE_SIZE, totalLines, type SponsorshipsView } from '../sponsorship-totals';

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
  const [view, setView] = useState<SponsorshipsView>({ filter: 'paid', page: 1 });
  const sponsorships = useEventSponsorships(event.id, view);
  const totals = useSponsorshipTotals(event.id);

  if (totals.isPending) return <PageLoader label="Loading sponsorships" />;
  if (totals.isError)
    return <QueryError error={totals.error} onRetry={() => void totals.refetch()} what="the sponsorships" />;

  const inView = sponsorshipsInView(totals.data, view.filter);
  const pageCount = Math.max(1, Math.ceil(inView / SPONSORSHIPS_PAGE_SIZE));
  let content;
  if (sponsorships.isPending) content = <PageLoader label="Loading sponsorships" />;
  else if (sponsorships.isError)
    content = (
      <QueryError error={sponsorships.error} onRetry={() => void sponsorships.refetch()} what="the sponsorships" />
    );
  else if (sponsorships.data.length === 0)
    content = (
      <Text c="dimmed" size="sm">
        {view.page > 1
          ? 'None on this page.'
          : view.filter === 'paid'
            ? 'No paid donations or sponsorships yet.'
            : 'No donations or sponsorships yet.'}
      </Text>
    );
  else
    content = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Donations and sponsorships">
        {sponsorships.data.map((sponsorship) => (
          <SponsorshipCard key={sponsorship.id} sponsorship={sponsorship} timeZone={event.timezone} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      <Stack component="section" aria-label="Paid totals" gap="xs">
        {totalLines(totals.data, event.currency).map((line) => (
          <Stack key={line.currency} gap="sm">
            <Total label="Total paid" value={formatMoney(line.total, line.currency)} testId="total-paid" />
            <SimpleGrid cols={2} spacing="sm">
              <Total
                label={`Donations (${totals.data.donationCount})`}
                value={formatMoney(line.donations, line.currency)}
                testId="total-donations"
              />
              <Total
                label={`Sponsorships (${totals.data.sponsorshipCount})`}
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
        value={view.filter}
        onChange={(value) => setView({ filter: value === 'all' ? 'all' : 'paid', page: 1 })}
        data={[
          { value: 'paid', label: 'Paid' },
          { value: 'all', label: `All (${totals.data.count})` },
        ]}
      />
      {sponsorships.data && inView > SPONSORSHIPS_PAGE_SIZE ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {countText(view.page, sponsorships.data.length, inView, SPONSORSHIPS_PAGE_SIZE, [
            'donation or sponsorship',
            'donations and sponsorships',
          ])}
        </Text>
      ) : null}
      <div style={{ opacity: sponsorships.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{content}</div>
      <ListPagination pageCount={pageCount} page={view.page} onChange={(page) => setView({ ...view, page })} />
    </Stack>
  );
}

/** /event/{eventId}/sponsorships: who gave what to the event, with paid totals (docs/product.md section 4). */
export default function SponsorshipsPage() {
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title="Sponsorships" screen="sponsorships">
      {(event) => <Sponsorships event={event} />}
    </ManagedEventPage>
  );
}
