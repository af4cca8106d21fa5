import { endpoints, extrasQrText } from '@clubtix/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema';
import { eq } from 'drizzle-orm';
import { holdTickets } from '../../../../test/buying';
import { qrOf, scan } from '../../../../test/door';
import {
  createAdminApp,
  createClubWithAdmin,
  createSiblingApp,
  expectError,
  type TestApp,
} from '../../../../test/helpers';
import { outboxDrained } from '../../../../test/mail';
import { buyPaidOrder, orderRow, refund, refundedOrder, refundRows, ticketRow } from '../../../../test/refunds';
import { startSmtpListener, type SmtpListener } from '../../../../test/smtp-listener';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/** POST /order/refund with the simulated provider (docs/product.md section 19), mail through a real SMTP listener. */
describe('refunds', () => {
  let t: TestApp;
  let smtp: SmtpListener;
  let token: string;
  let otherToken: string;
  let buyers = 0;
  const nextBuyer = () => `refund.buyer${(buyers += 1)}@example.org`;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    ({ t, token } = await createAdminApp({ SMTP_URL: smtp.url }));
    otherToken = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const refundMails = async (to: string) => {
    await outboxDrained(t);
    return smtp.mailsTo(to).filter((mail) => mail.parsed.subject?.startsWith('Refund of'));
  };

  it('refunds an order in full: refunded, the refund listed, the buyer told, the tickets still valid', async () => {
    const paid = await buyPaidOrder(t, token, nextBuyer(), { price: 2500 });
    const order = refundedOrder(await refund(t, token, { orderId: paid.order.id, reason: 'Asked by phone' }));
    expect(order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 2500, amount: 2500 });
    expect(order.refunds).toEqual([
      expect.objectContaining({ amount: 2500, reason: 'Asked by phone', source: 'admin' }),
    ]);
    const read = expectPayload(
      await callEndpoint(t, endpoints.order.getOrderWithItems, { token, query: { orderId: paid.order.id } }),
    );
    expect(read.refunds).toHaveLength(1);
    const [mail] = await refundMails(paid.buyer);
    expect(mail?.parsed.subject).toBe(`Refund of £25 for ${paid.event.title}`);
    expect(mail?.parsed.text).toContain('Your order is now fully refunded.');
    expect(mail?.parsed.text).toContain('Your tickets are still valid');
    // Without releaseTickets the ticket still admits.
    expect((await scan(t, token, paid.event.id, qrOf(paid.registration))).status).toBe(200);
  });

  it('refunds in part, then the rest by default; more than is left is 400 saying how much, nothing left is 409', async () => {
    const paid = await buyPaidOrder(t, token, nextBuyer(), { price: 3000 });
    const part = refundedOrder(await refund(t, token, { orderId: paid.order.id, amount: 1000 }));
    expect(part).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 1000 });
    const [mail] = await refundMails(paid.buyer);
    expect(mail?.parsed.text).toContain('£20 of the £30 you paid stays paid.');

    const over = await refund(t, token, { orderId: paid.order.id, amount: 2001 });
    expectError(over, 400, 'BAD_INPUT', /£20 is left to refund/);
    expect(over.body.errors).toEqual([{ path: 'amount', message: 'At most £20 is left to refund on this order' }]);
    expectError(
      await refund(t, token, { orderId: paid.order.id, amount: 500, releaseTickets: true }),
      400,
      'BAD_INPUT',
      /only with a full refund/,
    );

    const rest = refundedOrder(await refund(t, token, { orderId: paid.order.id }));
    expect(rest).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3000 });
    expect(rest.refunds?.map((r) => r.amount)).toEqual([1000, 2000]);
    expectError(await refund(t, token, { orderId: paid.order.id, amount: 100 }), 409, 'CONFLICT', /nothing is left/);
    expect((await refundRows(t, paid.order.id)).map((r) => r.amount).sort()).toEqual([1000, 2000]);
  });

  it("answers another club's order 404 and refunds nothing", async () => {
    const paid = await buyPaidOrder(t, token, nextBuyer());
    expectError(await refund(t, otherToken, { orderId: paid.order.id }), 404, 'NOT_FOUND');
    expect(await orderRow(t, paid.order.id)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 });
    expect(await refundRows(t, paid.order.id)).toEqual([]);
  });

  it('answers the first refund to the same requestKey, and to the same call again', async () => {
    const paid = await buyPaidOrder(t, token, nextBuyer(), { price: 4000 });
    const body = { orderId: paid.order.id, amount: 1000, requestKey: 'dialog-0001' };
    const first = await refund(t, token, body);
    const again = await refund(t, token, body);
    expect(refundedOrder(again)).toMatchObject({ refundedAmount: 1000 });
    expect(again.body.msg).toMatch(/^Already refunded/);
    expect(refundedOrder(first).refunds).toEqual(refundedOrder(again).refunds);
    // No key: the same call within 10 minutes answers the first too; another amount is another refund.
    const plain = { orderId: paid.order.id, amount: 500, reason: 'Late train' };
    await refund(t, token, plain);
    await refund(t, token, plain);
    expect((await orderRow(t, paid.order.id)).refundedAmount).toBe(1500);
    expect(await refundRows(t, paid.order.id)).toHaveLength(2);
    expect(await refundMails(paid.buyer)).toHaveLength(2);
  });

  it('releases the tickets on a full refund: seats back on sale, the QR and the voucher answer 409 CANCELLED', async () => {
    const paid = await buyPaidOrder(t, token, nextBuyer(), { price: 1500, people: 2, lunch: true });
    expect((await ticketRow(t, paid.ticket.id)).soldCount).toBe(2);
    const [voucher] = paid.vouchers;
    expect(voucher).toBeDefined();
    const order = refundedOrder(await refund(t, token, { orderId: paid.order.id, releaseTickets: true }));
    expect(order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3700 });
    const ticket = await ticketRow(t, paid.ticket.id);
    expect(ticket).toMatchObject({ soldCount: 0, reservedCount: 0 });

    expectError(await scan(t, token, paid.event.id, qrOf(paid.registration)), 409, 'CANCELLED');
    const voucherScan = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token,
      body: { payload: extrasQrText(voucher!.id, voucher!.qrUuid), eventId: paid.event.id },
    });
    expectError(voucherScan, 409, 'CANCELLED');
    const [mail] = await refundMails(paid.buyer);
    expect(mail?.parsed.text).toContain('Your tickets and vouchers for this event are cancelled');
    // The seats sell again: 10 of 10 can be held.
    const held = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: paid.event.id, email: nextBuyer(), tickets: [{ ticketId: paid.ticket.id, quantity: 10 }] },
    });
    expect(held.status, held.body.msg).toBe(200);
  });

  it('refunds an order flagged refund_required the same way', async () => {
    const paid = await buyPaidOrder(t, token, nextBuyer(), { price: 1800 });
    await t.db.update(orders).set({ paymentStatus: 'refund_required' }).where(eq(orders.id, paid.order.id));
    const order = refundedOrder(await refund(t, token, { orderId: paid.order.id, releaseTickets: true }));
    expect(order).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 1800 });
    expect(await refundMails(paid.buyer)).toHaveLength(1);
  });

  it('refuses an order that was never paid (409) and one that does not exist (404)', async () => {
    const paid = await buyPaidOrder(t, token, nextBuyer());
    await t.db.update(orders).set({ paymentStatus: 'pending' }).where(eq(orders.id, paid.order.id));
    expectError(
      await refund(t, token, { orderId: paid.order.id }),
      409,
      'CONFLICT',
      'Only a paid order can be refunded',
    );
    expectError(await refund(t, token, { orderId: '00000000-0000-4000-8000-000000000000' }), 404, 'NOT_FOUND');
  });

  it('keeps the extras taken while the tickets are kept, and gives them back with the tickets', async () => {
    const paid = await buyPaidOrder(t, token, nextBuyer(), { price: 1000, lunch: true, lunchesInStock: 1 });
    const lunch = paid.vouchers[0]!.extrasId;
    const orderLunch = async () => {
      const held = await holdTickets(t, paid.event.id, paid.ticket.id, nextBuyer(), [
        { firstName: 'Ann', lastName: 'Other', email: 'ann.other@example.org' },
      ]);
      return callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid, extras: [{ extrasId: lunch, quantity: 1 }] },
      });
    };
    await refund(t, token, { orderId: paid.order.id, amount: 500 });
    expectError(await orderLunch(), 409, 'SOLD_OUT');
    await refund(t, token, { orderId: paid.order.id, releaseTickets: true });
    expect((await orderLunch()).status).toBe(200);
  });

  it('refunds once when the same refund is asked 20 times at once on two app processes (Test mode)', async () => {
    const sibling = await createSiblingApp(t, { SMTP_URL: smtp.url });
    try {
      const paid = await buyPaidOrder(t, token, nextBuyer(), { price: 2600 });
      const body = { orderId: paid.order.id, amount: 1300 };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => refund(i % 2 === 0 ? t : sibling, token, body)),
      );
      for (const answer of answers) expect(refundedOrder(answer)).toMatchObject({ refundedAmount: 1300 });
      expect(await refundRows(t, paid.order.id)).toHaveLength(1);
      expect(await orderRow(t, paid.order.id)).toMatchObject({
        paymentStatus: 'partially_refunded',
        refundedAmount: 1300,
      });
      expect(await refundMails(paid.buyer)).toHaveLength(1);
    } finally {
      await sibling.close();
    }
  });
});
