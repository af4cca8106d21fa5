import { currentLanguage } from '../../../i18n/i18n';
import { formatMoney, type TEvent } from '@clubtix/contract';
import { Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { ListPagination } from '../../../components/list-pagination';
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
  const { t } = useTranslation('sponsorships');
  const [view, setView] = useState<SponsorshipsView>({ filter: 'paid', page: 1 });
  const sponsorships = useEventSponsorships(event.id, view);
  const totals = useSponsorshipTotals(event.id);

  if (totals.isPending) return <PageLoader label={t('page.loading')} />;
  if (totals.isError)
    return <QueryError error={totals.error} onRetry={() => void totals.refetch()} what={t('page.what')} />;

  const inView = sponsorshipsInView(totals.data, view.filter);
  const pageCount = Math.max(1, Math.ceil(inView / SPONSORSHIPS_PAGE_SIZE));
  let content;
  if (sponsorships.isPending) content = <PageLoader label={t('page.loading')} />;
  else if (sponsorships.isError)
    content = (
      <QueryError error={sponsorships.error} onRetry={() => void sponsorships.refetch()} what={t('page.what')} />
    );
  else if (sponsorships.data.length === 0)
    content = (
      <Text c="dimmed" size="sm">
        {view.page > 1 ? t('page.noneHere') : view.filter === 'paid' ? t('page.nonePaid') : t('page.none')}
      </Text>
    );
  else
    content = (
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('page.listLabel')}>
        {sponsorships.data.map((sponsorship) => (
          <SponsorshipCard key={sponsorship.id} sponsorship={sponsorship} timeZone={event.timezone} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      <Stack component="section" aria-label={t('page.totals')} gap="xs">
        {totalLines(totals.data, event.currency).map((line) => (
          <Stack key={line.currency} gap="sm">
            <Total
              label={t('page.totalPaid')}
              value={formatMoney(line.total, line.currency, currentLanguage())}
              testId="total-paid"
            />
            <SimpleGrid cols={2} spacing="sm">
              <Total
                label={t('page.donations', { count: totals.data.donationCount })}
                value={formatMoney(line.donations, line.currency, currentLanguage())}
                testId="total-donations"
              />
              <Total
                label={t('page.sponsorships', { count: totals.data.sponsorshipCount })}
                value={formatMoney(line.sponsorships, line.currency, currentLanguage())}
                testId="total-sponsorships"
              />
            </SimpleGrid>
          </Stack>
        ))}
        <Text size="xs" c="dimmed">
          {t('page.totalsNote')}
        </Text>
      </Stack>
      <SegmentedControl
        aria-label={t('page.show')}
        value={view.filter}
        onChange={(value) => setView({ filter: value === 'all' ? 'all' : 'paid', page: 1 })}
        data={[
          { value: 'paid', label: t('status.paid') },
          { value: 'all', label: t('page.all', { count: totals.data.count }) },
        ]}
      />
      {sponsorships.data && inView > SPONSORSHIPS_PAGE_SIZE ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('page.showing', {
            count: inView,
            first: (view.page - 1) * SPONSORSHIPS_PAGE_SIZE + 1,
            last: (view.page - 1) * SPONSORSHIPS_PAGE_SIZE + sponsorships.data.length,
          })}
        </Text>
      ) : null}
      <div style={{ opacity: sponsorships.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{content}</div>
      <ListPagination pageCount={pageCount} page={view.page} onChange={(page) => setView({ ...view, page })} />
    </Stack>
  );
}

/** /event/{eventId}/sponsorships: who gave what to the event, with paid totals (docs/product.md section 4). */
export default function SponsorshipsPage() {
  const { t } = useTranslation('sponsorships');
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title={t('page.title')} screen="sponsorships">
      {(event) => <Sponsorships event={event} />}
    </ManagedEventPage>
  );
}
