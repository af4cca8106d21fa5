import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { endpoints, type TExtrasVoucher, type TRegistration } from '@clubtix/contract';
import { purchaseKit } from '@clubtix/seed-kit';
import { registrations } from '../src/db/schema';
import { expireLapsedHolds } from '../src/modules/purchase/hold/holds.repo';
import { type TestApp } from './helpers';
import { appTransport, callEndpoint } from './call-endpoint';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

/** Steps 1 and 2 of buying (docs/product.md section 15): tickets held, one per person, and filled in. */
export async function holdTickets(
  t: TestApp,
  eventId: string,
  ticketId: string,
  buyerEmail: string,
  people: Person[],
): Promise<TRegistration> {
  const purchase = purchaseKit(appTransport(t));
  const init = await purchase.hold({ eventId, email: buyerEmail, tickets: [{ ticketId, quantity: people.length }] });
  const { registrationId, qrUuid } = init.registration;
  return purchase.fillIn({
    registrationId,
    qrUuid,
    attendees: init.registration.attendees.map((slot, i) => ({ attendeeId: slot.attendeeId, ...people[i]! })),
    answers: {},
  });
}

/**
 * Steps 3 and 4: priced (with `extras` bought alongside, if any), paid with the simulated provider's
 * good card. Answers the payment (to confirm again), the registration as the confirmation answered
 * it, and the vouchers of the extras.
 */
export async function payFor(
  t: TestApp,
  registration: TRegistration,
  extras: { extrasId: string; quantity: number }[] = [],
): Promise<{ paymentIntentId: string; registration: TRegistration; extrasVouchers: TExtrasVoucher[] }> {
  const { registrationId, qrUuid } = registration;
  const purchase = purchaseKit(appTransport(t));
  const { order } = await purchase.price(
    extras.length > 0 ? { registrationId, qrUuid, extras } : { registrationId, qrUuid },
  );
  const intent = await purchase.startPayment({ orderId: order.id });
  const paid = await confirmPayment(t, intent.paymentIntentId);
  expect(paid.status, paid.body.msg).toBe(200);
  const payload = paid.body.payload as { registration: TRegistration; extrasVouchers?: TExtrasVoucher[] };
  expect(payload.registration.status).toBe('confirmed');
  return {
    paymentIntentId: intent.paymentIntentId,
    registration: payload.registration,
    extrasVouchers: payload.extrasVouchers ?? [],
  };
}

/** Steps 3 and the start of 4: priced and a payment started, not yet paid (the hold stays pending). */
export async function startPayment(t: TestApp, registration: Pick<TRegistration, 'registrationId' | 'qrUuid'>) {
  const { registrationId, qrUuid } = registration;
  const purchase = purchaseKit(appTransport(t));
  const { order } = await purchase.price({ registrationId, qrUuid });
  return purchase.startPayment({ orderId: order.id });
}

export const confirmPayment = (t: TestApp, paymentIntentId: string) =>
  callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId, testCard: '4242 4242 4242 4242' } });

/** The whole purchase, as a visitor makes it: held, filled in, paid; the registration is confirmed. */
export async function buyTickets(
  t: TestApp,
  eventId: string,
  ticketId: string,
  buyerEmail: string,
  people: Person[],
): Promise<{ registration: TRegistration; paymentIntentId: string; extrasVouchers: TExtrasVoucher[] }> {
  return payFor(t, await holdTickets(t, eventId, ticketId, buyerEmail, people));
}

/** A hold whose RESERVATION_MINUTES ran out, released by the sweep as the background job would. */
export async function lapseHold(t: Pick<TestApp, 'db'>, registrationId: string): Promise<void> {
  await t.db
    .update(registrations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(registrations.id, registrationId));
  await expireLapsedHolds(t.db);
}
