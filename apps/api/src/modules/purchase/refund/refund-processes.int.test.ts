import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder } from '@clubtix/contract';
import { mailOutbox, refunds } from '../../../db/schema';
import { freePort } from '../../../db/embedded';
import { addTicket, payloadOf, publishEvent } from '../../../../test/catalogue';
import { createAdminApp, createSiblingApp, TEST_JWT_SECRET, type TestApp } from '../../../../test/helpers';
import { outboxDrained } from '../../../../test/mail';
import { orderRow } from '../../../../test/refunds';
import { startServer, type ServerProcess } from '../../../../test/server-process';
import { startSmtpListener, type SmtpListener } from '../../../../test/smtp-listener';
import { startStripeStandIn, type StripeStandIn } from '../../../../test/stripe-stand-in';
import { PUBLISHABLE_KEY, SECRET_KEY, WEBHOOK_SECRET } from '../../../../test/stripe-fixture';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/**
 * Never paid twice, proved on several server processes against one PostgreSQL and one Stripe (the
 * stand-in): the same refund fired at once, and a cancellation whose process is killed mid-way.
 */
describe('refunds on several processes', () => {
  let stripe: StripeStandIn;
  let smtp: SmtpListener;
  let t: TestApp;
  let token: string;
  const servers: ServerProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-refunds-'));
  const stripeEnv = () => ({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    SMTP_URL: smtp.url,
  });

  beforeAll(async () => {
    stripe = await startStripeStandIn(SECRET_KEY);
    smtp = await startSmtpListener();
    ({ t, token } = await createAdminApp(stripeEnv()));
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    await t.close();
    await smtp.close();
    await stripe.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startProcess(): Promise<ServerProcess> {
    const server = await startServer(await freePort(), {
      ...stripeEnv(),
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_WRITE_LIMIT: '0',
      HOLDS_PER_ADDRESS: '0',
    });
    servers.push(server);
    return server;
  }

  /** A buyer's order of one ticket, paid through the stand-in. */
  async function paidOrder(eventId: string, ticketId: string, email: string): Promise<TOrder & { intent: string }> {
    const { registration } = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId, email, tickets: [{ ticketId, quantity: 1 }] },
      }),
    );
    const { order } = expectPayload(
      await callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
      }),
    );
    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
    );
    stripe.update(intent.paymentIntentId, { status: 'succeeded' });
    const paid = payloadOf<{ order: TOrder }>(
      await callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId: intent.paymentIntentId } }),
    );
    return { ...paid.order, intent: intent.paymentIntentId };
  }

  it(
    'refunds once at Stripe and once in the table when the same refund is fired 20 times at once on three processes',
    { timeout: 180_000 },
    async () => {
      const [a, b] = [await startProcess(), await startProcess()];
      const event = await publishEvent(t, token);
      const ticket = await addTicket(t, token, event.id, { price: 4200 });
      const order = await paidOrder(event.id, ticket.id, 'twenty@example.org');
      const body = { orderId: order.id, reason: 'Asked twice', releaseTickets: true };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          callEndpoint(i % 3 === 2 ? t : (i % 3 === 0 ? a : b).baseUrl, endpoints.order.refund, { token, body }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status, answer.body.msg).toBe(200);
        expect(answer.body.payload!.order).toMatchObject({
          refundedAmount: 4200,
          paymentStatus: 'refunded',
        });
      }
      expect(stripe.refunds.filter((refund) => refund.payment_intent === order.intent)).toHaveLength(1);
      expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
      await outboxDrained(t);
      expect(
        smtp.mailsTo('twenty@example.org').filter((mail) => mail.parsed.subject?.startsWith('Refund of')),
      ).toHaveLength(1);
    },
  );

  it(
    'refunds each of 30 orders exactly once and mails each buyer once when the cancelling process is killed mid-way',
    { timeout: 300_000 },
    async () => {
      const event = await publishEvent(t, token, { maxTicketsPerOrder: 5 });
      const ticket = await addTicket(t, token, event.id, { price: 1000, quantity: 50 });
      const paid = [];
      for (let i = 0; i < 30; i++) paid.push(await paidOrder(event.id, ticket.id, `sweep${i}@example.org`));
      const killed = await startProcess();
      // The process's second batch stops at Stripe on its third refund.
      stripe.pauseRefundsAfter(stripe.refundKeys.length + 23);
      const before = stripe.refunds.length;
      const cancelled = await callEndpoint(killed.baseUrl, endpoints.event.cancelEvent, {
        token,
        body: { eventId: event.id, refundAll: true },
      });
      expect(cancelled.status, cancelled.body.msg).toBe(200);
      expect(cancelled.body.payload!.ordersToRefund).toBe(30);
      const refundMail = (mail: { parsed: { subject?: string | undefined } }) =>
        mail.parsed.subject?.startsWith('Refund of');
      // Marked sent, not only received: a mail the killed process was sending would go again after its lease.
      const mailed = async () => {
        const [row] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(
            and(eq(mailOutbox.status, 'sent'), like(mailOutbox.subject, 'Refund of%'), like(mailOutbox.to, 'sweep%')),
          );
        return row!.n;
      };
      // The first batch of 20 committed and mailed, the second under way at Stripe: kill -9.
      await expect
        .poll(async () => stripe.waitingRefunds() === 1 && (await mailed()) >= 20, {
          // A deadline, not a wait: on a loaded machine the first batch's mail can take a minute to go.
          timeout: 150_000,
          interval: 20,
        })
        .toBe(true);
      killed.child.kill('SIGKILL');
      await killed.exited;
      expect(stripe.refunds.length - before).toBe(22);
      // Stripe makes the refund the killed process asked for: refunded there, never committed here.
      stripe.pauseRefundsAfter(null);
      await expect.poll(() => stripe.refunds.length - before).toBe(23);

      // Another process's sweep finishes the rest.
      const other = await createSiblingApp(t, stripeEnv(), { holdSweepMs: 300 });
      try {
        await expect
          .poll(
            async () =>
              expectPayload(
                await callEndpoint(other, endpoints.event.getCancellation, { token, query: { eventId: event.id } }),
              ).finished,
            { timeout: 60_000 },
          )
          .toBe(true);
        const progress = expectPayload(
          await callEndpoint(other, endpoints.event.getCancellation, { token, query: { eventId: event.id } }),
        );
        expect(progress).toMatchObject({ ordersToRefund: 30, ordersRefunded: 30, ordersFailed: 0 });
        const rows = await t.db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.orderId,
              paid.map((order) => order.id),
            ),
          );
        expect(rows).toHaveLength(30);
        for (const order of paid) {
          expect(await orderRow(t, order.id)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 1000 });
          expect(stripe.refunds.filter((refund) => refund.payment_intent === order.intent)).toHaveLength(1);
        }
        await outboxDrained(other).catch(async (error: unknown) => {
          const left = await t.db
            .select()
            .from(mailOutbox)
            .where(inArray(mailOutbox.status, ['queued', 'sending']));
          throw new Error(`${String(error)}: ${JSON.stringify(left.map((m) => [m.status, m.subject, m.to]))}`);
        });
        for (let i = 0; i < 30; i++) expect(smtp.mailsTo(`sweep${i}@example.org`).filter(refundMail)).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );
});
