import { formatMoney, type TPassPurchaseListItem, type TSeries } from '@clubtix/contract';
import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { currentLanguage } from '../../../i18n/i18n';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { useSeriesPassSales } from '../api';
import { passRefundLeft, passSaleState, type PassSaleState } from '../pass-sales';
import { PassRefundDialog } from './pass-refund-dialog';

/** A table past this width; cards below it, as the attendee list (attendees/pages/attendees-page.tsx). */
const TABLE_QUERY = '(min-width: 62em)';

const STATE_COLORS: Record<PassSaleState, string> = {
  paid: TEXT_SAFE_GREEN,
  refunded: 'gray.7',
  partlyRefunded: 'gray.7',
  toRefund: 'red.9',
  pending: 'gray.7',
};

function SaleState({ sale }: { sale: TPassPurchaseListItem }) {
  const { t } = useTranslation('series');
  const state = passSaleState(sale);
  return (
    <Badge color={STATE_COLORS[state]} variant={state === 'paid' ? 'filled' : 'outline'} data-testid="pass-sale-status">
      {t(`sales.status.${state}`)}
    </Badge>
  );
}

function RefundButton({ sale, onRefund }: { sale: TPassPurchaseListItem; onRefund: () => void }) {
  const { t } = useTranslation('series');
  if (passRefundLeft(sale) === 0) return null;
  const name = `${sale.firstName} ${sale.lastName}`;
  return (
    <Button size="compact-sm" variant="default" onClick={onRefund} aria-label={t('sales.refundOf', { name })}>
      {t('sales.refund')}
    </Button>
  );
}

/** The series' season passes sold, newest first: who bought which, what they paid, and a refund. */
export function SeriesPassSales({ series }: { series: TSeries }) {
  const { t } = useTranslation('series');
  const headingId = useId();
  const sales = useSeriesPassSales(series.id);
  const isWide = useMediaQuery(TABLE_QUERY, undefined, { getInitialValueInEffect: false });
  const [refunding, setRefunding] = useState<TPassPurchaseListItem | null>(null);
  const money = (sale: TPassPurchaseListItem) => {
    const paid = formatMoney(sale.amount, sale.currency, currentLanguage());
    if (sale.refundedAmount === 0) return paid;
    const refunded = formatMoney(sale.refundedAmount, sale.currency, currentLanguage());
    return t('sales.amountRefunded', { paid, refunded });
  };

  let content;
  if (sales.isPending) content = <PageLoader label={t('sales.loading')} />;
  else if (sales.isError)
    content = <QueryError error={sales.error} onRetry={() => void sales.refetch()} what={t('sales.what')} />;
  else if (sales.data.length === 0)
    content = (
      <Text c="dimmed" size="sm" role="status">
        {t('sales.empty')}
      </Text>
    );
  else if (isWide)
    content = (
      <Table striped aria-labelledby={headingId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sales.name')}</Table.Th>
            <Table.Th>{t('sales.email')}</Table.Th>
            <Table.Th>{t('sales.pass')}</Table.Th>
            <Table.Th>{t('sales.amount')}</Table.Th>
            <Table.Th>{t('sales.statusLabel')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('sales.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.data.map((sale) => (
            <Table.Tr key={sale.id} data-testid="pass-sale">
              <Table.Td>
                {sale.firstName} {sale.lastName}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{sale.email}</Table.Td>
              <Table.Td>{sale.passName}</Table.Td>
              <Table.Td>{money(sale)}</Table.Td>
              <Table.Td>
                <SaleState sale={sale} />
              </Table.Td>
              <Table.Td>
                <RefundButton sale={sale} onRefund={() => setRefunding(sale)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  else
    content = (
      <Stack gap="xs">
        {sales.data.map((sale) => (
          <Card key={sale.id} withBorder padding="sm" data-testid="pass-sale">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {sale.firstName} {sale.lastName}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {sale.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {sale.passName} · {money(sale)}
                </Text>
                <Group gap="xs" mt={4}>
                  <RefundButton sale={sale} onRefund={() => setRefunding(sale)} />
                </Group>
              </Stack>
              <SaleState sale={sale} />
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" mt="xl" maw={1100}>
      <Title order={2} id={headingId} fz="xl">
        {t('sales.title')}
      </Title>
      {content}
      <PassRefundDialog sale={refunding} opened={refunding !== null} onClose={() => setRefunding(null)} />
    </Stack>
  );
}
