import { endpoints } from '@clubtix/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, orders, registrations } from '../../../db/schema';
import { createAdminApp, createClubWithAdmin, expectError, type TestApp } from '../../../../test/helpers';
import { outboxDrained } from '../../../../test/mail';
import { buyPaidOrder, orderRow, refund } from '../../../../test/refunds';
import { startSmtpListener, type SmtpListener } from '../../../../test/smtp-listener';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/** POST /event/cancelEvent and GET /event/getCancellation (docs/product.md section 19). */
describe('cancelling an event', () => {
  let t: TestApp;
  let smtp: SmtpListener;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    ({ t, token } = await createAdminApp({ SMTP_URL: smtp.url }));
    otherToken = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const cancel = (eventId: string, refundAll: boolean, as = token) =>
    callEndpoint(t, endpoints.event.cancelEvent, { token: as, body: { eventId, refundAll } });
  const progress = async (eventId: string) =>
    expectPayload(await callEndpoint(t, endpoints.event.getCancellation, { token, query: { eventId } }));

  it('refunds every order with money left in full, releases its tickets and tells each buyer once', async () => {
    const first = await buyPaidOrder(t, token, 'cancel.a@example.org', { price: 2000 });
    const { event, ticket } = first;
    const more = [first];
    for (const buyer of ['cancel.b@example.org', 'cancel.c@example.org', 'cancel.d@example.org']) {
      more.push(await buyPaidOrder(t, token, buyer, { event, ticket }));
    }
    // One refunded in part already, one flagged refund_required: both get what is left.
    await refund(t, token, { orderId: more[1]!.order.id, amount: 500 });
    await t.db.update(orders).set({ paymentStatus: 'refund_required' }).where(eq(orders.id, more[2]!.order.id));

    const started = expectPayload(await cancel(event.id, true));
    expect(started).toMatchObject({ eventId: event.id, refundAll: true, ordersToRefund: 4 });
    await expect.poll(async () => (await progress(event.id)).finished, { timeout: 30_000 }).toBe(true);
    expect(await progress(event.id)).toMatchObject({ ordersToRefund: 4, ordersRefunded: 4, ordersFailed: 0 });
    for (const paid of more) {
      expect(await orderRow(t, paid.order.id)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 2000 });
      const [registration] = await t.db
        .select()
        .from(registrations)
        .where(eq(registrations.id, paid.registration.registrationId));
      expect(registration!.status).toBe('cancelled');
    }
    const [row] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.status).toBe('cancelled');
    await outboxDrained(t);
    for (const paid of more) {
      const cancelled = smtp.mailsTo(paid.buyer).filter((mail) => mail.parsed.text?.includes('has been cancelled'));
      expect(cancelled).toHaveLength(1);
    }
    // Again: the same cancellation, nothing refunded twice.
    const again = expectPayload(await cancel(event.id, true));
    expect(again).toMatchObject({ createdAt: started.createdAt, ordersRefunded: 4 });
    // Sales stop.
    const hold = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: event.id, email: 'late@example.org', tickets: [{ ticketId: ticket.id, quantity: 1 }] },
    });
    expect(hold.status).toBeGreaterThanOrEqual(400);
  });

  it('cancels without refunds when refundAll is false', async () => {
    const paid = await buyPaidOrder(t, token, 'cancel.keep@example.org');
    const answer = expectPayload(await cancel(paid.event.id, false));
    expect(answer).toMatchObject({ refundAll: false, ordersToRefund: 0, finished: true });
    expect((await orderRow(t, paid.order.id)).paymentStatus).toBe('paid');
  });

  it("answers another club's event 404 and cancels nothing", async () => {
    const paid = await buyPaidOrder(t, token, 'cancel.wall@example.org');
    expectError(await cancel(paid.event.id, true, otherToken), 404, 'NOT_FOUND');
    expectError(
      await callEndpoint(t, endpoints.event.getCancellation, { token: otherToken, query: { eventId: paid.event.id } }),
      404,
      'NOT_FOUND',
    );
    expect((await orderRow(t, paid.order.id)).paymentStatus).toBe('paid');
    const [row] = await t.db.select().from(events).where(eq(events.id, paid.event.id));
    expect(row!.status).toBe('published');
  });
});
