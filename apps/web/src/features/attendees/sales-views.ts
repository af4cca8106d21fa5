import type { endpoints, QueryOf, TOrderCounts } from '@clubtix/contract';
import { i18n } from '../../i18n/i18n';

/**
 * The attendee page's other views, the extras bought and the orders, kept in the address like the
 * attendee list (?tab=extras&redeemed=false&page=2) so a reload or a shared link shows the same.
 * Free of React so it is tested.
 */

export const ATTENDEE_TABS = ['attendees', 'extras', 'orders'] as const;
export type AttendeeTab = (typeof ATTENDEE_TABS)[number];

export const TAB_KEYS = {
  attendees: 'attendees:tabs.attendees',
  extras: 'attendees:tabs.extras',
  orders: 'attendees:tabs.orders',
} as const satisfies Record<AttendeeTab, string>;

export function readTab(params: URLSearchParams): AttendeeTab {
  const tab = params.get('tab');
  return (ATTENDEE_TABS as readonly (string | null)[]).includes(tab) ? (tab as AttendeeTab) : 'attendees';
}

/** A tab's own address: switching tabs starts that view afresh, the attendee list at its plain URL. */
export function tabParams(tab: AttendeeTab): URLSearchParams {
  return new URLSearchParams(tab === 'attendees' ? {} : { tab });
}

const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** docs/product.md section 4: Not Redeemed (false), Redeemed (true), and the empty choice, everything. */
export const REDEEMED_FILTERS = ['all', 'not-redeemed', 'redeemed'] as const;
export type RedeemedFilter = (typeof REDEEMED_FILTERS)[number];

export const REDEEMED_KEYS = {
  all: 'attendees:extras.all',
  'not-redeemed': 'attendees:extras.notRedeemed',
  redeemed: 'attendees:extras.redeemed',
} as const satisfies Record<RedeemedFilter, string>;

export const EXTRAS_PAGE_SIZE = 25;

export interface ExtrasView {
  filter: RedeemedFilter;
  page: number;
}

export function readExtrasView(params: URLSearchParams): ExtrasView {
  const redeemed = params.get('redeemed');
  return {
    filter: redeemed === 'true' ? 'redeemed' : redeemed === 'false' ? 'not-redeemed' : 'all',
    page: pageOf(params),
  };
}

export function writeExtrasView(view: ExtrasView): URLSearchParams {
  const params = tabParams('extras');
  if (view.filter !== 'all') params.set('redeemed', view.filter === 'redeemed' ? 'true' : 'false');
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** getExtrasPurchasesByEventId's query for a view; the empty choice sends redeemed empty. */
export function toExtrasPurchasesQuery(
  eventId: string,
  view: ExtrasView,
  pageSize = EXTRAS_PAGE_SIZE,
): QueryOf<typeof endpoints.extras.getExtrasPurchasesByEventId> {
  const redeemed = view.filter === 'redeemed' ? 'true' : view.filter === 'not-redeemed' ? 'false' : '';
  return { eventId, redeemed, page: view.page, pageSize };
}

/**
 * Orders with money (`paid`: paid, refunded in part or in full, to refund; the default), those to
 * refund (docs/product.md section 19: refunded from this list), or all, lapsed holds included.
 */
export const ORDER_FILTERS = ['paid', 'refund', 'all'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
export const ORDERS_PAGE_SIZE = 20;

export interface OrdersView {
  filter: OrderFilter;
  page: number;
}

export function readOrdersView(params: URLSearchParams): OrdersView {
  const status = params.get('status');
  return { filter: status === 'all' ? 'all' : status === 'refund' ? 'refund' : 'paid', page: pageOf(params) };
}

export function writeOrdersView(view: OrdersView): URLSearchParams {
  const params = tabParams('orders');
  if (view.filter !== 'paid') params.set('status', view.filter);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/**
 * getOrdersByEventId's query for a view: every order that took money, or those to refund, unless all
 * are asked for (lapsed holds too); the server pages them, newest first.
 */
export function toOrdersQuery(
  eventId: string,
  view: OrdersView,
  pageSize = ORDERS_PAGE_SIZE,
): QueryOf<typeof endpoints.order.getOrdersByEventId> {
  const paymentStatus =
    view.filter === 'paid'
      ? ('withMoney' as const)
      : view.filter === 'refund'
        ? ('refund_required' as const)
        : undefined;
  return { eventId, ...(paymentStatus ? { paymentStatus } : {}), page: view.page, pageSize };
}

/** How many orders a view has, from the event's counts. */
export const ordersInView = (counts: TOrderCounts, view: OrdersView) =>
  view.filter === 'paid'
    ? counts.paid + counts.refunded + counts.refundRequired
    : view.filter === 'refund'
      ? counts.refundRequired
      : counts.total;

/**
 * "Showing 1–20 of 45 orders"; `what` says what is counted: orders or extras, in the `attendees`
 * catalogue (loaded by the views), or a noun already translated, [one, many].
 */
export function countText(
  page: number,
  shown: number,
  total: number,
  pageSize: number,
  what: 'orders' | 'extras' | [string, string],
) {
  const first = (page - 1) * pageSize + 1;
  if (Array.isArray(what)) {
    if (total === 0 || shown === 0) return i18n.t('attendees:counts.none', { things: what[1] });
    const noun = total === 1 ? what[0] : what[1];
    return i18n.t('attendees:counts.range', { first, last: first + shown - 1, total, noun });
  }
  if (total === 0 || shown === 0) return i18n.t(`attendees:counts.${what}None`);
  return i18n.t(`attendees:counts.${what}`, { first, last: first + shown - 1, count: total });
}
