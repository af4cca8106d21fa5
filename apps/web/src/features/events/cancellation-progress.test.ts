import type { TEventCancellation } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancellationProgress } from './cancellation-progress';
import { i18n, startI18n } from '../../i18n/i18n';

const base: TEventCancellation = {
  eventId: 'e1',
  refundAll: true,
  ordersToRefund: 30,
  ordersRefunded: 12,
  ordersFailed: 0,
  finished: false,
  createdAt: '2026-11-26T02:00:00Z',
};

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('events');
});

describe("an event's cancellation progress", () => {
  it('counts refunded orders of those to refund while it goes on', () => {
    expect(cancellationProgress(base)).toEqual({
      percent: 40,
      text: '12 of 30 orders refunded',
      status: 'Refunding… this goes on if you leave the page.',
    });
  });

  it('counts failures as done and says where they are listed', () => {
    const progress = cancellationProgress({ ...base, ordersRefunded: 29, ordersFailed: 1, finished: true });
    expect(progress.percent).toBe(100);
    expect(progress.text).toBe(
      '29 of 30 orders refunded · 1 order refused by the payment provider: listed under Attendees, Orders, To refund',
    );
    expect(progress.status).toMatch(/^The event is cancelled/);
  });

  it('is complete at once without refunds or without paid orders', () => {
    expect(cancellationProgress({ ...base, refundAll: false, ordersToRefund: 0, ordersRefunded: 0 }).text).toBe(
      'No refunds were asked for.',
    );
    expect(cancellationProgress({ ...base, ordersToRefund: 0, ordersRefunded: 0, finished: true })).toMatchObject({
      percent: 100,
      text: 'There were no paid orders to refund.',
    });
  });
});
