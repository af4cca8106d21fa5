import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TOrder, TPaymentIntent, TRegistration } from '@clubtix/contract';
import type { Page } from 'playwright-core';
import type { AttendeeDetails, SeededEvent } from './fixtures';
import { api, unique } from './helpers';

/** Where the money screens' specs leave their screenshots, phone and desktop, to be looked at. */
export const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-20';

export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

export function person(prefix: string): AttendeeDetails {
  return { firstName: 'Pat', lastName: prefix, email: `${unique(prefix)}@example.org` };
}

/**
 * A purchase of `quantity` tickets of one type by one buyer, with a code if given, paid with the
 * test card, all through the public API as a buyer's browser would.
 */
export async function buyViaApi(
  seeded: SeededEvent,
  buyer: AttendeeDetails,
  {
    ticketId = seeded.adult.id,
    quantity = 1,
    discountCode,
  }: { ticketId?: string; quantity?: number; discountCode?: string } = {},
): Promise<{ registration: TRegistration; order: TOrder }> {
  const expectOk = <T>(what: string, result: { status: number; body: { payload: T } }): T => {
    if (result.status !== 200) throw new Error(`${what} failed with ${result.status}: ${JSON.stringify(result.body)}`);
    return result.body.payload;
  };
  const held = expectOk(
    'Holding tickets',
    await api<{ registration: TRegistration; order: TOrder }>('POST', '/registration/initRegistration', {
      body: {
        eventId: seeded.event.id,
        email: buyer.email,
        tickets: [{ ticketId, quantity }],
        ...(discountCode ? { discountCode } : {}),
      },
    }),
  );
  const secret = { registrationId: held.registration.registrationId, qrUuid: held.registration.qrUuid };
  expectOk(
    'Saving the attendees',
    await api('POST', '/registration/save', {
      body: {
        ...secret,
        attendees: held.registration.attendees.map((attendee, index) => ({
          attendeeId: attendee.attendeeId,
          firstName: buyer.firstName,
          lastName: `${buyer.lastName} ${index + 1}`,
          email: buyer.email,
          answers: { [seeded.dietary.id]: 'None' },
        })),
        answers: { [seeded.heardFrom.id]: 'A friend' },
      },
    }),
  );
  const { order } = expectOk(
    'Creating the order',
    await api<{ order: TOrder }>('POST', '/order/createOrder', { body: { ...secret, extras: [] } }),
  );
  const intent = expectOk(
    'Starting the payment',
    await api<TPaymentIntent>('POST', '/stripe/create-payment-intent', { body: { orderId: order.id } }),
  );
  return expectOk(
    'Paying',
    await api<{ registration: TRegistration; order: TOrder }>('POST', '/stripe/confirm-payment', {
      body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
    }),
  );
}

/** Mails whose subject speaks of a refund ("Refund of £20 for …"). */
export function refundMails<M extends { subject?: string | undefined; text?: string | undefined }>(mails: M[]): M[] {
  return mails.filter((mail) => /refund/i.test(mail.subject ?? ''));
}
