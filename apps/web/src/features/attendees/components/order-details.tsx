import { formatMoney, type TOrderListItem } from '@clubtix/contract';
import { Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/zoned-time';
import { discountLabel, orderMoney, REFUND_SOURCE_KEYS, refundableAmount } from '../order-money';
import { useOrderWithItems } from '../sales-api';
import { OrderStatus } from './order-status';

function MoneySummary({ order }: { order: TOrderListItem }) {
  const { t } = useTranslation('attendees');
  const money = orderMoney(order);
  const format = (amount: number) => formatMoney(amount, order.currency, currentLanguage());
  const rows: Array<[string, string, string]> = [];
  if (money.discount > 0) {
    rows.push([t('money.subtotal'), format(money.subtotal), 'subtotal']);
    rows.push([discountLabel(order.discountCode), `−${format(money.discount)}`, 'discount']);
  }
  rows.push([t('money.gross'), format(money.gross), 'gross']);
  if (money.refunded > 0) rows.push([t('money.refunded'), `−${format(money.refunded)}`, 'refunded']);
  rows.push([t('money.net'), format(money.net), 'net']);
  return (
    <Table aria-label={t('details.amounts')} withRowBorders={false} verticalSpacing={2} maw={360} ml="auto">
      <Table.Tbody>
        {rows.map(([label, amount, id]) => (
          <Table.Tr key={id} data-testid={`order-${id}`}>
            <Table.Th scope="row" fw={id === 'net' ? 700 : 400}>
              {label}
            </Table.Th>
            <Table.Td ta="right" fw={id === 'net' ? 700 : 400}>
              {amount}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Refunds({ order, timeZone }: { order: TOrderListItem; timeZone: string }) {
  const { t } = useTranslation('attendees');
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} fz="sm">
        {t('details.refunds')}
      </Title>
      <Table aria-label={t('details.refunds')} data-testid="order-refunds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('details.when')}</Table.Th>
            <Table.Th ta="right">{t('details.amount')}</Table.Th>
            <Table.Th>{t('details.byWhy')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refunds.map((refund) => (
            <Table.Tr key={refund.id}>
              <Table.Td>{formatDateTime(refund.createdAt, timeZone)}</Table.Td>
              <Table.Td ta="right">{formatMoney(refund.amount, order.currency, currentLanguage())}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {t(REFUND_SOURCE_KEYS[refund.source])}
                {refund.reason ? `: ${refund.reason}` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** One order in a dialog: its lines, its money from gross to net, its refunds, and Refund. */
export function OrderDetails({
  orderId,
  timeZone,
  onClose,
  onRefund,
}: {
  orderId: string | null;
  timeZone: string;
  onClose: () => void;
  onRefund: (order: TOrderListItem) => void;
}) {
  const { t } = useTranslation('attendees');
  const order = useOrderWithItems(orderId);
  return (
    <Modal opened={orderId !== null} onClose={onClose} title={t('details.title')} size="lg">
      {order.isPending ? (
        <PageLoader label={t('details.loading')} />
      ) : order.isError ? (
        <QueryError error={order.error} onRetry={() => void order.refetch()} what={t('details.what')} />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text ff="monospace" size="sm" title={order.data.id}>
              {t('details.ref', { order: order.data.id.slice(0, 8), reg: order.data.registrationId.slice(0, 8) })}
            </Text>
            <OrderStatus order={order.data} />
          </Group>
          {/* No scrolling box: three columns fit a phone, and a scrolling one would need a tab stop (axe). */}
          <Table aria-label={t('details.items')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('details.item')}</Table.Th>
                <Table.Th ta="right">{t('details.qty')}</Table.Th>
                <Table.Th ta="right">{t('details.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.data.items.map((item, index) => (
                <Table.Tr key={index}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.name}</Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.amount, order.data.currency, currentLanguage())}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <MoneySummary order={order.data} />
          <Refunds order={order.data} timeZone={timeZone} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('details.boughtBy', { email: order.data.buyerEmail })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('details.ordered', { when: formatDateTime(order.data.createdAt, timeZone) })}
            {order.data.paidAt ? ` · ${t('extras.paid', { when: formatDateTime(order.data.paidAt, timeZone) })}` : ''}
          </Text>
          {refundableAmount(order.data) > 0 ? (
            <Group justify="flex-end">
              <Button color="red.9" variant="outline" onClick={() => onRefund(order.data)}>
                {t('ordersView.refund')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
