import { formatMoney, type TEvent, type TOrderListItem } from '@clubtix/contract';
import { Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/zoned-time';
import { orderMoneyLine, refundableAmount } from '../order-money';
import { useEventOrders, useOrderCounts } from '../sales-api';
import { countText, ORDER_FILTERS, ORDERS_PAGE_SIZE, ordersInView, type OrdersView } from '../sales-views';
import { OrderDetails } from './order-details';
import { doorMethodLabel, OrderStatus } from './order-status';
import { RefundDialog } from './refund-dialog';

interface Props {
  event: Pick<TEvent, 'id' | 'timezone'>;
  view: OrdersView;
  onChange: (view: OrdersView) => void;
}

const EMPTY = {
  paid: 'ordersView.emptyPaid',
  refund: 'ordersView.emptyRefund',
  all: 'ordersView.emptyAll',
} as const satisfies Record<OrdersView['filter'], string>;

function OrderCard({
  order,
  timeZone,
  onOpen,
  onRefund,
}: {
  order: TOrderListItem;
  timeZone: string;
  onOpen: () => void;
  onRefund: () => void;
}) {
  const { t } = useTranslation('attendees');
  const moneyLine = orderMoneyLine(order);
  const buyer = order.buyerEmail;
  const doorMethod = doorMethodLabel(order);
  return (
    <Card withBorder padding="sm" data-testid="order">
      <Stack gap={4}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
          {/* A lapsed hold's amount was never owed: shown struck through and dimmed, not as money due. */}
          <Text
            fw={600}
            c={order.paymentStatus === 'expired' ? 'dimmed' : undefined}
            td={order.paymentStatus === 'expired' ? 'line-through' : undefined}
            data-testid="order-amount"
          >
            {formatMoney(order.gross, order.currency, currentLanguage())}
          </Text>
          <OrderStatus order={order} />
        </Group>
        {moneyLine ? (
          <Text size="xs" data-testid="order-money">
            {moneyLine}
          </Text>
        ) : null}
        <Group justify="space-between" align="flex-end" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {buyer}
            </Text>
            {doorMethod ? (
              <Text size="xs" data-testid="order-payment-method">
                {doorMethod}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {formatDateTime(order.createdAt, timeZone)} · {t('table.reg', { id: order.registrationId.slice(0, 8) })}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap" ml="auto">
            {refundableAmount(order) > 0 ? (
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={onRefund}
                aria-label={t('ordersView.refundOf', { buyer })}
              >
                {t('ordersView.refund')}
              </Button>
            ) : null}
            <Button size="xs" variant="light" onClick={onOpen} aria-label={t('ordersView.itemsOf', { buyer })}>
              {t('ordersView.items')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The event's orders with their payment status and money: paid ones, those to refund, or all; each
 * with its details and, while money is left on it, Refund.
 */
export function OrdersView({ event, view, onChange }: Props) {
  const { t } = useTranslation('attendees');
  const orders = useEventOrders(event.id, view);
  const counts = useOrderCounts(event.id);
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  // The order being refunded, and the order dialog to go back to once the refund dialog closes.
  // Kept once closed, so the dialog does not empty during its closing animation.
  const [refunding, setRefunding] = useState<{ order: TOrderListItem; fromDetails: boolean; opened: boolean } | null>(
    null,
  );
  const toRefund = counts.data?.refundRequired ?? 0;
  const total = counts.data ? ordersInView(counts.data, view) : null;
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / ORDERS_PAGE_SIZE));

  const startRefund = (order: TOrderListItem, fromDetails: boolean) =>
    setRefunding({ order, fromDetails, opened: true });
  const closeRefund = () => {
    if (refunding?.fromDetails) setOpenOrderId(refunding.order.id);
    setRefunding((current) => (current ? { ...current, opened: false } : current));
  };

  let content;
  if (orders.isPending) content = <PageLoader label={t('ordersView.loading')} />;
  else if (orders.isError)
    content = <QueryError error={orders.error} onRetry={() => void orders.refetch()} what={t('ordersView.what')} />;
  else if (orders.data.length === 0)
    content = (
      <Text c="dimmed" size="sm" py="md" role="status">
        {view.page > 1 ? t('ordersView.emptyPage') : t(EMPTY[view.filter])}
      </Text>
    );
  else
    content = (
      <Stack gap="xs">
        {orders.data.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            timeZone={event.timezone}
            onOpen={() => setOpenOrderId(order.id)}
            onRefund={() => startRefund(order, false)}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      {toRefund > 0 && view.filter !== 'refund' ? (
        <Group gap="sm" role="alert">
          <Text c="red.8" fw={600}>
            {t('ordersView.needRefund', { count: toRefund })}
          </Text>
          <Button
            size="compact-sm"
            variant="light"
            color="red.9"
            onClick={() => onChange({ filter: 'refund', page: 1 })}
          >
            {t('ordersView.show', { count: toRefund })}
          </Button>
        </Group>
      ) : null}
      <SegmentedControl
        aria-label={t('ordersView.paymentStatus')}
        data={[
          { value: 'paid', label: t('ordersView.paid') },
          { value: 'refund', label: t('ordersView.toRefund') },
          { value: 'all', label: t('ordersView.all') },
        ]}
        value={view.filter}
        onChange={(value) => {
          const filter = ORDER_FILTERS.find((item) => item === value);
          if (filter) onChange({ filter, page: 1 });
        }}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {orders.data && total !== null
          ? countText(view.page, orders.data.length, total, ORDERS_PAGE_SIZE, 'orders')
          : '\u00a0'}
      </Text>
      <div style={{ opacity: orders.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{content}</div>
      <ListPagination pageCount={pageCount} page={view.page} onChange={(page) => onChange({ ...view, page })} />
      <OrderDetails
        orderId={openOrderId}
        timeZone={event.timezone}
        onClose={() => setOpenOrderId(null)}
        onRefund={(order) => {
          setOpenOrderId(null);
          startRefund(order, true);
        }}
      />
      <RefundDialog order={refunding?.order ?? null} opened={refunding?.opened ?? false} onClose={closeRefund} />
    </Stack>
  );
}
