import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TRegistration } from '@clubtix/contract';
import { orders, users } from '../db/schema';
import { simulatedProvider } from '../modules/purchase/pay/simulated-provider';
import { holdTickets } from '../../test/buying';
import { addTicket, publishEvent } from '../../test/catalogue';
import {
  createClubWithAdmin,
  createSiblingApp,
  createSudo,
  createTestApp,
  signIn,
  type TestApp,
} from '../../test/helpers';
import { callEndpoint, expectPayload } from '../../test/call-endpoint';

const GOOD_CARD = '4242 4242 4242 4242';
const POLL = { timeout: 30_000, interval: 50 };

/**
 * docs/product.md section 18: logs hold, at every level, no qrUuid, payment intent id or client secret,
 * token, password hash, SQL parameter or buyer e-mail address. The product's own logger runs at
 * trace here, writing into memory, through a purchase, a payment nobody confirmed, failed queries
 * and a password change; every secret those used is then looked for in what it wrote.
 */
describe('the log, at trace level, through the paths that handle secrets', () => {
  let setup: TestApp;
  let t: TestApp;
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  const log = () => lines.join('');
  const keep = (what: string, value: string | null | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.set(`${what} ${secrets.size}`, value!);
  };
  let adminToken: string;
  let clubId: string;

  beforeAll(async () => {
    setup = await createTestApp();
    // A query that waits on a lock gives up within the test's time (and is logged as it fails).
    const name = new URL(setup.databaseUrl).pathname.slice(1);
    await setup.db.execute(sql.raw(`ALTER DATABASE "${name}" SET lock_timeout = '300ms'`));
    t = await createSiblingApp(
      setup,
      { LOG_LEVEL: 'trace' },
      { paymentReconcileMs: 100, logDestination: { write: (line) => void lines.push(line) } },
    );
    const { club, admin } = await createClubWithAdmin(t);
    adminToken = admin.token;
    clubId = club.id;
    keep('admin token', adminToken);
  });
  afterAll(async () => {
    await t?.close();
    await setup?.close();
  });

  async function readyToPay(buyer: string) {
    const event = await publishEvent(t, adminToken);
    const ticket = await addTicket(t, adminToken, event.id, { price: 1500, quantity: 5 });
    const held = await holdTickets(t, event.id, ticket.id, buyer, [
      { firstName: 'Pat', lastName: 'Payer', email: buyer },
    ]);
    const { order } = expectPayload(
      await callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid },
      }),
    );
    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
    );
    keep('buyer e-mail', buyer);
    keep('qrUuid', held.qrUuid);
    keep('payment intent id', intent.paymentIntentId);
    keep('client secret', intent.clientSecret);
    return { event, held, order, intent };
  }

  it('a purchase with the simulated provider: held, paid, its tickets looked at', async () => {
    const { event, held, intent } = await readyToPay('paying.buyer@example.org');
    const paid = await callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: intent.paymentIntentId, testCard: GOOD_CARD },
    });
    expect(paid.status).toBe(200);
    const registration = (paid.body.payload as { registration: TRegistration }).registration;
    expect(registration.status).toBe('confirmed');
    // The calls that carry the secrets in their address, as the buyer's pages make them.
    const fromPayment = await callEndpoint(t, endpoints.stripe.getRegistrationFromPayment, {
      query: { paymentIntentId: intent.paymentIntentId },
    });
    expect(fromPayment.status).toBe(200);
    const own = await callEndpoint(t, endpoints.registration.getRegistration, {
      query: { registrationId: held.registrationId, qrUuid: held.qrUuid },
    });
    expect(own.status).toBe(200);
    const attendee = registration.attendees[0]!;
    await t.app.inject({
      method: 'GET',
      url: `/event/${event.id}/qr/${held.registrationId}/${attendee.attendeeId}/${held.qrUuid}`,
    });
    await t.app.inject({
      method: 'GET',
      url: `/paying/checkout?payment_intent=${intent.paymentIntentId}&payment_intent_client_secret=${intent.clientSecret}`,
    });
    expect(log()).toContain('/api/stripe/confirm-payment');
  });

  it('a payment nobody confirmed, settled by the reconciliation', async () => {
    const { order, intent } = await readyToPay('closed.tab@example.org');
    expect(
      (await simulatedProvider(t.db).payWithTestCard!(intent.paymentIntentId, GOOD_CARD.replaceAll(' ', '')))?.status,
    ).toBe('succeeded');
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(orders.id, order.id));
    const statusOf = async () =>
      expectPayload(
        await callEndpoint(t, endpoints.order.getOrderById, { token: adminToken, query: { orderId: order.id } }),
      ).paymentStatus;
    await expect.poll(statusOf, POLL).toBe('paid');
    await expect.poll(() => log(), POLL).toContain('payment reconciliation: settled a payment nobody had confirmed');
    expect(log()).toContain(`"id":"${order.id}"`);
  });

  it('a failed query whose parameters carry a qrUuid (a lock that did not come in time)', async () => {
    const { held } = await readyToPay('locked.out@example.org');
    await setup.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE registrations IN ACCESS EXCLUSIVE MODE`);
      const failed = await callEndpoint(t, endpoints.registration.getRegistration, {
        query: { registrationId: held.registrationId, qrUuid: held.qrUuid },
      });
      expect(failed.status).toBe(500);
    });
    expect(log()).toContain('lock timeout');
    expect(log()).toContain('params: [redacted]');
  });

  it('an access code: in the addresses that carry it, in a hold, and in a query that failed with it', async () => {
    const event = await publishEvent(t, adminToken);
    const hidden = await addTicket(t, adminToken, event.id, { price: 0, quantity: 5, hidden: true });
    const code = `CREW-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    keep('access code', code);
    const saved = await callEndpoint(t, endpoints.discount.save, {
      token: adminToken,
      body: { eventId: event.id, code, kind: 'percent', value: 100, ticketIds: [hidden.id] },
    });
    expect(saved.status).toBe(200);
    const lower = code.toLowerCase();
    keep('access code as typed', lower);

    const checked = await callEndpoint(t, endpoints.discount.checkCode, { query: { eventId: event.id, code: lower } });
    expect(checked.status).toBe(200);
    const tickets = await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id, code } });
    expect(tickets.status).toBe(200);
    for (const page of [`/${event.slug}?code=${code}`, `/${event.slug}/tickets?discountCode=${lower}&code=${code}`]) {
      await t.app.inject({ method: 'GET', url: page });
    }
    const held = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: {
        eventId: event.id,
        email: 'crew.member@example.org',
        tickets: [{ ticketId: hidden.id, quantity: 1 }],
        discountCode: lower,
      },
    });
    expect(held.status).toBe(200);

    // Drizzle writes a failed query's parameters, the code among them, into its error.
    await setup.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE discounts IN ACCESS EXCLUSIVE MODE`);
      const failed = await callEndpoint(t, endpoints.discount.checkCode, { query: { eventId: event.id, code } });
      expect(failed.status).toBe(500);
    });
    expect(log()).toContain('/api/discount/checkCode?eventId=');
    expect(log()).toContain('code=[redacted]');
  });

  it('a password change, and one whose query fails with the new hash and the e-mail among its parameters', async () => {
    const sudo = await createSudo(t);
    keep('sudo token', sudo.token);
    const email = 'renamed.admin@example.org';
    const body = { name: 'Ada Admin', email, password: 'a-new-password-2027', clubId };
    const admin = (await callEndpoint(t, endpoints.appUser.getAppUsers, { token: sudo.token, query: { clubId } })).body
      .payload as { appUsers: { id: string }[] };
    const id = admin.appUsers[0]!.id;
    const saved = await callEndpoint(t, endpoints.appUser.save, { token: sudo.token, body: { id, ...body } });
    expect(saved.status).toBe(200);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    keep('password hash', row!.hash);
    keep('admin e-mail', email);
    const signedIn = await signIn(t, email, 'a-new-password-2027');
    keep('token from sign-in', signedIn.headers.authorization as string);

    // The same change again, refused by the database this time: Drizzle's error names every value.
    await setup.db.execute(
      sql.raw(`CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    );
    await setup.db.execute(
      sql.raw(`CREATE TRIGGER refuse_update BEFORE UPDATE ON users FOR EACH ROW
        WHEN (NEW.name = 'Refused Name') EXECUTE FUNCTION refuse_update()`),
    );
    const failed = await callEndpoint(t, endpoints.appUser.save, {
      token: sudo.token,
      body: { id, ...body, name: 'Refused Name', password: 'another-password-2028' },
    });
    expect(failed.status).toBe(500);
    expect(log()).toContain('refused by the test');
    expect(log()).toContain('Failed query: update \\"users\\"');
  });

  it('holds none of the secrets used, in any line, at any level', () => {
    const text = log();
    // Every level was written: the request lines are at info, the failures at error.
    expect(text).toMatch(/"level":30/);
    expect(text).toMatch(/"level":50/);
    for (const [what, secret] of secrets) expect(text, `${what} in the log`).not.toContain(secret);
    // Whatever hash or e-mail the log would have written, not only those above.
    expect(text).not.toContain('scrypt$');
    expect(text).not.toMatch(/[\w.+-]+@example\.org/);
    expect(text).not.toMatch(/(?<![a-z])pi_[A-Za-z0-9]{8}/);
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
    expect(text).not.toMatch(/params: (?!\[redacted\])/);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });
});
