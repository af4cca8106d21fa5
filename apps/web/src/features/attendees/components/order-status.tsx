import type { TOrder } from '@clubtix/contract';
import { Badge } from '@mantine/core';
import { TEXT_SAFE_GREEN } from '../../../theme';

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

export function OrderStatus({ order }: { order: Pick<TOrder, 'paymentStatus'> }) {
  const status = STATUS[order.paymentStatus];
  return (
    <Badge color={status.color} variant={status.variant} style={{ flex: 'none' }} data-testid="order-status">
      {status.label}
    </Badge>
  );
}

/** How the box office was paid (docs/decisions/0034-box-office.md); online orders show nothing more. */
const DOOR_METHODS: Record<string, string> = {
  cash: 'Box office · cash',
  card_terminal: 'Box office · card terminal',
  complimentary: 'Box office · complimentary',
};

export const doorMethodLabel = (order: Pick<TOrder, 'paymentMethod'>): string | null =>
  (order.paymentMethod && DOOR_METHODS[order.paymentMethod]) ?? null;
