import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClubWithAdmin,
  createTestApp,
  expectError,
  signIn,
  TEST_PASSWORD,
  type ApiResponse,
  type TestApp,
} from '../../../test/helpers';
import {
  ACCOUNT_AND_ADDRESS_WINDOW_MINUTES,
  ACCOUNT_WINDOW_MINUTES,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  MAX_FAILURES_PER_ADDRESS,
  signinCounters,
} from '../users/signin-limit.repo';
import { signinFailures } from '../../db/schema';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../../../test/call-endpoint';

// Each test signs in from its own address, so the per-address counter of one test never limits another.
let addressCounter = 1;
const newAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** A 429 of the sign-in limits: its words, and Retry-After within the refusing window. */
function expectLimited(response: ApiResponse, words: RegExp, windowMinutes: number): number {
  expectError(response, 429, 'RATE_LIMITED', words);
  expect(response.headers.authorization).toBeUndefined();
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60);
  return retryAfter;
}
const OWN_TRIES = /^Too many failed sign-in attempts\. Please try again in \d+ minutes\.$/;
const FROM_EVERYWHERE =
  /^Too many failed sign-in attempts for this account from many places\. Please try again in \d+ minutes\.$/;

describe('sign-in rate limiting (docs/product.md section 13)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function failTimes(email: string, times: number, address: string): Promise<void> {
    for (let i = 0; i < times; i++) {
      expectError(await signIn(t, email, `wrong-password-${i}`, address), 401, 'UNAUTHENTICATED');
    }
  }

  it('refuses the 11th attempt for one account from one address with 429 and Retry-After, even with the right password; another address still signs in', async () => {
    expect(MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS).toBe(10);
    const { admin } = await createClubWithAdmin(t);
    const other = await createClubWithAdmin(t);
    const address = newAddress();
    await failTimes(admin.row.email, 10, address);

    expectLimited(await signIn(t, admin.row.email, undefined, address), OWN_TRIES, ACCOUNT_AND_ADDRESS_WINDOW_MINUTES);
    // Counted per account and address: the person signs in from where they are, and other
    // accounts still sign in from the guesser's address.
    expect((await signIn(t, admin.row.email, undefined, newAddress())).status).toBe(200);
    expect((await signIn(t, other.admin.row.email, undefined, address)).status).toBe(200);
    expectLimited(await signIn(t, admin.row.email, undefined, address), OWN_TRIES, ACCOUNT_AND_ADDRESS_WINDOW_MINUTES);
  });

  it('never locks door staff out with wrong passwords from other addresses: 11 and more, then the right one from a fresh address', async () => {
    const { admin } = await createClubWithAdmin(t);
    for (let i = 0; i < 15; i++) await failTimes(admin.row.email, 1, newAddress());
    expect((await signIn(t, admin.row.email, undefined, newAddress())).status).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 network as one address', async () => {
    const { admin } = await createClubWithAdmin(t);
    const network = `2001:db8:77:${(addressCounter++).toString(16)}`;
    for (let i = 1; i <= 10; i++) await failTimes(admin.row.email, 1, `${network}::${i.toString(16)}`);
    expectLimited(
      await signIn(t, admin.row.email, undefined, `${network}:ffff::1`),
      OWN_TRIES,
      ACCOUNT_AND_ADDRESS_WINDOW_MINUTES,
    );
    expect((await signIn(t, admin.row.email, undefined, `2001:db8:78::1`)).status).toBe(200);
  });

  it('locks the account everywhere for the hour once 100 wrong passwords came from many addresses, all at once too', async () => {
    expect(MAX_FAILURES_PER_ACCOUNT).toBe(100);
    const { admin } = await createClubWithAdmin(t);
    // 90 wrong passwords already counted this hour (each checked password costs 32 MiB of scrypt, so
    // the first 90 are written as the counter, not sent); then 11 addresses, each within its own
    // bound of 10, send two guesses each at once: exactly 10 more are checked, whatever the order.
    const account = signinCounters(admin.row.email, null).find((counter) => counter.kind === 'account')!;
    await t.db.insert(signinFailures).values({ key: account.key, failures: 90, windowStartedAt: new Date() });
    const addresses = Array.from({ length: 11 }, newAddress);
    const responses = await Promise.all(
      addresses.flatMap((address) =>
        Array.from({ length: 2 }, (_, i) => signIn(t, admin.row.email, `spread-guess-${i}`, address)),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12);

    const retryAfter = expectLimited(
      await signIn(t, admin.row.email, undefined, newAddress()),
      FROM_EVERYWHERE,
      ACCOUNT_WINDOW_MINUTES,
    );
    // The hour's window, not the quarter hour of one address.
    expect(retryAfter).toBeGreaterThan(ACCOUNT_AND_ADDRESS_WINDOW_MINUTES * 60);
  });

  it('counts unknown e-mails too, in any letter case', async () => {
    const email = `Ghost-${Date.now()}@Example.org`;
    const address = newAddress();
    await failTimes(email, 5, address);
    await failTimes(email.toLowerCase(), 5, address);
    expectError(await signIn(t, email.toUpperCase(), 'anything-1', address), 429, 'RATE_LIMITED');
  });

  it('starts counting afresh after a successful sign-in', async () => {
    const { admin } = await createClubWithAdmin(t);
    const address = newAddress();
    await failTimes(admin.row.email, 9, address);
    expect((await signIn(t, admin.row.email, undefined, address)).status).toBe(200);
    await failTimes(admin.row.email, 9, address);
    expect((await signIn(t, admin.row.email, undefined, address)).status).toBe(200);
  });

  it('lets no more than 10 wrong guesses through when they arrive all at once', async () => {
    const { admin } = await createClubWithAdmin(t);
    const address = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signIn(t, admin.row.email, `parallel-guess-${i}`, address)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    expectError(await signIn(t, admin.row.email, undefined, address), 429, 'RATE_LIMITED');
    expect((await signIn(t, admin.row.email, undefined, newAddress())).status).toBe(200);
  });

  it('limits one address that tries many e-mails, while other addresses still sign in', async () => {
    expect(MAX_FAILURES_PER_ADDRESS).toBe(50);
    const { admin } = await createClubWithAdmin(t);
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      await Promise.all(
        Array.from({ length: 5 }, (_, j) =>
          signIn(t, `stuffing-${i}-${j}-${Date.now()}@example.org`, 'guess-123', address).then((response) =>
            expectError(response, 401, 'UNAUTHENTICATED'),
          ),
        ),
      );
    }
    expectError(await signIn(t, admin.row.email, undefined, address), 429, 'RATE_LIMITED');
    expect((await signIn(t, admin.row.email, undefined, newAddress())).status).toBe(200);
  });
});

describe('sign-in rate limiting behind a proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  it('counts by the address the proxy saw, however the client fills X-Forwarded-For', async () => {
    const { admin } = await createClubWithAdmin(t);
    const proxy = '127.0.0.1';
    const client = '198.51.100.7';
    // Each guess claims another origin in the header; the proxy appends the address it really saw.
    const guess = (i: number, email: string, password = 'guess-123') =>
      callEndpoint(t, endpoints.auth.signin, {
        body: { email, password },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}, ${client}` },
      });
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expectError(await guess(i, `rotating-${i}-${Date.now()}@example.org`), 401, 'UNAUTHENTICATED');
    }
    expectError(await guess(999, admin.row.email, TEST_PASSWORD), 429, 'RATE_LIMITED');
    // Another client behind the same proxy is not limited by it.
    const other = await callEndpoint(t, endpoints.auth.signin, {
      body: { email: admin.row.email, password: TEST_PASSWORD },
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(other.status).toBe(200);
  });
});

describe('sign-in rate limiting behind listed proxies (TRUST_PROXY=10.0.0.0/8,fd00::/8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, fd00::/8' });
  });
  afterAll(async () => t.close());

  const signInVia = (peer: string, forwardedFor: string, email: string, password: string) =>
    callEndpoint(t, endpoints.auth.signin, {
      body: { email, password },
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('lets a peer outside the list choose no address: its guesses count against its own, whatever X-Forwarded-For says', async () => {
    const { admin } = await createClubWithAdmin(t);
    const direct = '203.0.113.50';
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expectError(
        await signInVia(direct, `198.51.100.${i + 1}`, admin.row.email, `guess-${i}`),
        401,
        'UNAUTHENTICATED',
      );
    }
    expectLimited(
      await signInVia(direct, '198.51.100.200', admin.row.email, TEST_PASSWORD),
      OWN_TRIES,
      ACCOUNT_AND_ADDRESS_WINDOW_MINUTES,
    );
    // Neither can it pose as a listed proxy passing a client on.
    expectLimited(
      await signInVia(direct, '10.0.0.9, 198.51.100.201', admin.row.email, TEST_PASSWORD),
      OWN_TRIES,
      ACCOUNT_AND_ADDRESS_WINDOW_MINUTES,
    );
  });

  it('takes the client address from a listed proxy, IPv4, IPv6 or IPv4 through an IPv6 socket', async () => {
    const { admin } = await createClubWithAdmin(t);
    const client = '198.51.100.60';
    const proxies = ['10.1.2.3', 'fd00::5', '::ffff:10.9.9.9'];
    // Ten guesses through three proxies are one client's: the eleventh is refused through any of them.
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      const proxy = proxies[i % proxies.length]!;
      expectError(
        await signInVia(proxy, `203.0.113.${i}, ${client}`, admin.row.email, `guess-${i}`),
        401,
        'UNAUTHENTICATED',
      );
    }
    for (const proxy of proxies) {
      expectLimited(
        await signInVia(proxy, client, admin.row.email, TEST_PASSWORD),
        OWN_TRIES,
        ACCOUNT_AND_ADDRESS_WINDOW_MINUTES,
      );
    }
    // Another client behind the same proxies signs in.
    expect((await signInVia(proxies[0]!, '198.51.100.61', admin.row.email, TEST_PASSWORD)).status).toBe(200);
  });
});
