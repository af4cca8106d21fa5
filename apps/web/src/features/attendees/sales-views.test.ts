import type { TOrder } from '@clubtix/contract';
import { describe, expect, it } from 'vitest';
import {
  countText,
  ordersPage,
  readExtrasView,
  readOrdersView,
  readTab,
  tabParams,
  toExtrasPurchasesQuery,
  writeExtrasView,
  writeOrdersView,
} from './sales-views';

const order = (id: string, paymentStatus: TOrder['paymentStatus'], createdAt: string): TOrder => ({
  id,
  eventId: 'e1',
  registrationId: `r-${id}`,
  amount: 1000,
  currency: 'gbp',
  paymentStatus,
  createdAt,
  paidAt: null,
  items: [],
});

describe('attendee page tabs', () => {
  it('reads the tab from the address, the attendee list when missing or unknown', () => {
    expect(readTab(new URLSearchParams('tab=extras'))).toBe('extras');
    expect(readTab(new URLSearchParams('tab=orders'))).toBe('orders');
    expect(readTab(new URLSearchParams('tab=nonsense'))).toBe('attendees');
    expect(readTab(new URLSearchParams())).toBe('attendees');
    expect(tabParams('attendees').toString()).toBe('');
    expect(tabParams('orders').toString()).toBe('tab=orders');
  });
});

describe('the extras view', () => {
  it('keeps the filter and page in the address and back', () => {
    for (const view of [
      { filter: 'all', page: 1 },
      { filter: 'redeemed', page: 3 },
      { filter: 'not-redeemed', page: 1 },
    ] as const) {
      expect(readExtrasView(writeExtrasView(view))).toEqual(view);
    }
    expect(writeExtrasView({ filter: 'not-redeemed', page: 2 }).toString()).toBe('tab=extras&redeemed=false&page=2');
    expect(readExtrasView(new URLSearchParams('redeemed=maybe&page=-4'))).toEqual({ filter: 'all', page: 1 });
  });

  it('asks the server with redeemed true, false or empty, as SPEC section 4 says', () => {
    expect(toExtrasPurchasesQuery('e1', { filter: 'redeemed', page: 2 })).toEqual({
      eventId: 'e1',
      redeemed: 'true',
      page: 2,
      pageSize: 25,
    });
    expect(toExtrasPurchasesQuery('e1', { filter: 'not-redeemed', page: 1 }).redeemed).toBe('false');
    expect(toExtrasPurchasesQuery('e1', { filter: 'all', page: 1 }).redeemed).toBe('');
  });
});

describe('the orders view', () => {
  const orders = [
    order('a', 'paid', '2026-11-01T10:00:00.000Z'),
    order('b', 'pending', '2026-11-02T10:00:00.000Z'),
    order('c', 'refund_required', '2026-11-03T10:00:00.000Z'),
    order('d', 'paid', '2026-11-04T10:00:00.000Z'),
  ];

  it('shows paid orders by default, newest first, and all of them on request', () => {
    expect(ordersPage(orders, readOrdersView(new URLSearchParams())).orders.map((o) => o.id)).toEqual(['d', 'a']);
    const all = ordersPage(orders, readOrdersView(writeOrdersView({ filter: 'all', page: 1 })));
    expect(all.orders.map((o) => o.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(all.total).toBe(4);
  });

  it('pages, and a page past the end shows the last one', () => {
    const page = ordersPage(orders, { filter: 'all', page: 9 }, 3);
    expect(page).toMatchObject({ page: 2, pageCount: 2, total: 4 });
    expect(page.orders.map((o) => o.id)).toEqual(['a']);
  });

  it('counts in words', () => {
    expect(countText(1, 0, 0, 20, ['order', 'orders'])).toBe('No orders');
    expect(countText(2, 5, 25, 20, ['order', 'orders'])).toBe('Showing 21–25 of 25 orders');
    expect(countText(1, 1, 1, 20, ['order', 'orders'])).toBe('Showing 1–1 of 1 order');
  });
});
