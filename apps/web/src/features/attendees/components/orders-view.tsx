import { formatMoney, type TEvent, type TOrder } from '@clubtix/contract';
import { Badge, Button, Card, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '../../../components/list-pagination';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/zoned-time';
import { TEXT_SAFE_GREEN } from '../../../theme';
import { useEventOrders, useOrderCounts, useOrderWithItems } from '../sales-api';
import { countText, ORDERS_PAGE_SIZE, ordersInView, type OrdersView } from '../sales-views';

interface Props {
  event: Pick<TEvent, 'id' | 'timezone'>;
  view: OrdersView;
  onChange: (view: OrdersView) => void;
}

const STATUS: Record<TOrder['paymentStatus'], { label: string; color: string; variant: 'filled' | 'outline' }> = {
  paid: { label: 'Paid', color: TEXT_SAFE_GREEN, variant: 'filled' },
  pending: { label: 'Not paid', color: 'gray.7', variant: 'outline' },
  failed: { label: 'Failed', color: 'gray.7', variant: 'outline' },
  // Paid after its hold lapsed with no seats left (docs/product.md section 15.5), or its registration was
  // deleted (docs/decisions/0006-attendee-data.md): the admin must refund it.
  refund_required: { label: 'Refund required', color: 'red.8', variant: 'filled' },
  partially_refunded: { label: 'Partly refunded', color: 'gray.7', variant: 'filled' },
  refunded: { label: 'Refunded', color: 'gray.7', variant: 'outline' },
};

function OrderStatus({ order }: { order: TOrder }) {
  const status = STATUS[order.paymentStatus];
  return (
    <Badge color={status.color} variant={status.variant} style={{ flex: 'none' }}>
      {status.label}
    </Badge>
  );
}

function OrderDetails({
  orderId,
  timeZone,
  onClose,
}: {
  orderId: string | null;
  timeZone: string;
  onClose: () => void;
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
          <Table.ScrollContainer minWidth={360}>
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
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td ta="right">{item.quantity}</Table.Td>
                    <Table.Td ta="right">{formatMoney(item.amount, order.data.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text fw={700} ta="right">
            Total {formatMoney(order.data.amount, order.data.currency)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Bought by {order.data.buyerEmail}
          </Text>
          <Text size="sm" c="dimmed">
            Ordered {formatDateTime(order.data.createdAt, timeZone)}
            {order.data.paidAt ? ` · paid ${formatDateTime(order.data.paidAt, timeZone)}` : ''}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

/** The event's orders with their payment status: paid ones, or all (unpaid and to refund too). */
export function OrdersView({ event, view, onChange }: Props) {
  const orders = useEventOrders(event.id, view);
  const counts = useOrderCounts(event.id);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  const toRefund = counts.data?.refundRequired ?? 0;
  const total = counts.data ? ordersInView(counts.data, view) : null;
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / ORDERS_PAGE_SIZE));

  let content;
  if (orders.isPending) content = <PageLoader label="Loading orders" />;
  else if (orders.isError)
    content = <QueryError error={orders.error} onRetry={() => void orders.refetch()} what="the orders" />;
  else if (orders.data.length === 0)
    content = (
      <Text c="dimmed" size="sm" py="md" role="status">
        {view.page > 1 ? 'No orders on this page.' : view.filter === 'paid' ? 'No paid orders yet.' : 'No orders yet.'}
      </Text>
    );
  else
    content = (
      <Stack gap="xs">
        {orders.data.map((order) => (
          <Card key={order.id} withBorder padding="sm" data-testid="order">
            <Group justify="space-between" align="center" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{formatMoney(order.amount, order.currency)}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {order.buyerEmail}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(order.createdAt, event.timezone)} · Reg. {order.registrationId.slice(0, 8)}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <OrderStatus order={order} />
                <Button size="xs" variant="light" onClick={() => setOpenOrderId(order.id)}>
                  Items
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      {toRefund > 0 ? (
        <Text c="red.8" fw={600} role="alert">
          {toRefund === 1 ? '1 order needs a refund' : `${toRefund} orders need a refund`} (paid after the tickets ran
          out, or for a deleted registration): refund {toRefund === 1 ? 'it' : 'them'} through your payment provider.
        </Text>
      ) : null}
      <SegmentedControl
        aria-label="Payment status"
        data={[
          { value: 'paid', label: 'Paid' },
          { value: 'all', label: 'All' },
        ]}
        value={view.filter}
        onChange={(value) => onChange({ filter: value, page: 1 })}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {orders.data && total !== null
          ? countText(view.page, orders.data.length, total, ORDERS_PAGE_SIZE, ['order', 'orders'])
          : '\u00a0'}
      </Text>
      <div style={{ opacity: orders.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{content}</div>
      <ListPagination pageCount={pageCount} page={view.page} onChange={(page) => onChange({ ...view, page })} />
      <OrderDetails orderId={openOrderId} timeZone={event.timezone} onClose={() => setOpenOrderId(null)} />
    </Stack>
  );
}
