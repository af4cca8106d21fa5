import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClubWithAdmin,
  createSiblingApp,
  createTestApp,
  TEST_JWT_SECRET,
  tokenFor,
  type TestApp,
} from '../../../test/helpers';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../../../test/call-endpoint';

const rootVersion = (
  JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const LIVE_KEY = 'sk_live_51InfoTestNotARealKey0123456789';
const TEST_KEY = 'sk_test_51InfoTestNotARealKey0123456789';
const stripeEnv = (secretKey: string) => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: secretKey,
  STRIPE_PUBLISHABLE_KEY: secretKey.replace(/^sk_/, 'pk_'),
  STRIPE_WEBHOOK_SECRET: 'whsec_InfoTestNotARealSecret',
  // Nothing here calls Stripe; should anything try, it reaches a closed local port, not Stripe.
  STRIPE_API_BASE: 'http://127.0.0.1:9',
});

describe('GET /api/info', () => {
  let t: TestApp;
  const siblings: TestApp[] = [];
  const sibling = async (env: Record<string, string>) => {
    const app = await createSiblingApp(t, env);
    siblings.push(app);
    return app;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const app of siblings) await app.close();
    await t.close();
  });

  it('tells any visitor, without a token, what this installation is', async () => {
    const response = await callEndpoint(t, endpoints.system.info);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      payload: {
        name: 'ClubTix',
        version: rootVersion,
        paymentProvider: 'simulated',
        testMode: true,
        signupAllowed: true,
        currencies: ['usd', 'gbp', 'eur', 'thb'],
      },
    });
  });

  it('answers the same with a token, a garbage token or an expired one', async () => {
    const visitor = await callEndpoint(t, endpoints.system.info);
    const { admin } = await createClubWithAdmin(t);
    for (const token of [admin.token, 'not-a-token', await tokenFor(admin.row, -10)]) {
      const response = await callEndpoint(t, endpoints.system.info, { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(visitor.body);
    }
  });

  it('says when sign-up is closed (ALLOW_SIGNUP=false)', async () => {
    const closed = await sibling({ ALLOW_SIGNUP: 'FALSE' });
    expect((await callEndpoint(closed, endpoints.system.info)).body.payload).toMatchObject({ signupAllowed: false });
    const register = await callEndpoint(closed, endpoints.auth.register, {
      body: { name: 'Ann', email: `info-${Date.now()}@example.org`, password: 'sunny-day-42', clubName: 'Info Club' },
    });
    expect(register.status).toBe(403);
  });

  it('names Stripe in test mode for a test key, and no key or secret of any kind', async () => {
    const stripeTest = await sibling(stripeEnv(TEST_KEY));
    const response = await callEndpoint(stripeTest, endpoints.system.info);
    expect(response.status).toBe(200);
    expect(response.body.payload).toMatchObject({ paymentProvider: 'stripe', testMode: true });
    for (const secret of [TEST_KEY, 'pk_test_', 'whsec_', TEST_JWT_SECRET, stripeTest.databaseUrl, 'postgres']) {
      expect(response.text).not.toContain(secret);
    }
  });

  it('says a live Stripe key is not test mode', async () => {
    const stripeLive = await sibling(stripeEnv(LIVE_KEY));
    const response = await callEndpoint(stripeLive, endpoints.system.info);
    expect(response.body.payload).toMatchObject({ paymentProvider: 'stripe', testMode: false });
    expect(response.text).not.toContain('sk_live_');
  });

  it('is in the OpenAPI document as a public call', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { security?: unknown } }>;
    }>();
    expect(document.paths['/info']?.get).toBeDefined();
    expect(document.paths['/info']?.get?.security).toBeUndefined();
  });
});
