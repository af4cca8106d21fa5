import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder, type TRegistration } from '@clubtix/contract';
import { mailOutbox, simulatedPayments } from '../../../db/schema';
import { addTicket, createExtras, publishEvent } from '../../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../../test/helpers';
import { holdRowLock } from '../../../../test/row-lock';
import { CANCELLED_PAYMENT_MESSAGE } from '../../../core/payment-provider';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };
type Purchase = { registration: TRegistration; order: TOrder };
type Lines = { extrasId: string; quantity: number }[];

const GOOD_CARD = '4242 4242 4242 4242';

/** createOrder after a payment intent was made (docs/product.md section 15, steps 3 and 4), simulated provider. */
describe('re-pricing an order that has a payment intent', () => {
  let t: TestApp;
  let token: string;
  let buyers = 0;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  /** A buyer holding one 15.00 ticket of a fresh event that sells a 7.00 lunch. */
  async function holdWithLunch() {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 1500, quantity: 5 });
    const lunch = await createExtras(t, token, event.id, { name: 'Lunch', price: 700 });
    const email = `repriced${(buyers += 1)}@example.org`;
    const init = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId: event.id, email, tickets: [{ ticketId: ticket.id, quantity: 1 }] },
      }),
    );
    return { event, ticket, email, init, lunch: [{ extrasId: lunch.id, quantity: 1 }] };
  }

  const createOrder = (init: Init, extras: Lines) =>
    callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: init.registration.registrationId, qrUuid: init.registration.qrUuid, extras },
    });
  const orderOf = async (init: Init, extras: Lines) => expectPayload(await createOrder(init, extras)).order;
  const startPaying = async (orderId: string) =>
    expectPayload(await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId } }));
  const pay = (paymentIntentId: string, testCard = GOOD_CARD) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId, testCard } });
  const adminOrders = async (eventId: string) =>
    expectPayload(await callEndpoint(t, endpoints.order.getOrdersByEventId, { token, query: { eventId } }));
  const mailsTo = async (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it('cancels the earlier intent: paying it is declined, and the new intent is for the new amount', async () => {
    const { event, init, lunch } = await holdWithLunch();
    const withLunch = await orderOf(init, lunch);
    expect(withLunch.amount).toBe(2200);
    const first = await startPaying(withLunch.id);
    expect(first.amount).toBe(2200);

    const without = await orderOf(init, []);
    expect(without).toMatchObject({ amount: 1500, paymentStatus: 'pending' });
    expect(without.items.map((item) => item.kind)).toEqual(['ticket']);

    // The other tab pays the intent it was shown: refused, nothing taken, nothing confirmed.
    expectError(await pay(first.paymentIntentId), 402, 'PAYMENT_FAILED', CANCELLED_PAYMENT_MESSAGE);
    const [row] = await t.db.select().from(simulatedPayments).where(eq(simulatedPayments.id, first.paymentIntentId));
    expect(row?.status).toBe('canceled');

    const second = await startPaying(without.id);
    expect(second).toMatchObject({ amount: 1500, currency: 'gbp' });
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    const paid = await pay(second.paymentIntentId);
    expect(paid.status).toBe(200);
    expect((paid.body.payload as Purchase).order).toMatchObject({ amount: 1500, paymentStatus: 'paid' });
    expect((paid.body.payload as Purchase).registration.status).toBe('confirmed');
    expect((await adminOrders(event.id)).map((o) => [o.amount, o.paymentStatus])).toEqual([[1500, 'paid']]);
  });

  it('keeps the intent when the same extras come again (a reload), and that intent still pays', async () => {
    const { init, lunch } = await holdWithLunch();
    const order = await orderOf(init, lunch);
    const first = await startPaying(order.id);
    const again = await orderOf(init, lunch);
    // The same order; starting to pay named its provider (paymentMethod, docs/decisions/0034-box-office.md).
    expect(again).toEqual({ ...order, paymentMethod: expect.any(String) as string });
    expect((await startPaying(order.id)).paymentIntentId).toBe(first.paymentIntentId);
    const paid = await pay(first.paymentIntentId);
    expect(paid.status).toBe(200);
    expect((paid.body.payload as Purchase).order).toMatchObject({ amount: 2200, paymentStatus: 'paid' });
  });

  it('settles at its old amount, without re-pricing, an order whose intent was paid before the re-price', async () => {
    const { event, ticket, email, init, lunch } = await holdWithLunch();
    const order = await orderOf(init, lunch);
    const intent = await startPaying(order.id);
    // Paid at the provider (another tab) before any confirmation reached ClubTix.
    await t.db
      .update(simulatedPayments)
      .set({ status: 'succeeded' })
      .where(eq(simulatedPayments.id, intent.paymentIntentId));

    const answered = await orderOf(init, []);
    expect(answered).toMatchObject({ id: order.id, amount: 2200, paymentStatus: 'paid' });
    expect(answered.items.map((item) => item.kind).sort()).toEqual(['extras', 'ticket']);
    const registration = await callEndpoint(t, endpoints.registration.getRegistration, {
      query: { registrationId: init.registration.registrationId, qrUuid: init.registration.qrUuid },
    });
    expect(registration.body.payload).toMatchObject({ status: 'confirmed' });

    // The other tab's confirmation comes now: the same purchase, no second mail.
    const confirmed = await pay(intent.paymentIntentId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.msg).toBe('Payment received: your tickets are on their way');
    expect((confirmed.body.payload as Purchase).order).toMatchObject({ amount: 2200, paymentStatus: 'paid' });
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await adminOrders(event.id)).map((o) => [o.amount, o.paymentStatus])).toEqual([[2200, 'paid']]);
    const tickets = expectPayload(
      await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } }),
    );
    expect(tickets.find((row) => row.id === ticket.id)).toMatchObject({ sold: 1 });
  });

  it('gives a live intent to an order re-priced back to an amount whose intent was cancelled', async () => {
    const { init, lunch } = await holdWithLunch();
    const first = await startPaying((await orderOf(init, lunch)).id);
    await orderOf(init, []);
    const back = await orderOf(init, lunch);
    expect(back.amount).toBe(2200);
    const again = await startPaying(back.id);
    expect(again.amount).toBe(2200);
    expect(again.paymentIntentId).not.toBe(first.paymentIntentId);
    expectError(await pay(first.paymentIntentId), 402, 'PAYMENT_FAILED', CANCELLED_PAYMENT_MESSAGE);
    const paid = await pay(again.paymentIntentId);
    expect(paid.status).toBe(200);
    expect((paid.body.payload as Purchase).order).toMatchObject({ amount: 2200, paymentStatus: 'paid' });
  });

  it('answers a paid order as it is, whatever extras are sent afterwards', async () => {
    const { init, lunch } = await holdWithLunch();
    const order = await orderOf(init, lunch);
    expect((await pay((await startPaying(order.id)).paymentIntentId)).status).toBe(200);
    const after = await orderOf(init, []);
    expect(after).toMatchObject({ id: order.id, amount: 2200, paymentStatus: 'paid' });
  });

  it('does not rewrite the lines of an order paid while the re-pricing queued on it', async () => {
    const { init, lunch } = await holdWithLunch();
    const order = await orderOf(init, []);
    // A settlement holds the order row, marks it paid and commits while createOrder waits for it.
    const settlement = await holdRowLock(t, 'orders', order.id);
    const repricing = createOrder(init, lunch);
    await settlement.waitForWaiter();
    await settlement.query(`UPDATE orders SET payment_status = 'paid', paid_at = now() WHERE id = $1`, [order.id]);
    await settlement.commit();
    const answered = expectPayload(await repricing).order;
    expect(answered).toMatchObject({ id: order.id, amount: 1500, paymentStatus: 'paid' });
    expect(answered.items.map((item) => item.kind)).toEqual(['ticket']);
  });
});
