import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signToken } from '../../apps/api/src/modules/auth/tokens';
import { api, launchBrowser, newPage, primeSession, toast, unique } from '../helpers';

describe('an expired session', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('lands on sign-in with a toast saying the session expired, signed out', async () => {
    const registered = await api<{ currentUser: { id: string } }>('POST', '/auth/register', {
      body: {
        name: 'Eve Expired',
        email: `${unique('expired')}@example.org`,
        password: 'expired123',
        clubName: unique('Late Club'),
      },
    });
    const user = registered.body.payload.currentUser;
    const expired = await signToken(user.id, inject('jwtSecret'), -60);

    const { context, page } = await newPage(browser);
    await primeSession(page, expired, user);
    await page.goto('/dashboard/admin');
    await toast(page, 'Your session has expired. Please sign in again.').waitFor();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.getItem('clubtix.token'))).toBeNull();
    await context.close();
  });
});
