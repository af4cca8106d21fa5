import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type BodyOf, type Endpoint, type TPaymentIntent } from '@clubtix/contract';
import { refunds } from '../../../db/schema';
import { freePort } from '../../../db/embedded';
import { createExtras, publishEvent } from '../../../../test/catalogue';
import { createAdminApp, TEST_JWT_SECRET, type TestApp } from '../../../../test/helpers';
import { outboxDrained } from '../../../../test/mail';
import { startServer, type ServerProcess } from '../../../../test/server-process';
import { startSmtpListener, type SmtpListener } from '../../../../test/smtp-listener';
import { startStripeStandIn, type StripeStandIn } from '../../../../test/stripe-stand-in';
import { PUBLISHABLE_KEY, SECRET_KEY, WEBHOOK_SECRET } from '../../../../test/stripe-fixture';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/**
 * Never paid twice, for donations and extras bought alone as for orders: the same refund fired 20
 * times at once on two server processes (and this one) against one PostgreSQL and one Stripe.
 */
describe('refunds of other payables on several processes', () => {
  let stripe: StripeStandIn;
  let smtp: SmtpListener;
  let t: TestApp;
  let token: string;
  const servers: ServerProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-payable-refunds-'));
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
    for (let i = 0; i < 2; i += 1) {
      const server = await startServer(await freePort(), {
        ...stripeEnv(),
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        PUBLIC_WRITE_LIMIT: '0',
        HOLDS_PER_ADDRESS: '0',
      });
      servers.push(server);
    }
  }, 120_000);
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

  /** 20 at once: on process a, process b and this one in turn. */
  const twentyAtOnce = <E extends Endpoint>(endpoint: E, body: BodyOf<E>) =>
    Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callEndpoint(i % 3 === 2 ? t : servers[i % 3]!.baseUrl, endpoint, { token, body }),
      ),
    );

  async function pay(intentCall: Promise<{ body: { payload?: unknown } }>) {
    const intent = (await intentCall).body.payload as TPaymentIntent;
    stripe.update(intent.paymentIntentId, { status: 'succeeded' });
    const paid = await callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: intent.paymentIntentId },
    });
    expect(paid.status, paid.body.msg).toBe(200);
    return intent.paymentIntentId;
  }

  const refundMails = async (to: string) => {
    await outboxDrained(t);
    return smtp.mailsTo(to).filter((mail) => mail.parsed.subject?.startsWith('Refund of'));
  };

  it('refunds a donation in part once when the same call is fired 20 times at once', { timeout: 180_000 }, async () => {
    const event = await publishEvent(t, token, { donationsEnabled: true });
    const email = 'twenty.giver@example.org';
    const { sponsorship } = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.create, {
        body: { eventId: event.id, amount: 6000, name: 'Twenty', email },
      }),
    );
    const intent = await pay(
      callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, {
        body: { sponsorshipId: sponsorship.id },
      }),
    );
    const answers = await twentyAtOnce(endpoints.sponsorship.refund, {
      sponsorshipId: sponsorship.id,
      amount: 2500,
      reason: 'Asked twice',
    });
    for (const answer of answers) {
      expect(answer.status, answer.body.msg).toBe(200);
      expect(answer.body.payload!.sponsorship).toMatchObject({
        refundedAmount: 2500,
        paymentStatus: 'partially_refunded',
      });
    }
    expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.sponsorshipId, sponsorship.id))).toHaveLength(1);
    expect(await refundMails(email)).toHaveLength(1);
  });

  it(
    'refunds extras bought alone once when the same full refund is fired 20 times at once',
    { timeout: 180_000 },
    async () => {
      const event = await publishEvent(t, token);
      const extras = await createExtras(t, token, event.id, { name: 'Lunch', price: 1100, quantity: 4 });
      const email = 'twenty.lunch@example.org';
      const purchase = expectPayload(
        await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
          body: { eventId: event.id, extrasId: extras.id, quantity: 2, email },
        }),
      );
      const intent = await pay(
        callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: purchase.id } }),
      );
      const answers = await twentyAtOnce(endpoints.extrasPurchase.refund, {
        extrasPurchaseId: purchase.id,
        requestKey: 'dialog-twenty',
      });
      for (const answer of answers) {
        expect(answer.status, answer.body.msg).toBe(200);
        expect(answer.body.payload!.extrasPurchase).toMatchObject({
          refundedAmount: 2200,
          paymentStatus: 'refunded',
        });
      }
      expect(stripe.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
      expect(await t.db.select().from(refunds).where(eq(refunds.extrasPurchaseId, purchase.id))).toHaveLength(1);
      expect(await refundMails(email)).toHaveLength(1);
    },
  );
});
