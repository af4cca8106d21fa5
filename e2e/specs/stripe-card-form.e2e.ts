import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TCurrentUser, TEvent } from '@clubtix/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../apps/api/src/db/embedded';
import { startServer, type ServerProcess } from '../../apps/api/test/server-process';
import { startStripeStandIn, type StripeStandIn } from '../../apps/api/test/stripe-stand-in';
import { api, launchBrowser, newPage, PHONE, unique, waitForTitle } from '../helpers';

const SECRET_KEY = 'sk_test_e2e_card_form';

/**
 * An installation with PAYMENT_PROVIDER=stripe whose server talks to the local Stripe stand-in
 * (STRIPE_API_BASE), and a browser that cannot reach js.stripe.com: an air-gapped server, a
 * venue's bad Wi-Fi, a blocker. The buyer must be told, and be able to try again.
 */
describe('the Stripe card form when Stripe.js cannot load', () => {
  let browser: Browser;
  let standIn: StripeStandIn;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn(SECRET_KEY);
    dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-e2e-stripe-'));
    chmodSync(dataDir, 0o755);
    server = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SUDO_EMAIL: 'sudo@stripe.test',
      SUDO_PASSWORD: 'stripe-password-1',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_card_form',
      STRIPE_API_BASE: standIn.url,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
    await standIn?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says the card form could not be loaded, offers to try again, and loads again when asked', async () => {
    const baseUrl = server.baseUrl;
    const registered = await api<{ currentUser: TCurrentUser }>('POST', '/auth/register', {
      baseUrl,
      body: {
        name: 'Ada Admin',
        email: `${unique('admin')}@example.org`,
        password: 'rowing2026',
        clubName: unique('Harbour Rowing'),
      },
    });
    expect(registered.status).toBe(200);
    const title = unique('Summer Regatta');
    const saved = await api<TEvent>('POST', '/event/save', {
      baseUrl,
      token: registered.authorization!,
      body: {
        title,
        slug: title.toLowerCase(),
        venue: 'Harbour Steps',
        startDate: '2030-08-15T09:00:00.000Z',
        endDate: '2030-08-15T16:00:00.000Z',
        timezone: 'Europe/London',
        currency: 'gbp',
        status: 'published',
        donationsEnabled: true,
      },
    });
    expect(saved.status).toBe(200);
    const event = saved.body.payload;

    const { context, page } = await newPage(browser, PHONE);
    let stripeJsRequests = 0;
    await page.route('https://js.stripe.com/**', (route) => {
      stripeJsRequests++;
      return route.abort('internetdisconnected');
    });
    const unhandled: string[] = [];
    page.on('pageerror', (error) => unhandled.push(error.message));

    await page.goto(`${baseUrl}/event/${event.id}/donation`);
    await waitForTitle(page, 'Support Event | ClubTix');
    const donation = page.getByRole('region', { name: 'Make a donation' });
    await donation.getByText('Other amount', { exact: true }).click();
    await donation.getByLabel('Your amount (GBP)').fill('12.50');
    await donation.getByLabel('Name', { exact: true }).fill('Dora Donor');
    await donation.getByLabel('E-mail', { exact: true }).fill(`${unique('dora')}@example.org`);
    await donation.getByRole('button', { name: 'Donate £12.50' }).click();

    // The intent was made at "Stripe" (the stand-in); the form is Stripe's, in test mode.
    const form = page.getByRole('region', { name: 'Test mode' });
    await form.getByText('No real payment', { exact: true }).waitFor();
    const failure = form.getByRole('alert').filter({ hasText: 'Card form unavailable' });
    await failure
      .getByText('The card form could not be loaded. Check your connection and try again.', { exact: true })
      .waitFor();
    expect(standIn.created()).toBe(1);
    // No dead form: neither a Pay button that never enables nor a loader that never ends.
    expect(await form.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(await form.getByRole('status', { name: 'Loading the card form' }).count()).toBe(0);

    // "Try again" really asks js.stripe.com again rather than answering the cached failure.
    const requestsBefore = stripeJsRequests;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => stripeJsRequests).toBeGreaterThan(requestsBefore);
    await failure.getByRole('button', { name: 'Try again' }).waitFor();
    expect(unhandled).toEqual([]);
    await context.close();
  });
});
