import { formatMoney, type TCurrency, type TEvent, type TEventSales } from '@clubtix/contract';
import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ManagedEventPage } from '../../event-admin/managed-event-page';
import { useEventSales } from '../api';
import { StatTile } from '../../../components/stat-tile';
import { refundedShare, soldOfCapacity } from '../sales-figures';

// The chart library is most of this page's weight: the figures show first, the chart follows.
const SalesChart = lazy(async () => ({ default: (await import('../components/sales-chart')).SalesChart }));

/** A row's money: gross after discounts, what was refunded of it, and what is left. */
function MoneyCells({
  row,
  money,
}: {
  row: { gross: number; refunded: number; net: number };
  money: (minor: number) => string;
}) {
  return (
    <>
      <Table.Td ta="right">{money(row.gross)}</Table.Td>
      <Table.Td ta="right">{money(row.refunded)}</Table.Td>
      <Table.Td ta="right">{money(row.net)}</Table.Td>
    </>
  );
}

function Breakdown({ sales }: { sales: TEventSales }) {
  const { t } = useTranslation('report');
  const money = (minor: number) => formatMoney(minor, sales.currency as TCurrency, currentLanguage());
  return (
    <Stack component="section" aria-labelledby="sales-breakdown" gap="xs">
      <Title order={2} fz="lg" id="sales-breakdown">
        {t('breakdown.title')}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped verticalSpacing="xs" horizontalSpacing={6} fz="sm" data-testid="sales-breakdown">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('breakdown.item')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('breakdown.sold')}
              </Table.Th>
              {(['gross', 'refunded', 'net'] as const).map((column) => (
                <Table.Th key={column} scope="col" ta="right">
                  {t(`page.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sales.byTicket.map((row) => (
              <Table.Tr key={row.ticketId}>
                <Table.Th scope="row" fw={500}>
                  {row.name}
                </Table.Th>
                <Table.Td ta="right">{row.sold}</Table.Td>
                <MoneyCells row={row} money={money} />
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row" fw={500}>
                {t('breakdown.extras')}
              </Table.Th>
              <Table.Td ta="right">{sales.extras.sold}</Table.Td>
              <MoneyCells row={sales.extras} money={money} />
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={500}>
                {t('breakdown.donations')}
              </Table.Th>
              <Table.Td ta="right" />
              <Table.Td ta="right">{money(sales.donations)}</Table.Td>
              <Table.Td ta="right" />
              <Table.Td ta="right" />
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={500}>
                {t('breakdown.sponsorships')}
              </Table.Th>
              <Table.Td ta="right" />
              <Table.Td ta="right">{money(sales.sponsorships)}</Table.Td>
              <Table.Td ta="right" />
              <Table.Td ta="right" />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function Sales({ event }: { event: TEvent }) {
  const { t } = useTranslation('report');
  const sales = useEventSales(event.id);
  if (sales.isPending) return <PageLoader label={t('loading')} />;
  if (sales.isError)
    return <QueryError error={sales.error} onRetry={() => void sales.refetch()} what={t('salesWhat')} />;
  const data = sales.data;
  const money = (minor: number) => formatMoney(minor, data.currency as TCurrency, currentLanguage());
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('page.explain')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatTile compact label={t('page.net')} value={money(data.net)} testId="sales-net" />
        <StatTile compact label={t('page.gross')} value={money(data.gross)} testId="sales-gross" />
        <StatTile
          compact
          label={t('page.refunded')}
          value={money(data.refunded)}
          hint={t('page.refundedShare', { share: refundedShare(data) })}
          testId="sales-refunded"
        />
        <StatTile
          compact
          label={t('page.tickets')}
          value={data.ticketsSold}
          hint={soldOfCapacity(data.ticketsSold, event.capacity)}
          testId="sales-tickets"
        />
      </SimpleGrid>
      <Breakdown sales={data} />
      <Suspense fallback={<PageLoader label={t('chart.loading')} />}>
        <SalesChart sales={data} />
      </Suspense>
    </Stack>
  );
}

/** /event/{eventId}/sales: what the event has taken (docs/product.md section 21). */
export default function SalesPage() {
  // Every namespace the screen's parts read, loaded before it shows: no flash of a half-loaded page.
  const { t } = useTranslation(['report', 'events']);
  const { eventId } = useParams();
  return (
    <ManagedEventPage eventId={eventId} title={t('title')} screen="sales">
      {(event) => <Sales event={event} />}
    </ManagedEventPage>
  );
}
