import type { TEventCancellation } from '@clubtix/contract';

/**
 * What the admin reads of an event's cancellation while its refunds go on (docs/product.md
 * section 19). Free of React so it is tested.
 */
export interface CancellationProgress {
  /** 0-100, for the bar: orders done (refunded or failed) of those to refund. */
  percent: number;
  /** "12 of 30 orders refunded" and what failed. */
  text: string;
  /** What happens next, once finished or while going on. */
  status: string;
}

const orders = (count: number) => (count === 1 ? '1 order' : `${count} orders`);

export function cancellationProgress(cancellation: TEventCancellation): CancellationProgress {
  const { ordersToRefund, ordersRefunded, ordersFailed, finished, refundAll } = cancellation;
  if (!refundAll) {
    return {
      percent: 100,
      text: 'No refunds were asked for.',
      status: 'The event is cancelled: its sales have stopped.',
    };
  }
  const done = ordersRefunded + ordersFailed;
  const percent = ordersToRefund === 0 ? 100 : Math.min(100, Math.round((done / ordersToRefund) * 100));
  const failed =
    ordersFailed > 0
      ? ` · ${orders(ordersFailed)} refused by the payment provider: listed under Attendees, Orders, To refund`
      : '';
  const text =
    ordersToRefund === 0
      ? 'There were no paid orders to refund.'
      : `${ordersRefunded} of ${orders(ordersToRefund)} refunded${failed}`;
  const status = finished
    ? 'The event is cancelled and every buyer refunded has been mailed.'
    : 'Refunding… this goes on if you leave the page.';
  return { percent, text, status };
}
