import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { registrations } from '../../../db/schema';
import { createExtras, publishEvent } from '../../../../test/catalogue';
import { expectError } from '../../../../test/helpers';
import { useOrderVouchersApp, type Purchase } from '../../../../test/order-vouchers-fixture';
import { issueOrderVouchers } from '../../extras/order-vouchers.repo';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/**
 * docs/product.md section 16: extras purchases carry their own QR. Extras chosen at checkout become, once
 * the order is paid, one paid extras purchase per extra: mailed to the buyer (and again when asked
 * for), shown on the success page, listed for the admin and redeemed once at the door
 * (docs/decisions/0014). Orders that need a refund instead are in order-vouchers-refunds.int.test.ts.
 */
describe('extras vouchers of paid orders', () => {
  const world = useOrderVouchersApp();
  const { ordered, startPaying, pay, lapse, vouchersOfOrder, extrasList, redeem, buyerRead, mailsTo, voucherImage } =
    world;

  it('turns 2 lunch boxes paid with the tickets into one voucher: mailed, listed, redeemed once at the door', async () => {
    const event = await publishEvent(world.t, world.token);
    const lunch = await createExtras(world.t, world.token, event.id, { name: 'Lunch box', price: 700 });
    const buyer = 'lunch.buyer@example.org';
    const { held, order } = await ordered(event, [{ extrasId: lunch.id, quantity: 2 }], { buyer });
    expect(order.amount).toBe(1500 + 1400);
    const intent = await startPaying(order);

    const paid = await pay(intent.paymentIntentId);
    expect(paid.status, paid.body.msg).toBe(200);
    const purchase = paid.body.payload as Purchase;
    expect(purchase.order.paymentStatus).toBe('paid');
    expect(purchase.extrasVouchers).toEqual([
      {
        id: expect.any(String) as string,
        extrasId: lunch.id,
        extrasName: 'Lunch box',
        quantity: 2,
        qrUuid: expect.any(String) as string,
        redeemedAt: null,
      },
    ]);
    const voucher = purchase.extrasVouchers![0]!;
    expect(voucher.qrUuid).not.toBe(held.qrUuid);

    // Stored as an extras purchase of its own, paid with the order and linked to it.
    const [row, ...others] = await vouchersOfOrder(order.id);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      id: voucher.id,
      eventId: event.id,
      extrasId: lunch.id,
      registrationId: held.registrationId,
      email: buyer,
      quantity: 2,
      amount: 1400,
      currency: 'gbp',
      qrUuid: voucher.qrUuid,
      paymentStatus: 'paid',
      paymentIntentId: null,
      redeemedAt: null,
    });
    expect(row!.paidAt).toBeInstanceOf(Date);

    // The buyer's ticket mail carries it, QR and all; the attendee's own mail does not.
    const [mail, ...moreMail] = await mailsTo(buyer);
    expect(moreMail).toHaveLength(0);
    expect(mail!.attachments).toContainEqual(voucherImage(voucher));
    expect(mail!.html).toContain('Lunch box × 2');
    expect(mail!.html).toContain(`src="cid:extras-${voucher.id}@clubtix"`);
    expect(mail!.text).toContain('Lunch box × 2');
    const [guestMail] = await mailsTo(`guest.of.${buyer}`);
    expect(guestMail!.attachments.map((image) => (image.kind === 'qr' ? image.cid : image.kind))).not.toContain(
      `extras-${voucher.id}@clubtix`,
    );
    expect(guestMail!.html).not.toContain('Lunch box');

    // The success page's reads carry it too.
    const fromPayment = expectPayload(
      await callEndpoint(world.t, endpoints.stripe.getRegistrationFromPayment, {
        query: { paymentIntentId: intent.paymentIntentId },
      }),
    );
    expect(fromPayment).toMatchObject({ registrationId: held.registrationId, status: 'confirmed' });
    expect(fromPayment.extrasVouchers).toEqual([voucher]);
    expect((await buyerRead(held)).extrasVouchers).toEqual([voucher]);

    // The admin's extras list: Not Redeemed, then Redeemed once the door has taken it.
    const listed = {
      id: voucher.id,
      extrasId: lunch.id,
      extrasName: 'Lunch box',
      email: buyer,
      quantity: 2,
      amount: 1400,
      currency: 'gbp',
      redeemedAt: null,
    };
    expect(await extrasList(event.id, 'false')).toEqual([expect.objectContaining(listed)]);
    expect(await extrasList(event.id, 'true')).toEqual([]);

    const first = await redeem(voucher);
    expect(first.status, first.body.msg).toBe(200);
    const redeemed = first.body.payload!;
    expect(redeemed).toMatchObject({ id: voucher.id, quantity: 2, extras: { id: lunch.id, name: 'Lunch box' } });
    expect(redeemed.redeemedAt).not.toBeNull();
    expectError(await redeem(voucher), 409, 'CONFLICT', /^Already redeemed at /);

    expect(await extrasList(event.id, 'false')).toEqual([]);
    expect(await extrasList(event.id, 'true')).toEqual([
      expect.objectContaining({ ...listed, redeemedAt: redeemed.redeemedAt }),
    ]);
    expect((await buyerRead(held)).extrasVouchers).toEqual([{ ...voucher, redeemedAt: redeemed.redeemedAt }]);
  });

  it('mails the vouchers again with the tickets when the buyer asks for them by e-mail, and not to a guest', async () => {
    const event = await publishEvent(world.t, world.token);
    const lunch = await createExtras(world.t, world.token, event.id, { name: 'Lunch box', price: 700 });
    const buyer = 'forgetful.buyer@example.org';
    const { order } = await ordered(event, [{ extrasId: lunch.id, quantity: 1 }], { buyer });
    const paid = await pay((await startPaying(order)).paymentIntentId);
    const voucher = (paid.body.payload as Purchase).extrasVouchers![0]!;

    const lookup = (email: string) =>
      callEndpoint(world.t, endpoints.registration.getRegistrationByEmail, { query: { email, eventId: event.id } });
    expect((await lookup(buyer)).body.payload).toEqual({ found: true });
    expect((await lookup(`guest.of.${buyer}`)).body.payload).toEqual({ found: true });
    const resent = async (to: string) => (await mailsTo(to)).filter((mail) => mail.topic !== null);
    const [again, ...more] = await resent(buyer);
    expect(more).toHaveLength(0);
    expect(again!.attachments).toContainEqual(voucherImage(voucher));
    expect(again!.html).toContain('Lunch box × 1');
    const [guestAgain] = await resent(`guest.of.${buyer}`);
    expect(guestAgain!.attachments.map((image) => (image.kind === 'qr' ? image.cid : image.kind))).not.toContain(
      `extras-${voucher.id}@clubtix`,
    );
  });

  it('issues one voucher however many times the payment is confirmed, one per extra of the order', async () => {
    const event = await publishEvent(world.t, world.token);
    const lunch = await createExtras(world.t, world.token, event.id, { name: 'Lunch box', price: 700 });
    const shirt = await createExtras(world.t, world.token, event.id, { name: 'T-shirt', price: 1800 });
    const buyer = 'twice@example.org';
    const { held, order } = await ordered(
      event,
      [
        { extrasId: shirt.id, quantity: 1 },
        { extrasId: lunch.id, quantity: 1 },
        { extrasId: lunch.id, quantity: 2 },
      ],
      { buyer },
    );
    const intent = await startPaying(order);

    const first = (await pay(intent.paymentIntentId)).body.payload as Purchase;
    const second = await pay(intent.paymentIntentId);
    expect(second.status).toBe(200);
    // Two lines of one extra add up to one voucher; the answers name them by the extra's name.
    expect(first.extrasVouchers!.map((v) => [v.extrasName, v.quantity])).toEqual([
      ['Lunch box', 3],
      ['T-shirt', 1],
    ]);
    expect((second.body.payload as Purchase).extrasVouchers).toEqual(first.extrasVouchers);

    const rows = await vouchersOfOrder(order.id);
    expect(rows.map((row) => [row.extrasId, row.quantity, row.amount]).sort()).toEqual(
      [
        [lunch.id, 3, 2100],
        [shirt.id, 1, 1800],
      ].sort(),
    );
    expect(await mailsTo(buyer)).toHaveLength(1);

    // Past the order row's lock, the unique index on (order_id, extras_id) still issues nothing twice.
    const [heldRow] = await world.t.db.select().from(registrations).where(eq(registrations.id, held.registrationId));
    expect(await issueOrderVouchers(world.t.db, { ...order, clubId: heldRow!.clubId }, buyer)).toEqual([]);
    expect(await vouchersOfOrder(order.id)).toHaveLength(2);
  });

  it('issues the vouchers of a free order when createOrder confirms it', async () => {
    const event = await publishEvent(world.t, world.token);
    const badge = await createExtras(world.t, world.token, event.id, { name: 'Badge', price: 0 });
    const buyer = 'free@example.org';
    const { held, order } = await ordered(event, [{ extrasId: badge.id, quantity: 2 }], { buyer, ticketPrice: 0 });
    expect(order).toMatchObject({ amount: 0, paymentStatus: 'paid' });

    const [row, ...others] = await vouchersOfOrder(order.id);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ extrasId: badge.id, quantity: 2, amount: 0, paymentStatus: 'paid', email: buyer });
    const voucher = { id: row!.id, qrUuid: row!.qrUuid };
    expect((await buyerRead(held)).extrasVouchers).toEqual([
      { ...voucher, extrasId: badge.id, extrasName: 'Badge', quantity: 2, redeemedAt: null },
    ]);
    const [mail] = await mailsTo(buyer);
    expect(mail!.attachments).toContainEqual(voucherImage(voucher));
    expect(await extrasList(event.id, 'false')).toEqual([expect.objectContaining({ id: row!.id, quantity: 2 })]);
    expect((await redeem(voucher)).status).toBe(200);
    expectError(await redeem(voucher), 409, 'CONFLICT', /^Already redeemed at /);
  });

  it('gives an order of tickets alone no vouchers, at no statement of the purchase path (docs/performance.md)', async () => {
    const event = await publishEvent(world.t, world.token);
    const { held, order } = await ordered(event, [], { buyer: 'plain@example.org' });
    const intent = await startPaying(order);
    // Every statement the app sends while it confirms the payment (the test shares the app's driver).
    const queries = vi.spyOn(pg.Client.prototype, 'query');
    let paid;
    let statements: string[];
    try {
      paid = await pay(intent.paymentIntentId);
      statements = queries.mock.calls.map(([query]) =>
        typeof query === 'string' ? query : ((query as { text?: string }).text ?? ''),
      );
    } finally {
      queries.mockRestore();
    }
    expect(statements.some((text) => text.includes('for update'))).toBe(true);
    expect(statements.filter((text) => text.includes('extras_purchases'))).toEqual([]);
    expect((paid.body.payload as Purchase).extrasVouchers).toEqual([]);
    expect((await buyerRead(held)).extrasVouchers).toEqual([]);
    expect(await vouchersOfOrder(order.id)).toEqual([]);
  });

  it("counts an order's extras once against their stock, not again as its vouchers", async () => {
    const event = await publishEvent(world.t, world.token);
    const cap = await createExtras(world.t, world.token, event.id, { name: 'Cap', price: 900, quantity: 3 });
    const { order } = await ordered(event, [{ extrasId: cap.id, quantity: 2 }], { buyer: 'caps@example.org' });
    expect((await pay((await startPaying(order)).paymentIntentId)).status).toBe(200);
    expect(await vouchersOfOrder(order.id)).toHaveLength(1);

    const buyAlone = (email: string) =>
      callEndpoint(world.t, endpoints.extrasPurchase.purchaseExtras, {
        body: { eventId: event.id, extrasId: cap.id, quantity: 1, email },
      });
    expect((await buyAlone('third@example.org')).status).toBe(200);
    expectError(await buyAlone('fourth@example.org'), 409, 'SOLD_OUT', 'Cap is sold out');
  });

  it('honours a payment that lands after its hold lapsed while its extras remain, and counts them sold', async () => {
    const event = await publishEvent(world.t, world.token);
    const parking = await createExtras(world.t, world.token, event.id, { name: 'Parking', price: 500, quantity: 1 });
    const { held, order } = await ordered(event, [{ extrasId: parking.id, quantity: 1 }], {
      buyer: 'late@example.org',
    });
    const intent = await startPaying(order);
    await lapse(held, order);

    const paid = await pay(intent.paymentIntentId);
    expect(paid.status, paid.body.msg).toBe(200);
    const purchase = paid.body.payload as Purchase;
    expect(purchase.order.paymentStatus).toBe('paid');
    expect(purchase.registration.status).toBe('confirmed');
    expect(purchase.extrasVouchers?.map((voucher) => [voucher.extrasName, voucher.quantity])).toEqual([['Parking', 1]]);
    const buyAlone = await callEndpoint(world.t, endpoints.extrasPurchase.purchaseExtras, {
      body: { eventId: event.id, extrasId: parking.id, quantity: 1, email: 'next@example.org' },
    });
    expectError(buyAlone, 409, 'SOLD_OUT', 'Parking is sold out');
  });
});
