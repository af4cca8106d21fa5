import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  extrasQrText,
  SCAN_MESSAGES,
  type TEvent,
  type TExtras,
  type TExtrasPurchase,
  type TOrder,
  type TPaymentIntent,
  type TRegistration,
} from '@clubtix/contract';
import { extrasPurchases } from '../../db/schema';
import { AppError } from '../../core/errors';
import { createExtras, createTicket, payloadOf, publishEvent } from '../../../test/catalogue';
import { createAdminApp, createSiblingApp, expectError, type TestApp } from '../../../test/helpers';
import { assertExtrasInStock } from './extras-stock';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * docs/product.md section 14: an extra's `quantity` is how many can be sold. What is paid, and what is
 * pending and younger than RESERVATION_MINUTES, bought alone or on an order, counts; more than is
 * left answers 409 SOLD_OUT naming the extra, with nothing stored.
 */
describe('extras with a quantity', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token);
  });
  afterAll(async () => t.close());

  const buy = (extras: TExtras, quantity: number, email = 'fan@example.org', app: TestApp = t) =>
    callEndpoint(app, endpoints.extrasPurchase.purchaseExtras, {
      body: { eventId: event.id, extrasId: extras.id, quantity, email },
    });
  const bought = async (extras: TExtras, quantity: number, email?: string) =>
    expectPayload(await buy(extras, quantity, email));
  const startPayment = (purchase: TExtrasPurchase) =>
    callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: purchase.id } });
  const pay = (intent: TPaymentIntent) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
    });
  const payFor = async (purchase: TExtrasPurchase) => payloadOf(await pay(expectPayload(await startPayment(purchase))));
  /** Its hold lapsed: created longer ago than RESERVATION_MINUTES (15 by default). */
  const lapse = (purchase: TExtrasPurchase) =>
    t.db
      .update(extrasPurchases)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(extrasPurchases.id, purchase.id));
  const storedOf = async (extras: TExtras) =>
    t.db.select().from(extrasPurchases).where(eq(extrasPurchases.extrasId, extras.id));
  const paidList = async () =>
    expectPayload(
      await callEndpoint(t, endpoints.extras.getExtrasPurchasesByEventId, { token, query: { eventId: event.id } }),
    ).purchases;

  it('sells up to the quantity, then answers 409 SOLD_OUT naming the extra, storing nothing', async () => {
    const lunch = await createExtras(t, token, event.id, { name: 'Lunch box', quantity: 5 });
    await payFor(await bought(lunch, 2));
    await bought(lunch, 1);

    const tooMany = await buy(lunch, 3);
    expectError(tooMany, 409, 'SOLD_OUT', 'Not enough Lunch box left: 2 remaining');
    expect(await storedOf(lunch)).toHaveLength(2);
    expect((await buy(lunch, 2)).status).toBe(200);
    expectError(await buy(lunch, 1), 409, 'SOLD_OUT', 'Lunch box is sold out');
    expect(await storedOf(lunch)).toHaveLength(3);

    // An extra without a quantity is not limited.
    const programme = await createExtras(t, token, event.id, { name: 'Programme', price: 300 });
    expect((await buy(programme, 100)).status).toBe(200);
    expect((await buy(programme, 100)).status).toBe(200);
  });

  it('counts a free extra once taken, as it is paid at once', async () => {
    const badge = await createExtras(t, token, event.id, { name: 'Badge', price: 0, quantity: 1 });
    expect(await bought(badge, 1)).toMatchObject({ paymentStatus: 'paid' });
    expectError(await buy(badge, 1), 409, 'SOLD_OUT', 'Badge is sold out');
  });

  it('gives what a lapsed pending purchase held to the next buyer, and tells the lapsed one before it pays', async () => {
    const parking = await createExtras(t, token, event.id, { name: 'Parking', price: 500, quantity: 1 });
    const stale = await bought(parking, 1, 'stale@example.org');
    expectError(await buy(parking, 1), 409, 'SOLD_OUT', 'Parking is sold out');
    await lapse(stale);
    await bought(parking, 1, 'next@example.org');
    expectError(await startPayment(stale), 409, 'SOLD_OUT', 'Parking is sold out');
  });

  it('honours a late payment while extras remain, and marks it for refund when none do', async () => {
    const towel = await createExtras(t, token, event.id, { name: 'Towel', price: 700, quantity: 1 });
    const slow = await bought(towel, 1, 'slow@example.org');
    const slowIntent = expectPayload(await startPayment(slow));
    await lapse(slow);
    payloadOf(await pay(slowIntent));
    expect((await paidList()).map((purchase) => purchase.id)).toContain(slow.id);

    const cap = await createExtras(t, token, event.id, { name: 'Cap', price: 900, quantity: 1 });
    const late = await bought(cap, 1, 'late@example.org');
    const lateIntent = expectPayload(await startPayment(late));
    await lapse(late);
    await payFor(await bought(cap, 1, 'taker@example.org'));
    // The payer is told, on the first confirmation and on any later one.
    for (const answer of [await pay(lateIntent), await pay(lateIntent)]) {
      expect(answer.status).toBe(200);
      expect(answer.body.msg).toBe(
        'Payment received, but these extras sold out after your reservation lapsed: the organiser will refund you',
      );
      expect(answer.body.payload).toMatchObject({ extrasPurchaseId: late.id, refundRequired: true });
    }
    const [stored] = await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.id, late.id));
    expect(stored?.paymentStatus).toBe('refund_required');
    // Not sold: not in the admin's list of paid extras, and its voucher opens nothing at the door.
    const paid = await paidList();
    expect(paid.filter((purchase) => purchase.extrasId === cap.id).map((purchase) => purchase.email)).toEqual([
      'taker@example.org',
    ]);
    const scanned = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token,
      body: { payload: extrasQrText(late.id, late.qrUuid) },
    });
    expectError(scanned, 404, 'NOT_FOUND', SCAN_MESSAGES.extrasNotFound);
  });

  describe('on orders', () => {
    let registration: TRegistration;
    let order: TOrder;
    let flag: TExtras;

    beforeAll(async () => {
      const ticket = await createTicket(t, token, event.id);
      flag = await createExtras(t, token, event.id, { name: 'Flag', price: 400, quantity: 4 });
      registration = expectPayload(
        await callEndpoint(t, endpoints.registration.initRegistration, {
          body: { eventId: event.id, email: 'order@example.org', tickets: [{ ticketId: ticket.id, quantity: 1 }] },
        }),
      ).registration;
      order = expectPayload(
        await callEndpoint(t, endpoints.order.createOrder, {
          body: {
            registrationId: registration.registrationId,
            qrUuid: registration.qrUuid,
            extras: [{ extrasId: flag.id, quantity: 3 }],
          },
        }),
      ).order;
    });

    it('counts the extras lines of a pending order against purchases made alone', async () => {
      expectError(await buy(flag, 2), 409, 'SOLD_OUT', 'Not enough Flag left: 1 remaining');
      expect((await buy(flag, 1)).status).toBe(200);
      expectError(await buy(flag, 1), 409, 'SOLD_OUT', 'Flag is sold out');
    });

    it('refuses an order more extras than are left, keeping the order as it was, and lets it keep its own', async () => {
      const priceWith = (quantity: number) =>
        callEndpoint(t, endpoints.order.createOrder, {
          body: {
            registrationId: registration.registrationId,
            qrUuid: registration.qrUuid,
            extras: [{ extrasId: flag.id, quantity }],
          },
        });
      // 3 on this order and 1 bought alone (the test above): the order cannot grow to 4.
      expectError(await priceWith(4), 409, 'SOLD_OUT', 'Not enough Flag left: 3 remaining');
      const kept = expectPayload(await priceWith(3)).order;
      expect(kept).toMatchObject({ id: order.id, amount: order.amount, paymentStatus: 'pending' });
      expect(kept.items.find((item) => item.kind === 'extras')?.quantity).toBe(3);
      const fewer = expectPayload(await priceWith(2)).order;
      expect(fewer.amount).toBe(order.amount - 400);
      expect(expectPayload(await priceWith(3)).order.amount).toBe(order.amount);
    });

    it('assertExtrasInStock checks an order’s lines in its transaction, leaving out the order being re-priced', async () => {
      const check = (lines: { extrasId: string; quantity: number }[], excludeOrderId?: string) =>
        t.db.transaction((tx) =>
          assertExtrasInStock(tx, lines, { reservationMinutes: t.config.reservationMinutes, excludeOrderId }),
        );
      // 3 on the order and 1 bought alone: the order may keep its 3, or take 2 lines of 1 and 2, not 4.
      await expect(check([{ extrasId: flag.id, quantity: 3 }], order.id)).resolves.toBeUndefined();
      await expect(
        check(
          [
            { extrasId: flag.id, quantity: 1 },
            { extrasId: flag.id, quantity: 2 },
          ],
          order.id,
        ),
      ).resolves.toBeUndefined();
      const over = check([{ extrasId: flag.id, quantity: 4 }], order.id);
      await expect(over).rejects.toBeInstanceOf(AppError);
      await expect(over).rejects.toMatchObject({
        code: 'SOLD_OUT',
        status: 409,
        message: 'Not enough Flag left: 3 remaining',
      });
      await expect(check([{ extrasId: flag.id, quantity: 1 }])).rejects.toMatchObject({
        code: 'SOLD_OUT',
        message: 'Flag is sold out',
      });
      // Unknown and unlimited extras are the caller's to refuse, not this check's.
      await expect(check([{ extrasId: 'no-such-extra', quantity: 1 }])).resolves.toBeUndefined();
    });
  });

  it('never sells more than the quantity with 30 buyers at once on two processes', async () => {
    const sibling = await createSiblingApp(t);
    try {
      const tshirt = await createExtras(t, token, event.id, { name: 'T-shirt', price: 1500, quantity: 5 });
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => buy(tshirt, 1, `rush${i}@example.org`, i % 2 === 0 ? t : sibling)),
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(5);
      const refused = responses.filter((response) => response.status !== 200);
      expect(refused).toHaveLength(25);
      for (const response of refused) expectError(response, 409, 'SOLD_OUT', 'T-shirt is sold out');
      const stored = await t.db
        .select({ taken: sql<number>`coalesce(sum(${extrasPurchases.quantity}), 0)::int` })
        .from(extrasPurchases)
        .where(eq(extrasPurchases.extrasId, tshirt.id));
      expect(stored[0]?.taken).toBe(5);
    } finally {
      await sibling.close();
    }
  });
});
