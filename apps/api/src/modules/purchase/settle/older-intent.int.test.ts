import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder } from '@clubtix/contract';
import { mailOutbox, orders, registrations, simulatedPayments } from '../../../db/schema';
import { holdTickets } from '../../../../test/buying';
import { addTicket, createExtras, publishEvent } from '../../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../../test/helpers';
import { useStripeApp } from '../../../../test/stripe-fixture';
import { simulatedProvider } from '../pay/simulated-provider';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

const GOOD_CARD = '4242424242424242';

/**
 * A buyer who pays an intent the order no longer points to (another tab kept it; before 0026 a start
 * after the provider had forgotten the idempotency key attached a new intent and left the old one
 * open) is never lost: the intent's metadata names the order, which is settled with that payment, or
 * flagged for refund when it paid an amount no longer due
 * (docs/decisions/0026-one-purchase-pipeline.md).
 */
describe('a payment of an older intent, with the simulated provider', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  /** The provider's side on the same database: intents the app did not make, cards charged. */
  const provider = () => simulatedProvider(t.db);

  /** An order priced at 15.00 whose payment was started: the buyer's page holds `intent`. */
  async function started(email: string) {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 1500, quantity: 5 });
    const held = await holdTickets(t, event.id, ticket.id, email, [{ firstName: 'Olga', lastName: 'Old', email }]);
    const { order } = expectPayload(
      await callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid },
      }),
    );
    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
    );
    return { held, order, intent };
  }

  /** What a start did before 0026 once the provider had forgotten the key: a new intent, the old one left open. */
  async function pointOrderElsewhere(order: TOrder, amount = order.amount) {
    const newer = await provider().createIntent({
      amount,
      currency: order.currency,
      key: `after-expiry:${order.id}:${amount}`,
      description: 'a newer intent',
    });
    await t.db.update(orders).set({ paymentIntentId: newer.id, amount }).where(eq(orders.id, order.id));
    return newer;
  }

  const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const intentRow = async (id: string) =>
    (await t.db.select().from(simulatedPayments).where(eq(simulatedPayments.id, id)))[0]!;
  const registrationRow = async (id: string) =>
    (await t.db.select().from(registrations).where(eq(registrations.id, id)))[0]!;
  const mailsTo = async (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const confirm = (paymentIntentId: string) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId, testCard: GOOD_CARD } });

  it('settles the order with the older intent the buyer paid, and cancels the newer one', async () => {
    const { held, order, intent } = await started('older-tab@example.org');
    const newer = await pointOrderElsewhere(order);

    const paid = await confirm(intent.paymentIntentId);
    expect(paid.status, paid.body.msg).toBe(200);
    expect(paid.body.payload).toMatchObject({
      order: { id: order.id, paymentStatus: 'paid' },
      registration: { status: 'confirmed' },
    });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', paymentIntentId: intent.paymentIntentId });
    expect((await intentRow(newer.id)).status).toBe('canceled');
    expect((await registrationRow(held.registrationId)).status).toBe('confirmed');
    expect(await mailsTo('older-tab@example.org')).toHaveLength(1);

    // The buyer's success page reads the registration back by the intent it paid.
    const readBack = await callEndpoint(t, endpoints.stripe.getRegistrationFromPayment, {
      query: { paymentIntentId: intent.paymentIntentId },
    });
    expect(readBack.status, readBack.body.msg).toBe(200);

    // Confirmed again: the same answer, nothing new.
    expect((await confirm(intent.paymentIntentId)).status).toBe(200);
    expect(await mailsTo('older-tab@example.org')).toHaveLength(1);
  });

  it('flags the order for refund when the older intent paid an amount no longer due', async () => {
    const { held, order, intent } = await started('old-amount@example.org');
    await pointOrderElsewhere(order, 2000);

    const paid = await confirm(intent.paymentIntentId);
    expect(paid.status, paid.body.msg).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'refund_required',
      paymentIntentId: intent.paymentIntentId,
      amount: 2000,
    });
    expect((await registrationRow(held.registrationId)).status).toBe('pending');
    expect(await mailsTo('old-amount@example.org')).toHaveLength(0);
  });

  it('cancels the intent an order points to before it attaches another', async () => {
    const { order } = await started('cancel-first@example.org');
    const newer = await pointOrderElsewhere(order);

    const again = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
    );
    expect(again.paymentIntentId).not.toBe(newer.id);
    expect((await intentRow(newer.id)).status).toBe('canceled');
    expect((await orderRow(order.id)).paymentIntentId).toBe(again.paymentIntentId);
  });

  it('settles with the attached intent when it was paid before a new start could cancel it', async () => {
    const { held, order } = await started('paid-meanwhile@example.org');
    const newer = await pointOrderElsewhere(order);
    expect((await provider().payWithTestCard!(newer.id, GOOD_CARD))?.status).toBe('succeeded');

    expectError(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
      409,
      'CONFLICT',
      'This was paid a moment ago: nothing more is due',
    );
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', paymentIntentId: newer.id });
    const registration = await registrationRow(held.registrationId);
    expect(registration.status).toBe('confirmed');
  });
});

describe('a payment of an older intent, told by the Stripe webhook', () => {
  const world = useStripeApp();
  const { buy, startPaying, webhook, succeeded, orderRow } = world;

  it('settles the order the older intent names in its metadata', async () => {
    const { order } = await buy();
    const older = await startPaying(order.id);
    expect(world.stripe.intents.get(older.paymentIntentId)!.metadata).toEqual({ orderId: order.id });
    // A newer intent attached without cancelling the older, as before 0026.
    const newerId = `pi_newer${older.paymentIntentId.slice(2)}`;
    world.stripe.intents.set(newerId, { ...world.stripe.intents.get(older.paymentIntentId)!, id: newerId });
    await world.t.db.update(orders).set({ paymentIntentId: newerId }).where(eq(orders.id, order.id));

    const response = await webhook(succeeded(world.stripe.update(older.paymentIntentId, { status: 'succeeded' })));
    expect(response.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', paymentIntentId: older.paymentIntentId });
    expect(world.stripe.cancelled).toContain(newerId);
    const registration = await world.t.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, order.registrationId));
    expect(registration[0]?.status).toBe('confirmed');
  });

  it('names each kind of payable and its id in the metadata of its intent', async () => {
    const { t, token } = world;
    const event = await publishEvent(t, token, { donationsEnabled: true });
    const programme = await createExtras(t, token, event.id, { name: 'Programme', price: 300 });
    const bought = expectPayload(
      await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
        body: { eventId: event.id, extrasId: programme.id, quantity: 1, email: 'fan@example.org' },
      }),
    );
    const forExtras = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: bought.id } }),
    );
    const { sponsorship } = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.create, {
        body: { eventId: event.id, amount: 2500, name: 'Dora Donor', email: 'dora@example.org' },
      }),
    );
    const forDonation = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, {
        body: { sponsorshipId: sponsorship.id },
      }),
    );
    expect(world.stripe.intents.get(forExtras.paymentIntentId)!.metadata).toEqual({ extrasPurchaseId: bought.id });
    expect(world.stripe.intents.get(forDonation.paymentIntentId)!.metadata).toEqual({ sponsorshipId: sponsorship.id });
  });
});
