import { formatMoney, type TOrderListItem } from '@clubtix/contract';
import { Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/zoned-time';
import { discountLabel, orderMoney, REFUND_SOURCE_LABELS, refundableAmount } from '../order-money';
import { useOrderWithItems } from '../sales-api';
import { OrderStatus } from './order-status';

function MoneySummary({ order }: { order: TOrderListItem }) {
  const money = orderMoney(order);
  const format = (amount: number) => formatMoney(amount, order.currency);
  const rows: Array<[string, string, string]> = [['Gross', format(money.gross), 'gross']];
  if (money.discount > 0) rows.push([discountLabel(order.discountCode), `−${format(money.discount)}`, 'discount']);
  rows.push(['Paid', format(money.paid), 'paid']);
  if (money.refunded > 0) rows.push(['Refunded', `−${format(money.refunded)}`, 'refunded']);
  rows.push(['Net', format(money.net), 'net']);
  return (
    <Table aria-label="Order amounts" withRowBorders={false} verticalSpacing={2} maw={360} ml="auto">
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
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} fz="sm">
        Refunds
      </Title>
      <Table aria-label="Refunds" data-testid="order-refunds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>By, and why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refunds.map((refund) => (
            <Table.Tr key={refund.id}>
              <Table.Td>{formatDateTime(refund.createdAt, timeZone)}</Table.Td>
              <Table.Td ta="right">{formatMoney(refund.amount, order.currency)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {REFUND_SOURCE_LABELS[refund.source]}
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
  const order = useOrderWithItems(orderId);
  return (
    <Modal opened={orderId !== null} onClose={onClose} title="Order" size="lg">
      {order.isPending ? (
        <PageLoader label="Loading the order" />
      ) : order.isError ? (
        <QueryError error={order.error} onRetry={() => void order.refetch()} what="the order" />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text ff="monospace" size="sm" title={order.data.id}>
              Order {order.data.id.slice(0, 8)} · Reg. {order.data.registrationId.slice(0, 8)}
            </Text>
            <OrderStatus order={order.data} />
          </Group>
          {/* No scrolling box: three columns fit a phone, and a scrolling one would need a tab stop (axe). */}
          <Table aria-label="Order items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.data.items.map((item, index) => (
                <Table.Tr key={index}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.name}</Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.amount, order.data.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <MoneySummary order={order.data} />
          <Refunds order={order.data} timeZone={timeZone} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Bought by {order.data.buyerEmail}
          </Text>
          <Text size="sm" c="dimmed">
            Ordered {formatDateTime(order.data.createdAt, timeZone)}
            {order.data.paidAt ? ` · paid ${formatDateTime(order.data.paidAt, timeZone)}` : ''}
          </Text>
          {refundableAmount(order.data) > 0 ? (
            <Group justify="flex-end">
              <Button color="red.9" variant="outline" onClick={() => onRefund(order.data)}>
                Refund
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
