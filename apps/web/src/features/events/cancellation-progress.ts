import type { TEventCancellation } from '@clubtix/contract';
import { i18n } from '../../i18n/i18n';

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

// Callers (the cancellation views) load the `events` catalogue.
const say = (key: string, params: Record<string, unknown> = {}) => i18n.t(`events:progress.${key}`, params);

export function cancellationProgress(cancellation: TEventCancellation): CancellationProgress {
  const { ordersToRefund, ordersRefunded, ordersFailed, finished, refundAll } = cancellation;
  if (!refundAll) {
    return {
      percent: 100,
      text: say('noRefunds'),
      status: say('salesStopped'),
    };
  }
  const done = ordersRefunded + ordersFailed;
  const percent = ordersToRefund === 0 ? 100 : Math.min(100, Math.round((done / ordersToRefund) * 100));
  const failed = ordersFailed > 0 ? ` · ${say('failed', { count: ordersFailed })}` : '';
  const text =
    ordersToRefund === 0
      ? say('noPaidOrders')
      : `${say('refunded', { refunded: ordersRefunded, count: ordersToRefund })}${failed}`;
  const status = finished ? say('finished') : say('going');
  return { percent, text, status };
}
