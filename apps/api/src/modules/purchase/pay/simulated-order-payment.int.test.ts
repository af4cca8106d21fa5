import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder, type TRegistration } from '@clubtix/contract';
import { mailOutbox, orders, simulatedPayments } from '../../../db/schema';
import { holdTickets } from '../../../../test/buying';
import { addTicket, publishEvent } from '../../../../test/catalogue';
import { createAdminApp, createSiblingApp, expectError, type TestApp } from '../../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/**
 * A ticket order paid with the simulated provider: its intent made and attached in one statement,
 * its card paid with the order's read in one (docs/decisions/0059-one-statement-a-call.md). Presses
 * at the same moment and cards declined answer what they always answered. The intents' ids tell
 * nothing of the order (docs/decisions/0063-code-guessing-limits.md).
 */
describe('an order paid with the simulated provider', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  async function priced(email: string): Promise<{ held: TRegistration; order: TOrder }> {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 1200, quantity: 5 });
    const held = await holdTickets(t, event.id, ticket.id, email, [{ firstName: 'Pia', lastName: 'Pay', email }]);
    const { order } = expectPayload(
      await callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid },
      }),
    );
    return { held, order };
  }

  const start = (orderId: string) => callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId } });
  const pay = (paymentIntentId: string, testCard: string) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId, testCard } });

  it('answers eight presses of Pay at once with one intent, the one the order points to', async () => {
    const { order } = await priced('presses@example.org');
    const answers = await Promise.all(Array.from({ length: 8 }, () => start(order.id)));
    const ids = answers.map((answer) => {
      expect(answer.status, answer.body.msg).toBe(200);
      const intent = expectPayload(answer);
      expect(intent).toMatchObject({ provider: 'simulated', amount: 1200, currency: order.currency });
      return intent.paymentIntentId;
    });
    expect(new Set(ids).size).toBe(1);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentIntentId: ids[0], provider: 'simulated', paymentStatus: 'pending' });
    const intents = await t.db.select().from(simulatedPayments).where(eq(simulatedPayments.id, ids[0]!));
    expect(intents).toMatchObject([{ amount: 1200, status: 'requires_payment_method' }]);
  });

  it('says a declined card declined and takes the good one after it, paying once', async () => {
    const { held, order } = await priced('declined@example.org');
    const intent = expectPayload(await start(order.id));
    expectError(
      await pay(intent.paymentIntentId, '4000 0000 0000 0002'),
      402,
      'PAYMENT_FAILED',
      'Your card was declined.',
    );
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe('pending');

    const paid = await Promise.all([
      pay(intent.paymentIntentId, '4242 4242 4242 4242'),
      pay(intent.paymentIntentId, '4242 4242 4242 4242'),
    ]);
    for (const answer of paid) {
      expect(answer.status, answer.body.msg).toBe(200);
      expect(answer.body.payload).toMatchObject({
        order: { id: order.id, paymentStatus: 'paid' },
        registration: { status: 'confirmed' },
      });
    }
    // Paid: a declined card afterwards changes nothing, and is answered as paid.
    const after = await pay(intent.paymentIntentId, '4000 0000 0000 0002');
    expect(after.status, after.body.msg).toBe(200);
    const [payment] = await t.db
      .select()
      .from(simulatedPayments)
      .where(eq(simulatedPayments.id, intent.paymentIntentId));
    expect(payment).toMatchObject({ status: 'succeeded', lastError: null });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `tickets:${held.registrationId}`));
    expect(mails).toHaveLength(1);
  });

  it('gives two orders of the same amount unrelated ids, with nothing of the order in them', async () => {
    const first = await priced('random-a@example.org');
    const second = await priced('random-b@example.org');
    expect(second.order.amount).toBe(first.order.amount);
    const ids = [];
    for (const { held, order } of [first, second]) {
      const id = expectPayload(await start(order.id)).paymentIntentId;
      for (const part of [order.id, held.registrationId, held.qrUuid]) {
        expect(id).not.toContain(part);
      }
      // Not what anyone knowing the order could work out, as the ids were until now.
      const derived = createHash('sha256').update(`order:${order.id}:${order.amount}`).digest('hex').slice(0, 24);
      expect(id).not.toBe(`sim_pi_${derived}`);
      expect(id).toMatch(/^sim_pi_[0-9a-f]{32}$/);
      ids.push(id.slice('sim_pi_'.length));
    }
    const [a, b] = ids as [string, string];
    // Unrelated: they differ about as much as two random strings do (30 of 32 hex digits on average).
    const same = [...a].filter((digit, i) => digit === b[i]).length;
    expect(same).toBeLessThan(8);
  });

  it('answers a press on another process with the same intent, and a sponsorship with an id of its own', async () => {
    const { order } = await priced('two-processes@example.org');
    const sibling = await createSiblingApp(t);
    try {
      const here = expectPayload(await start(order.id)).paymentIntentId;
      const there = expectPayload(
        await callEndpoint(sibling, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
      ).paymentIntentId;
      expect(there).toBe(here);
    } finally {
      await sibling.close();
    }
    const event = await publishEvent(t, token, { donationsEnabled: true });
    const { sponsorship } = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.create, {
        body: { eventId: event.id, amount: 1200, name: 'Gift', email: 'gift@example.org' },
      }),
    );
    const gift = (sponsorshipId: string) =>
      callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, { body: { sponsorshipId } });
    const id = expectPayload(await gift(sponsorship.id)).paymentIntentId;
    expect(id).not.toContain(sponsorship.id);
    expect(expectPayload(await gift(sponsorship.id)).paymentIntentId).toBe(id);
  });

  it('answers 404 for an intent nobody made', async () => {
    expectError(await pay('sim_pi_000000000000000000000000', '4242 4242 4242 4242'), 404, 'NOT_FOUND');
  });
});
