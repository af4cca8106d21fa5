import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TTicket } from '@clubtix/contract';
import { extrasPurchases } from '../../db/schema';
import { addTicket, createExtras, createPackage, publishEvent } from '../../../test/catalogue';
import { confirmPayment, holdTickets } from '../../../test/buying';
import { createAdminApp, createClubWithAdmin, expectError, type TestApp } from '../../../test/helpers';
import { buyPaidExtras, givePaid } from '../../../test/payable-refunds';
import { refund } from '../../../test/refunds';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

const PAID_MONEY = ['paid', 'partially_refunded', 'refunded', 'refund_required'];

/** docs/product.md section 21: the event's sales equal its paid money to the minor unit. */
describe('GET /report/getEventSales', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let event: TEvent;
  let adult: TTicket;
  let child: TTicket;

  const sales = async (eventId = event.id, as = token) =>
    expectPayload(await callEndpoint(t, endpoints.report.getEventSales, { token: as, query: { eventId } }));

  /** A buyer's order of both kinds of ticket, with a code and a lunch, paid by card. */
  async function buy(
    email: string,
    tickets: { ticketId: string; quantity: number }[],
    options: { code?: string } = {},
  ) {
    const init = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId: event.id, email, tickets, ...(options.code ? { discountCode: options.code } : {}) },
      }),
    );
    const { registrationId, qrUuid } = init.registration;
    await callEndpoint(t, endpoints.registration.save, {
      body: {
        registrationId,
        qrUuid,
        attendees: init.registration.attendees.map((slot, i) => ({
          attendeeId: slot.attendeeId,
          firstName: `P${i}`,
          lastName: 'Buyer',
          email,
        })),
        answers: {},
      },
    });
    const { order } = expectPayload(
      await callEndpoint(t, endpoints.order.createOrder, { body: { registrationId, qrUuid } }),
    );
    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
    );
    expect((await confirmPayment(t, intent.paymentIntentId)).status).toBe(200);
    return order;
  }

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    otherToken = (await createClubWithAdmin(t)).admin.token;
    event = await publishEvent(t, token, { maxTicketsPerOrder: 10, donationsEnabled: true, sponsorshipsEnabled: true });
    adult = await addTicket(t, token, event.id, { name: 'Adult', price: 2000, quantity: 50, maxPerOrder: 10 });
    child = await addTicket(t, token, event.id, { name: 'Child', price: 999, quantity: 50, maxPerOrder: 10 });
    await addTicket(t, token, event.id, { name: 'Crew', price: 0, quantity: 5, maxPerOrder: 5 });
    const saved = await callEndpoint(t, endpoints.discount.save, {
      token,
      body: { eventId: event.id, code: 'THIRD-33', kind: 'percent', value: 33, ticketIds: [adult.id] },
    });
    expect(saved.status, saved.body.msg).toBe(200);

    const plain = await buy('ann@example.org', [
      { ticketId: adult.id, quantity: 2 },
      { ticketId: child.id, quantity: 1 },
    ]);
    await buy(
      'bob@example.org',
      [
        { ticketId: adult.id, quantity: 3 },
        { ticketId: child.id, quantity: 3 },
      ],
      { code: 'third-33' },
    );
    const released = await buy('cy@example.org', [{ ticketId: child.id, quantity: 2 }]);
    // A hold never paid is no money.
    await holdTickets(t, event.id, adult.id, 'dee@example.org', [
      { firstName: 'Dee', lastName: 'Holder', email: 'dee@example.org' },
    ]);
    expect((await refund(t, token, { orderId: plain.id, amount: 501 })).status).toBe(200);
    expect((await refund(t, token, { orderId: released.id, releaseTickets: true })).status).toBe(200);
    const cash = await callEndpoint(t, endpoints.boxoffice.sell, {
      token,
      body: { eventId: event.id, tickets: [{ ticketId: child.id, quantity: 1 }], paymentMethod: 'cash' },
    });
    expect(cash.status, cash.body.msg).toBe(200);
    await givePaid(t, token, 'gina@example.org', { amount: 2345, event });
    const pkg = await createPackage(t, token, event.id, { name: 'Gold', amount: 40_000, quantity: 2 });
    await givePaid(t, token, 'sam@example.org', { event, pkg });
    const lunch = await createExtras(t, token, event.id, { name: 'Lunch', price: 700, quantity: 20 });
    await buyPaidExtras(t, token, 'lu@example.org', { event, extras: lunch, quantity: 2 });
    // A lunch refunded in full: its voucher stops at the door, so it is no longer sold.
    const returned = await buyPaidExtras(t, token, 'ret@example.org', { event, extras: lunch, quantity: 1 });
    const back = await callEndpoint(t, endpoints.extrasPurchase.refund, {
      token,
      body: { extrasPurchaseId: returned.purchase.id },
    });
    expect(back.status, back.body.msg).toBe(200);
  });
  afterAll(async () => t.close());

  it('equals the paid orders, extras and gifts summed one by one, to the minor unit', async () => {
    const report = await sales();
    const orders = expectPayload(
      await callEndpoint(t, endpoints.order.getOrdersByEventId, { token, query: { eventId: event.id } }),
    );
    const paidOrders = orders.filter((order) => PAID_MONEY.includes(order.paymentStatus));
    const gifts = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, { token, query: { eventId: event.id } }),
    ).filter((gift) => PAID_MONEY.includes(gift.paymentStatus));
    const extrasAlone = (await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.eventId, event.id))).filter(
      (bought) => bought.orderId === null && PAID_MONEY.includes(bought.paymentStatus),
    );
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

    const gross =
      sum(paidOrders.map((o) => o.amount)) + sum(gifts.map((g) => g.amount)) + sum(extrasAlone.map((e) => e.amount));
    const refunded =
      sum(paidOrders.map((o) => o.refundedAmount)) +
      sum(gifts.map((g) => g.refundedAmount)) +
      sum(extrasAlone.map((e) => e.refundedAmount));
    expect(paidOrders).toHaveLength(4);
    expect(report).toMatchObject({ currency: event.currency, gross, refunded, net: gross - refunded });
    expect(gross).toBe(2 * 2000 + 999 + (3 * 2000 - 1980 + 3 * 999) + 2 * 999 + 999 + 2345 + 40_000 + 1400 + 700);
    expect(refunded).toBe(501 + 2 * 999 + 700);
    expect(report.donations).toBe(2345);
    expect(report.sponsorships).toBe(40_000);
    expect(report.extras).toEqual({ sold: 2, gross: 2100, refunded: 700, net: 1400 });
    // Every part adds up to gross, refunded and net (no gift was refunded), and every day to gross too.
    const rows = [...report.byTicket, report.extras];
    expect(sum(rows.map((row) => row.gross)) + report.donations + report.sponsorships).toBe(gross);
    expect(sum(rows.map((row) => row.refunded))).toBe(refunded);
    expect(sum(rows.map((row) => row.net)) + report.donations + report.sponsorships).toBe(gross - refunded);
    expect(sum(report.byDay.map((day) => day.gross))).toBe(gross);
  });

  it('gives each ticket type its sold tickets and its money after the code, released tickets not sold', async () => {
    const report = await sales();
    expect(report.byTicket).toEqual([
      // The code (33 % of 3 Adult tickets at 2000: 1980) is taken from the Adult tickets it names.
      // Ann's 501 refunded is spread by her lines' money (4000 and 999): 401 of it to Adult, 100 to Child.
      { ticketId: adult.id, name: 'Adult', sold: 5, gross: 5 * 2000 - 1980, refunded: 401, net: 5 * 2000 - 1980 - 401 },
      // Released on refund: money still in gross (and in refunded), its 2 tickets no longer sold.
      {
        ticketId: child.id,
        name: 'Child',
        sold: 5,
        gross: 7 * 999,
        refunded: 100 + 2 * 999,
        net: 7 * 999 - 100 - 2 * 999,
      },
      { ticketId: expect.any(String) as string, name: 'Crew', sold: 0, gross: 0, refunded: 0, net: 0 },
    ]);
    expect(report.ticketsSold).toBe(10);
    expect(report.byDay.at(-1)!.tickets).toBe(2 + 1 + 3 + 3 + 2 + 1);
  });

  it("answers another club's admin 404 and a visitor 401, and a fresh event all zeros", async () => {
    expectError(
      await callEndpoint(t, endpoints.report.getEventSales, { token: otherToken, query: { eventId: event.id } }),
      404,
      'NOT_FOUND',
    );
    expect((await callEndpoint(t, endpoints.report.getEventSales, { query: { eventId: event.id } })).status).toBe(401);
    const empty = await publishEvent(t, token);
    expect(await sales(empty.id)).toMatchObject({
      gross: 0,
      refunded: 0,
      net: 0,
      ticketsSold: 0,
      byTicket: [],
      extras: { sold: 0, gross: 0, refunded: 0, net: 0 },
      byDay: [],
    });
  });
});
