import type { TOrder } from '@clubtix/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { TEXT_SAFE_GREEN } from '../../../theme';

// key: the status's words in the catalogues.
const STATUS: Record<TOrder['paymentStatus'], { key: string; color: string; variant: 'filled' | 'outline' }> = {
  paid: { key: 'attendees:orderStatus.paid', color: TEXT_SAFE_GREEN, variant: 'filled' },
  pending: { key: 'attendees:orderStatus.pending', color: 'gray.7', variant: 'outline' },
  failed: { key: 'attendees:orderStatus.failed', color: 'gray.7', variant: 'outline' },
  // Paid after its hold lapsed with no seats left (docs/product.md section 15.5), or its registration was
  // deleted (docs/decisions/0006-attendee-data.md): the admin must refund it.
  refund_required: { key: 'attendees:orderStatus.refundRequired', color: 'red.8', variant: 'filled' },
  partially_refunded: { key: 'attendees:orderStatus.partlyRefunded', color: 'gray.7', variant: 'filled' },
  refunded: { key: 'attendees:orderStatus.refunded', color: 'gray.7', variant: 'outline' },
  // A hold that lapsed unpaid: nothing is owed (docs/decisions/0069-money-screens-agree.md).
  expired: { key: 'attendees:orderStatus.expired', color: 'gray.7', variant: 'outline' },
};

export function OrderStatus({ order }: { order: Pick<TOrder, 'paymentStatus'> }) {
  const { t } = useTranslation('attendees');
  const status = STATUS[order.paymentStatus];
  return (
    <Badge color={status.color} variant={status.variant} style={{ flex: 'none' }} data-testid="order-status">
      {t(status.key)}
    </Badge>
  );
}

/** How the box office was paid (docs/decisions/0034-box-office.md); online orders show nothing more. */
const DOOR_METHODS: ReadonlySet<string> = new Set(['cash', 'card_terminal', 'complimentary']);

/** Read where the `attendees` catalogue is loaded (the orders view). */
export const doorMethodLabel = (order: Pick<TOrder, 'paymentMethod'>): string | null =>
  order.paymentMethod && DOOR_METHODS.has(order.paymentMethod)
    ? i18n.t(`attendees:doorMethods.${order.paymentMethod}`)
    : null;
