import { endpoints, type Endpoint } from '@clubtix/contract';

/**
 * The public calls that go without the session token, exactly as docs/product.md section 6 lists them:
 * event by slug, event, all events, club, registration init, save and by email, payment-intent
 * create, confirm and registration-from-payment, tickets by event and by id, order create, extras
 * purchase, extras by event and by ids, packages by event, and /info.
 */
export const TOKENLESS_CALLS: readonly Endpoint[] = [
  endpoints.event.getEventBySlug,
  endpoints.event.getEvent,
  endpoints.event.getAllEvents,
  endpoints.club.getClub,
  endpoints.registration.initRegistration,
  endpoints.registration.save,
  endpoints.registration.getRegistrationByEmail,
  endpoints.stripe.createPaymentIntent,
  endpoints.stripe.confirmPayment,
  endpoints.stripe.getRegistrationFromPayment,
  endpoints.ticket.getTicketsByEventId,
  endpoints.ticket.getTicketById,
  endpoints.order.createOrder,
  endpoints.extrasPurchase.purchaseExtras,
  endpoints.extras.getExtrasByEventId,
  endpoints.extras.getExtrasByIds,
  endpoints.sponsorshipPackage.getPackagesByEventId,
  endpoints.system.info,
];

const callKey = (endpoint: Pick<Endpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;
const tokenless = new Set(TOKENLESS_CALLS.map(callKey));

/**
 * Whether a call carries the session token (docs/product.md section 6): every call does when one is held,
 * except the public calls of TOKENLESS_CALLS, so a visitor's page looks the same signed in or not.
 * Of those, the reads marked `optionalAuth` show a club's own admins their drafts and inactive
 * items when the call site asks for that (`asManager`): the admin screens do, public pages never do.
 */
export function shouldSendToken(
  endpoint: Pick<Endpoint, 'method' | 'path' | 'optionalAuth'>,
  hasToken: boolean,
  asManager: boolean,
): boolean {
  if (!hasToken) return false;
  if (!tokenless.has(callKey(endpoint))) return true;
  return endpoint.optionalAuth === true && asManager;
}
