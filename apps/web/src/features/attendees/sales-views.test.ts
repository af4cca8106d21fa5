import { beforeAll, describe, expect, it } from 'vitest';
import {
  countText,
  ordersInView,
  readExtrasView,
  readOrdersView,
  readTab,
  tabParams,
  toExtrasPurchasesQuery,
  toOrdersQuery,
  writeExtrasView,
  writeOrdersView,
} from './sales-views';
import { i18n, startI18n } from '../../i18n/i18n';

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('attendees');
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
  it('asks the server for every order with money by default (refunded ones too), all on request, a page at a time', () => {
    expect(toOrdersQuery('e1', readOrdersView(new URLSearchParams()))).toEqual({
      eventId: 'e1',
      paymentStatus: 'withMoney',
      page: 1,
      pageSize: 20,
    });
    const all = readOrdersView(writeOrdersView({ filter: 'all', page: 3 }));
    expect(toOrdersQuery('e1', all)).toEqual({ eventId: 'e1', page: 3, pageSize: 20 });
  });

  it('lists the orders to refund on their own, kept in the address', () => {
    const view = readOrdersView(writeOrdersView({ filter: 'refund', page: 1 }));
    expect(view).toEqual({ filter: 'refund', page: 1 });
    expect(toOrdersQuery('e1', view)).toEqual({
      eventId: 'e1',
      paymentStatus: 'refund_required',
      page: 1,
      pageSize: 20,
    });
  });

  it('counts the orders of the view from the event’s counts', () => {
    const counts = { total: 9, paid: 4, refunded: 2, refundRequired: 1 };
    expect(ordersInView(counts, { filter: 'paid', page: 1 })).toBe(7);
    expect(ordersInView(counts, { filter: 'all', page: 2 })).toBe(9);
    expect(ordersInView(counts, { filter: 'refund', page: 1 })).toBe(1);
  });

  it('counts in words', () => {
    expect(countText(1, 0, 0, 20, ['order', 'orders'])).toBe('No orders');
    expect(countText(2, 5, 25, 20, ['order', 'orders'])).toBe('Showing 21–25 of 25 orders');
    expect(countText(1, 1, 1, 20, ['order', 'orders'])).toBe('Showing 1–1 of 1 order');
  });
});
