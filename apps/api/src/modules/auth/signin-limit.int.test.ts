import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createClubWithAdmin,
  createTestApp,
  expectError,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/helpers';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL } from './auth.service';

// Each test signs in from its own address, so the per-address counter of one test never limits another.
let addressCounter = 1;
const newAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

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

  it('refuses the 11th attempt for one e-mail with 429, even with the right password; other e-mails still work', async () => {
    expect(MAX_FAILURES_PER_EMAIL).toBe(10);
    const { admin } = await createClubWithAdmin(t);
    const other = await createClubWithAdmin(t);
    const address = newAddress();
    await failTimes(admin.row.email, 10, address);

    const limited = await signIn(t, admin.row.email, undefined, address);
    expectError(limited, 429, 'RATE_LIMITED', /Too many failed sign-in attempts/);
    expect(limited.headers.authorization).toBeUndefined();
    // The limit is per e-mail: another address gets no further with that e-mail either.
    expectError(await signIn(t, admin.row.email, undefined, newAddress()), 429, 'RATE_LIMITED');
    expect((await signIn(t, other.admin.row.email, undefined, address)).status).toBe(200);
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
      call(t, 'POST', '/auth/signin', {
        body: { email, password },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}, ${client}` },
      });
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expectError(await guess(i, `rotating-${i}-${Date.now()}@example.org`), 401, 'UNAUTHENTICATED');
    }
    expectError(await guess(999, admin.row.email, TEST_PASSWORD), 429, 'RATE_LIMITED');
    // Another client behind the same proxy is not limited by it.
    const other = await call(t, 'POST', '/auth/signin', {
      body: { email: admin.row.email, password: TEST_PASSWORD },
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(other.status).toBe(200);
  });
});
