import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TOrder, type TRegistration, type TTicket } from '@clubtix/contract';
import { registrations, tickets } from '../../../db/schema';
import { holdTickets, lapseHold, payFor, startPayment } from '../../../../test/buying';
import { addTicket, publishEvent } from '../../../../test/catalogue';
import {
  type ApiResponse,
  createAdminApp,
  createClubWithAdmin,
  createSiblingApp,
  createTestApp,
  expectError,
  type TestApp,
} from '../../../../test/helpers';
import { callEndpoint } from '../../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };

/** Not UTC nor any machine's likely zone: the time in a refusal must be the event's (UTC+7). */
const ZONE = 'Asia/Bangkok';

/** HH:MM of an instant in the event's time zone, as the buyer reads the event's times. */
const clock = (iso: string | null) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE }).format(
    new Date(iso!),
  );

const registrationOf = (response: ApiResponse): TRegistration => {
  expect(response.status, response.body.msg).toBe(200);
  return (response.body.payload as Init).registration;
};

/** A 429 of the hold limits, whose Retry-After runs until the hold that makes room lapses. */
function expectHoldRefused(response: ApiResponse, msg: string, lapsesAt: string | null): void {
  expectError(response, 429, 'RATE_LIMITED', msg);
  const seconds = (new Date(lapsesAt!).getTime() - Date.now()) / 1000;
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(Math.floor(seconds) - 5);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
}

let addressCounter = 1;
const newAddress = () => `10.2.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

async function setUp(t: TestApp, token: string, fields: Record<string, unknown> = {}) {
  const event = await publishEvent(t, token, { timezone: ZONE, maxTicketsPerOrder: 5, ...fields });
  const ticket = await addTicket(t, token, event.id, { quantity: 100, maxPerOrder: 5 });
  return { event, ticket };
}

function holdOn(t: TestApp, event: TEvent, ticket: TTicket, email: string, quantity: number, remoteAddress: string) {
  return callEndpoint(t, endpoints.registration.initRegistration, {
    remoteAddress,
    body: { eventId: event.id, email, tickets: [{ ticketId: ticket.id, quantity }] },
  });
}

async function pendingOf(t: TestApp, eventId: string) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.status, 'pending')));
  return row!.n;
}

async function statusOf(t: TestApp, registrationId: string) {
  const [row] = await t.db.select().from(registrations).where(eq(registrations.id, registrationId));
  return row!.status;
}

async function reservedOf(t: TestApp, ticketId: string) {
  const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
  return row!.reservedCount;
}

describe("one buyer e-mail holds at most the event's maxTicketsPerOrder tickets at once", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  // A hold with no payment started is let go when its buyer holds again (start-over.int.test.ts):
  // what the limit counts are the buyer's holds on their way to being paid, and the new one.
  it('refuses a hold past it with 429, holds nothing, and says what to do and until when', async () => {
    const { event, ticket } = await setUp(t, token);
    const hold = (email: string, quantity: number) => holdOn(t, event, ticket, email, quantity, newAddress());
    const first = registrationOf(await hold('kim@example.org', 3));
    await startPayment(t, first);

    // From another address and in another letter case: the e-mail is what counts.
    expectHoldRefused(
      await hold('KIM@Example.org', 3),
      'This e-mail address already holds 3 tickets for this event, and one buyer may hold at most 5 at once. ' +
        `Finish the booking you started, or wait until its hold lapses at ${clock(first.expiresAt)} and try again.`,
      first.expiresAt,
    );
    expect(await pendingOf(t, event.id)).toBe(1);
    expect(await reservedOf(t, ticket.id)).toBe(3);

    // Up to the limit, and not one more; the time is when enough of the holds have lapsed.
    const second = registrationOf(await hold('kim@example.org', 2));
    await startPayment(t, second);
    expectHoldRefused(
      await hold('kim@example.org', 1),
      'This e-mail address already holds 5 tickets for this event in 2 bookings, and one buyer may hold at most 5 at once. ' +
        `Finish a booking you started, or wait until a hold lapses at ${clock(first.expiresAt)} and try again.`,
      first.expiresAt,
    );
    expect(await reservedOf(t, ticket.id)).toBe(5);

    // Other buyers, and this buyer at another event, are not limited by it.
    registrationOf(await hold('lee@example.org', 5));
    const { event: other, ticket: otherTicket } = await setUp(t, token);
    registrationOf(await holdOn(t, other, otherTicket, 'kim@example.org', 5, newAddress()));

    // Once a hold lapses, its tickets no longer count.
    await lapseHold(t, first.registrationId);
    const third = registrationOf(await hold('kim@example.org', 3));
    expect((await hold('kim@example.org', 1)).status).toBe(200);
    expect(await statusOf(t, third.registrationId)).toBe('expired');
    expect(await statusOf(t, second.registrationId)).toBe('pending');
    expect(await reservedOf(t, ticket.id)).toBe(2 + 5 + 1);
  });

  it('counts no paid tickets: a buyer who finishes the booking may book again', async () => {
    const { event, ticket } = await setUp(t, token);
    const people = Array.from({ length: 5 }, (_, i) => ({
      firstName: 'Sam',
      lastName: `Rower ${i}`,
      email: 'sam@example.org',
    }));
    const held = await holdTickets(t, event.id, ticket.id, 'sam@example.org', people);
    await payFor(t, held);
    registrationOf(await holdOn(t, event, ticket, 'sam@example.org', 5, newAddress()));
    expect(await statusOf(t, held.registrationId)).toBe('confirmed');
  });
});

describe('one client address holds at most HOLDS_PER_ADDRESS pending registrations per event', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp({ HOLDS_PER_ADDRESS: '3' }));
  });
  afterAll(async () => t.close());

  it('refuses the next hold with 429, holds nothing, and says what to do and until when', async () => {
    const { event, ticket } = await setUp(t, token);
    const address = newAddress();
    let buyer = 0;
    const hold = (from = address) => holdOn(t, event, ticket, `buyer${buyer++}@example.org`, 1, from);
    const first = registrationOf(await hold());
    registrationOf(await hold());
    registrationOf(await hold());
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, first.registrationId));
    expect(row!.clientAddress).toBe(address);

    expectHoldRefused(
      await hold(),
      'Your network already has 3 unfinished bookings for this event, the most it may have at once. ' +
        `Finish a booking you started, or wait until a hold lapses at ${clock(first.expiresAt)} and try again.`,
      first.expiresAt,
    );
    expect(await pendingOf(t, event.id)).toBe(3);
    expect(await reservedOf(t, ticket.id)).toBe(3);

    // Another address, and this address at another event, are not limited by it.
    registrationOf(await hold(newAddress()));
    const { event: other, ticket: otherTicket } = await setUp(t, token);
    registrationOf(await holdOn(t, other, otherTicket, 'someone@example.org', 1, address));

    // Once a hold lapses, the address may hold again, once.
    await lapseHold(t, first.registrationId);
    registrationOf(await hold());
    expect((await hold()).status).toBe(429);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const { event, ticket } = await setUp(t, token);
    const held = await Promise.all(
      ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:a:b:c:d'].map((from, i) =>
        holdOn(t, event, ticket, `v6-${i}@example.org`, 1, from),
      ),
    );
    const [row] = await t.db
      .select()
      .from(registrations)
      .where(eq(registrations.id, registrationOf(held[0]!).registrationId));
    expect(row!.clientAddress).toBe('2001:db8:5:6::/64');
    expect((await holdOn(t, event, ticket, 'v6-4@example.org', 1, '2001:db8:5:6::99')).status).toBe(429);
    expect((await holdOn(t, event, ticket, 'v6-5@example.org', 1, '2001:db8:5:7::1')).status).toBe(200);
  });
});

describe('HOLDS_PER_ADDRESS=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HOLDS_PER_ADDRESS: '0' });
  });
  afterAll(async () => t.close());

  it('leaves the address unlimited and does not keep it', async () => {
    const { admin } = await createClubWithAdmin(t);
    const { event, ticket } = await setUp(t, admin.token);
    const address = newAddress();
    const held = await Promise.all(
      Array.from({ length: 25 }, (_, i) => holdOn(t, event, ticket, `many${i}@example.org`, 1, address)),
    );
    expect(held.filter((response) => response.status === 200)).toHaveLength(25);
    const [row] = await t.db
      .select({ kept: sql<number>`count(${registrations.clientAddress})::int` })
      .from(registrations)
      .where(eq(registrations.eventId, event.id));
    expect(row!.kept).toBe(0);
  });
});

/**
 * The limits hold under concurrency across processes: three app processes on one database, each with
 * its own connection pool, take holds from one address (or for one e-mail) at the same moment.
 */
describe('the hold limits with holds racing on three processes', () => {
  let apps: TestApp[];
  let token: string;
  beforeAll(async () => {
    const env = { HOLDS_PER_ADDRESS: '4' };
    const first = await createTestApp(env);
    apps = [first, await createSiblingApp(first, env), await createSiblingApp(first, env)];
    token = (await createClubWithAdmin(first)).admin.token;
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('lets exactly HOLDS_PER_ADDRESS of 30 simultaneous holds from one address through', async () => {
    const { event, ticket } = await setUp(apps[0]!, token);
    const address = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        holdOn(apps[i % apps.length]!, event, ticket, `racer${i}@example.org`, 1, address),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(26);
    expect(await pendingOf(apps[0]!, event.id)).toBe(4);
    expect(await reservedOf(apps[0]!, ticket.id)).toBe(4);
  });

  it('never lets one e-mail hold more than maxTicketsPerOrder of 30 simultaneous one-ticket holds, from any address', async () => {
    const { event, ticket } = await setUp(apps[0]!, token);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        holdOn(apps[i % apps.length]!, event, ticket, 'one@example.org', 1, newAddress()),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    // Holds let through after a batch committed let that batch's holds go (a buyer starting over):
    // whatever the timing, at most 5 are held at once, and the counters are the held rows.
    const { rows } = await apps[0]!.db.execute<{ status: string; n: number }>(sql`
      SELECT status, count(*)::int AS n FROM registrations WHERE event_id = ${event.id} GROUP BY status`);
    const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
    expect(count('pending')).toBeGreaterThanOrEqual(1);
    expect(count('pending')).toBeLessThanOrEqual(5);
    expect(count('pending') + count('expired')).toBe(statuses.filter((status) => status === 200).length);
    expect(await reservedOf(apps[0]!, ticket.id)).toBe(count('pending'));
  });
});
