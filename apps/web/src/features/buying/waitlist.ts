import type { TEvent, TTicket } from '@clubtix/contract';
import { isApiError } from '../../api/api-error';
import { i18n } from '../../i18n/i18n';
import { isNoneLeft } from '../public/ticket-offer';

/** The contract's cap on a waiting-list request (ZJoinWaitlistRequest). */
const WAITLIST_QUANTITY_CAP = 100;

/** The most tickets one person may ask for on a waiting list: what one order could hold. */
export function waitlistMax(ticketMax: number, eventMax: number): number {
  return Math.max(1, Math.min(ticketMax, eventMax, WAITLIST_QUANTITY_CAP));
}

/** What the buyer is told once on the list. */
export function waitlistPlaceText(position: number): string {
  return i18n.t('buying:waitlist.place', { position });
}

/**
 * Whether a ticket type offers its waiting list: none is left (sold, or held by buyers paying) while its event still sells (not
 * ended, the registration window open) and its own sales have not ended. Tickets coming back after
 * the sale is over would have nobody to go to. A hidden type (opened by an access code) has no list.
 */
export function offersWaitlist(
  ticket: Pick<TTicket, 'available' | 'salesStartAt' | 'salesEndAt' | 'hidden'> &
    Partial<Pick<TTicket, 'held' | 'heldUntil'>>,
  event: Pick<TEvent, 'endDate' | 'registrationOpensAt' | 'registrationClosesAt'>,
  now: Date,
): boolean {
  if (ticket.hidden || !isNoneLeft(ticket, now)) return false;
  const at = now.getTime();
  if (Date.parse(event.endDate) < at) return false;
  if (event.registrationClosesAt && Date.parse(event.registrationClosesAt) < at) return false;
  if (event.registrationOpensAt && Date.parse(event.registrationOpensAt) > at) return false;
  return !(ticket.salesEndAt && Date.parse(ticket.salesEndAt) < at);
}

/** Why an offer's link did not hold the tickets, in the buyer's words. */
export function offerRefusalText(error: unknown): string {
  if (isApiError(error) && (error.status === 409 || error.status === 404 || error.status === 400)) {
    const reason = /[.!?]$/.test(error.msg) ? error.msg : `${error.msg}.`;
    return i18n.t('buying:waitlist.refusedReason', { reason });
  }
  return i18n.t('buying:waitlist.refusedOffline');
}
