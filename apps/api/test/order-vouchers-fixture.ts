import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import {
  endpoints,
  extrasQrText,
  type TEvent,
  type TExtrasVoucher,
  type TOrder,
  type TRegistration,
} from '@clubtix/contract';
import { extrasPurchases, mailOutbox, orders, registrations, type MailAttachment } from '../src/db/schema';
import { expireLapsedHolds } from '../src/modules/purchase/hold/holds.repo';
import { holdTickets } from './buying';
import { addTicket } from './catalogue';
import { createClubWithAdmin, createTestApp, type TestApp } from './helpers';
import { callEndpoint, expectPayload } from './call-endpoint';

/**
 * The set-up shared by the tests of the extras vouchers of paid orders
 * (modules/purchase/settle/order-vouchers*.int.test.ts, docs/decisions/0014): tickets bought with extras
 * and paid with the simulated provider, and every place a voucher shows up afterwards.
 */

const GOOD_CARD = '4242424242424242';

/** What a confirmed payment answers: the vouchers issued with the order, when it has extras. */
export interface Purchase {
  registration: TRegistration;
  order: TOrder;
  extrasVouchers?: TExtrasVoucher[];
}

/**
 * A fresh app for the enclosing describe, with a club admin. `t` and `token` exist once beforeAll
 * has run: read them inside the tests; the helpers may be destructured at once.
 */
export function useOrderVouchersApp() {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => t.close());

  /** A buyer with one ticket, filled in (the attendee has an e-mail of their own), and the order priced with the extras. */
  async function ordered(
    event: TEvent,
    extras: { extrasId: string; quantity: number }[],
    options: { buyer: string; ticketPrice?: number; ticketQuantity?: number },
  ) {
    const ticket = await addTicket(t, token, event.id, {
      price: options.ticketPrice ?? 1500,
      quantity: options.ticketQuantity ?? 10,
    });
    const held = await holdTickets(t, event.id, ticket.id, options.buyer, [
      { firstName: 'Gus', lastName: 'Guest', email: `guest.of.${options.buyer}` },
    ]);
    const { order } = expectPayload(
      await callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid, extras },
      }),
    );
    return { ticket, held, order };
  }

  const startPaying = async (order: TOrder) =>
    expectPayload(await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }));
  const pay = (paymentIntentId: string) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId, testCard: GOOD_CARD } });
  /**
   * The buyer let the hold lapse: the registration expired (its seats given back) and the order was
   * priced longer ago than RESERVATION_MINUTES, so its extras no longer count against their stock.
   */
  async function lapse(held: TRegistration, order: TOrder) {
    await t.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, held.registrationId));
    await expireLapsedHolds(t.db);
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(mins => ${t.config.reservationMinutes + 1})` })
      .where(eq(orders.id, order.id));
  }
  const vouchersOfOrder = (orderId: string) =>
    t.db.select().from(extrasPurchases).where(eq(extrasPurchases.orderId, orderId));
  /** The admin's extras list of an event: redeemed, not redeemed, or both (''). */
  const extrasList = async (eventId: string, redeemed: 'true' | 'false' | '') =>
    expectPayload(
      await callEndpoint(t, endpoints.extras.getExtrasPurchasesByEventId, { token, query: { eventId, redeemed } }),
    ).purchases;
  /** The door scanning a voucher's QR. */
  const redeem = (voucher: Pick<TExtrasVoucher, 'id' | 'qrUuid'>) =>
    callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token,
      body: { payload: extrasQrText(voucher.id, voucher.qrUuid) },
    });
  /** The registration as the buyer's own pages read it. */
  const buyerRead = async (held: TRegistration) =>
    expectPayload(
      await callEndpoint(t, endpoints.registration.getRegistration, {
        query: { registrationId: held.registrationId, qrUuid: held.qrUuid },
      }),
    );
  const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  /** The inline QR image a mail carries for a voucher. */
  const voucherImage = (voucher: Pick<TExtrasVoucher, 'id' | 'qrUuid'>): MailAttachment => ({
    kind: 'qr',
    filename: 'extras-1-qr.png',
    cid: `extras-${voucher.id}@clubtix`,
    text: extrasQrText(voucher.id, voucher.qrUuid),
  });

  return {
    get t() {
      return t;
    },
    get token() {
      return token;
    },
    ordered,
    startPaying,
    pay,
    lapse,
    vouchersOfOrder,
    extrasList,
    redeem,
    buyerRead,
    mailsTo,
    voucherImage,
  };
}
