import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SIGN_UPS_PER_HOUR, type Endpoint } from '@clubtix/contract';
import { rateLimits, registrations, sponsorships, users } from '../db/schema';
import { addTicket, publishEvent } from '../../test/catalogue';
import {
  call,
  createClubWithAdmin,
  createSiblingApp,
  createTestApp,
  expectError,
  type ApiResponse,
  type TestApp,
} from '../../test/helpers';
import { callEndpoint } from '../../test/call-endpoint';

const LIMITED = { PUBLIC_WRITE_LIMIT: '60' };
const MINUTE_REFUSAL = 'Too many attempts from your network: try again in a minute.';

// Each test calls from its own address, so the counters of one test never limit another.
let addressCounter = 1;
const newAddress = () => `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

const limitedEndpoints = () =>
  Object.values(endpoints).flatMap((group) =>
    Object.values(group as Record<string, Endpoint>).filter((endpoint) => endpoint.rateLimit),
  );

/** A refusal of docs/product.md section 18: 429 RATE_LIMITED, the message, and Retry-After in whole seconds. */
function expectLimited(response: ApiResponse, msg: string | RegExp, maxSeconds: number): number {
  expectError(response, 429, 'RATE_LIMITED', msg);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= maxSeconds, `Retry-After ${retryAfter}`).toBe(
    true,
  );
  return retryAfter;
}

describe('the public-write limit per client address (docs/product.md section 18)', () => {
  let apps: TestApp[];
  let token: string;
  let eventId: string;
  let ticketId: string;

  beforeAll(async () => {
    const first = await createTestApp(LIMITED);
    apps = [first, await createSiblingApp(first, LIMITED)];
    token = (await createClubWithAdmin(first)).admin.token;
    eventId = (await publishEvent(first, token, { maxTicketsPerOrder: 10 })).id;
    ticketId = (await addTicket(first, token, eventId, { quantity: null })).id;
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  let buyer = 0;
  const hold = (t: TestApp, remoteAddress: string) =>
    callEndpoint(t, endpoints.registration.initRegistration, {
      remoteAddress,
      body: { eventId, email: `buyer${buyer++}@example.org`, tickets: [{ ticketId, quantity: 1 }] },
    });
  const count = async (table: typeof registrations | typeof users | typeof sponsorships) => {
    const [row] = await apps[0]!.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row!.n;
  };

  it('marks exactly the public writes docs/product.md names (and the sponsorship payment), sign-up as sign-up', () => {
    expect(
      limitedEndpoints()
        .map(
          (endpoint) =>
            `${endpoint.method} ${endpoint.path} ${endpoint.rateLimit}` +
            (endpoint.rateLimitOnlyWith ? ` with ${endpoint.rateLimitOnlyWith}` : ''),
        )
        .sort(),
    ).toEqual(
      [
        'GET /discount/checkCode publicWrite',
        'GET /registration/getRegistrationByEmail publicWrite',
        'GET /ticket/getTicketsByEventId publicWrite with code',
        'POST /auth/register signUp',
        'POST /auth/requestPasswordReset publicWrite',
        'POST /auth/resetPassword publicWrite',
        'POST /extras/purchaseExtras publicWrite',
        'POST /order/createOrder publicWrite',
        'POST /pass/purchase publicWrite',
        'POST /registration/initRegistration publicWrite',
        'POST /registration/save publicWrite',
        'POST /sponsorship/create publicWrite',
        'POST /sponsorship/createSponsorshipPaymentIntent publicWrite',
        'POST /sponsorship/uploadLogo publicWrite',
        'POST /waitlist/claim publicWrite',
        'POST /waitlist/join publicWrite',
        'POST /stripe/create-payment-intent publicWrite',
      ].sort(),
    );
    expect(limitedEndpoints().every((endpoint) => endpoint.access === 'public')).toBe(true);
  });

  it('answers the 61st public write of a minute from one address 429 with Retry-After, on any process, and holds nothing', async () => {
    const address = newAddress();
    const before = await count(registrations);
    // Sixty holds through two processes that share the count, some at the same moment.
    const first = await Promise.all(Array.from({ length: 30 }, () => hold(apps[0]!, address)));
    const second = await Promise.all(Array.from({ length: 30 }, () => hold(apps[1]!, address)));
    expect([...first, ...second].map((response) => response.status)).toEqual(Array.from({ length: 60 }, () => 200));
    expect(await count(registrations)).toBe(before + 60);

    expectLimited(await hold(apps[1]!, address), MINUTE_REFUSAL, 60);
    expectLimited(await hold(apps[0]!, address), MINUTE_REFUSAL, 60);
    expect(await count(registrations)).toBe(before + 60);

    // Another address is not limited by this one, nor are reads or the club's own calls from it.
    expect((await hold(apps[0]!, newAddress())).status).toBe(200);
    for (const query of [{ eventId }, { eventId, code: '' }]) {
      const read = await callEndpoint(apps[0]!, endpoints.ticket.getTicketsByEventId, {
        remoteAddress: address,
        query,
      });
      expect(read.status).toBe(200);
    }
    // The ticket list asked with a code tells whether the code opens a hidden ticket: it counts.
    const withCode = await callEndpoint(apps[0]!, endpoints.ticket.getTicketsByEventId, {
      remoteAddress: address,
      query: { eventId, code: 'CREW-PASS' },
    });
    expectLimited(withCode, MINUTE_REFUSAL, 60);
    expectLimited(
      await callEndpoint(apps[1]!, endpoints.discount.checkCode, {
        remoteAddress: address,
        query: { eventId, code: 'CREW-PASS' },
      }),
      MINUTE_REFUSAL,
      60,
    );
    const admin = await callEndpoint(apps[0]!, endpoints.ticket.save, {
      remoteAddress: address,
      token,
      body: { eventId, name: 'Child', price: 500, quantity: 5 },
    });
    expect(admin.status).toBe(200);
  });

  it('refuses every limited call past the limit before reading its input: no 400, nothing written', async () => {
    const address = newAddress();
    await apps[0]!.db.insert(rateLimits).values({
      key: `public-write:${address}`,
      hits: 60,
      windowStartedAt: new Date(),
      windowEndsAt: new Date(Date.now() + 30_000),
    });
    const counts = async () => [await count(registrations), await count(users), await count(sponsorships)];
    const before = await counts();
    for (const endpoint of limitedEndpoints()) {
      // Input that would answer 400, and real input: both refused alike.
      const junk = await call(apps[0]!, endpoint.method, endpoint.path, {
        remoteAddress: address,
        ...(endpoint.method === 'GET'
          ? {
              query: {
                email: 'not an e-mail',
                ...(endpoint.rateLimitOnlyWith ? { [endpoint.rateLimitOnlyWith]: 'X' } : {}),
              },
            }
          : { body: { nonsense: true } }),
      });
      expectLimited(junk, MINUTE_REFUSAL, 60);
    }
    expectLimited(await hold(apps[0]!, address), MINUTE_REFUSAL, 30);
    expect(await counts()).toEqual(before);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    await apps[0]!.db.insert(rateLimits).values({
      key: 'public-write:2001:db8:1:2::/64',
      hits: 60,
      windowStartedAt: new Date(),
      windowEndsAt: new Date(Date.now() + 30_000),
    });
    expectLimited(await hold(apps[0]!, '2001:db8:1:2::abcd'), MINUTE_REFUSAL, 30);
    expectLimited(await hold(apps[1]!, '2001:db8:1:2:ffff:1:2:3'), MINUTE_REFUSAL, 30);
    expect((await hold(apps[0]!, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('starts a new window once the minute has passed', async () => {
    const address = newAddress();
    await apps[0]!.db.insert(rateLimits).values({
      key: `public-write:${address}`,
      hits: 500,
      windowStartedAt: new Date(Date.now() - 61_000),
      windowEndsAt: new Date(Date.now() - 1_000),
    });
    expect((await hold(apps[0]!, address)).status).toBe(200);
    const [row] = await apps[0]!.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `public-write:${address}`));
    expect(row!.hits).toBe(1);
    expect(row!.windowEndsAt.getTime() - row!.windowStartedAt.getTime()).toBe(60_000);
  });

  it(`lets one address sign up ${SIGN_UPS_PER_HOUR} clubs an hour, refusing the next before its handler runs`, async () => {
    const address = newAddress();
    const register = (i: number) =>
      callEndpoint(apps[i % 2]!, endpoints.auth.register, {
        remoteAddress: address,
        body: {
          name: 'Ann',
          email: `signup-${address}-${i}@example.org`,
          password: 'sunny-day-42',
          clubName: `Club ${i}`,
        },
      });
    for (let i = 0; i < SIGN_UPS_PER_HOUR; i++) expect((await register(i)).status).toBe(200);
    const usersBefore = await count(users);

    const refused = await register(SIGN_UPS_PER_HOUR);
    const retryAfter = expectLimited(
      refused,
      /^Too many sign-up attempts from your network: try again in \d+ minutes\.$/,
      3600,
    );
    expect(retryAfter).toBeGreaterThan(3000);
    expect(refused.headers.authorization).toBeUndefined();
    expect(await count(users)).toBe(usersBefore);
    // An e-mail already signed up would answer 409 from the handler, before it hashed the password:
    // the limit answers first.
    const again = await callEndpoint(apps[0]!, endpoints.auth.register, {
      remoteAddress: address,
      body: { name: 'Ann', email: `signup-${address}-0@example.org`, password: 'sunny-day-42', clubName: 'Again' },
    });
    expectLimited(again, /^Too many sign-up attempts/, 3600);
    // Only sign-up is held to the hour: the address may still buy.
    expect((await hold(apps[0]!, address)).status).toBe(200);
  });
});

describe('PUBLIC_WRITE_LIMIT=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_WRITE_LIMIT: '0' });
  });
  afterAll(async () => t.close());

  it('turns every public-write limit off, sign-up included, and counts nothing', async () => {
    const { admin } = await createClubWithAdmin(t);
    const event = await publishEvent(t, admin.token);
    const ticket = await addTicket(t, admin.token, event.id, { quantity: null });
    const address = newAddress();
    const holds = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        callEndpoint(t, endpoints.registration.initRegistration, {
          remoteAddress: address,
          body: { eventId: event.id, email: `off${i}@example.org`, tickets: [{ ticketId: ticket.id, quantity: 1 }] },
        }),
      ),
    );
    expect(holds.filter((response) => response.status === 200)).toHaveLength(70);
    for (let i = 0; i <= SIGN_UPS_PER_HOUR; i++) {
      const response = await callEndpoint(t, endpoints.auth.register, {
        remoteAddress: address,
        body: { name: 'Ann', email: `off-signup-${i}@example.org`, password: 'sunny-day-42', clubName: `Off ${i}` },
      });
      expect(response.status).toBe(200);
    }
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits);
    expect(row!.n).toBe(0);
  });
});

describe('ended windows are purged', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(LIMITED, { holdSweepMs: 100 });
  });
  afterAll(async () => t.close());

  it('by the background sweep, on its own, keeping the windows still running', async () => {
    const address = newAddress();
    const keys = (prefix: string) =>
      t.db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(like(rateLimits.key, `%${prefix}%`))
        .then((rows) => rows.map((row) => row.key).sort());
    await t.db.insert(rateLimits).values([
      {
        key: `public-write:ended-${address}`,
        hits: 9,
        windowStartedAt: new Date(Date.now() - 120_000),
        windowEndsAt: new Date(Date.now() - 60_000),
      },
      {
        key: `sign-up:ended-${address}`,
        hits: 5,
        windowStartedAt: new Date(Date.now() - 3_700_000),
        windowEndsAt: new Date(Date.now() - 100_000),
      },
      {
        key: `public-write:running-${address}`,
        hits: 3,
        windowStartedAt: new Date(),
        windowEndsAt: new Date(Date.now() + 60_000),
      },
    ]);
    await expect.poll(() => keys(address), { timeout: 30_000 }).toEqual([`public-write:running-${address}`]);
  });
});
