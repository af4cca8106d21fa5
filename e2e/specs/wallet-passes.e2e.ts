import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCurrentUser, TEvent, TOrder, TPaymentIntent, TRegistration, TTicket } from '@clubtix/contract';
import { freePort } from '../../apps/api/src/db/embedded';
import { startServer, type ServerProcess } from '../../apps/api/test/server-process';
import {
  appleWalletEnv,
  googleWalletEnv,
  makeWalletCertificates,
  type WalletCertificates,
} from '../../apps/api/test/wallet-certificates';
import { buyTicketsViaApi, seedPublishedEvent } from '../fixtures';
import { api, DESKTOP, launchBrowser, newPage, PHONE, seriousA11yViolations, unique, type ApiResult } from '../helpers';

/**
 * Wallet passes on the ticket viewer (docs/decisions/0045-wallet-passes.md): a server started with
 * Apple and Google Wallet configured (certificates made for this spec) offers both buttons, and the
 * Apple one downloads a pass; the shared server, configured with neither, shows none.
 */

function ok<T>(what: string, result: ApiResult<T>): T {
  if (result.status !== 200) throw new Error(`${what} failed with ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body.payload;
}

const viewerPath = (event: TEvent, registration: TRegistration, index = 0) =>
  `/event/${event.id}/qr/${registration.registrationId}/${registration.attendees[index]!.attendeeId}/${registration.qrUuid}`;

describe('wallet buttons', () => {
  let browser: Browser;
  let server: ServerProcess;
  let certs: WalletCertificates;
  let dataDir: string;
  let event: TEvent;
  let registration: TRegistration;

  beforeAll(async () => {
    certs = makeWalletCertificates();
    dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-e2e-wallet-'));
    chmodSync(dataDir, 0o755);
    const port = await freePort();
    server = await startServer(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SUDO_EMAIL: 'sudo@wallet.test',
      SUDO_PASSWORD: 'wallet-password-1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PUBLIC_WRITE_LIMIT: '0',
      HOLDS_PER_ADDRESS: '0',
      ...appleWalletEnv(certs),
      ...googleWalletEnv(certs),
    });
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
    const token = registered.authorization!;
    ok('Registering', registered);
    const title = unique('Wallet Regatta');
    event = ok(
      'Saving the event',
      await api<TEvent>('POST', '/event/save', {
        baseUrl,
        token,
        body: {
          title,
          slug: title.toLowerCase(),
          venue: 'Harbour Steps',
          startDate: '2030-08-15T09:00:00.000Z',
          endDate: '2030-08-15T16:00:00.000Z',
          timezone: 'Europe/London',
          currency: 'gbp',
          status: 'published',
        },
      }),
    );
    const ticket = ok(
      'Saving the ticket',
      await api<TTicket>('POST', '/ticket/save', {
        baseUrl,
        token,
        body: { eventId: event.id, name: 'Adult', price: 2500, quantity: 100 },
      }),
    );
    const held = ok(
      'Holding',
      await api<{ registration: TRegistration }>('POST', '/registration/initRegistration', {
        baseUrl,
        body: { eventId: event.id, email: 'ann@example.org', tickets: [{ ticketId: ticket.id, quantity: 1 }] },
      }),
    ).registration;
    const secret = { registrationId: held.registrationId, qrUuid: held.qrUuid };
    const person = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org', answers: {} };
    ok(
      'Saving the attendee',
      await api('POST', '/registration/save', {
        baseUrl,
        body: { ...secret, attendees: [{ attendeeId: held.attendees[0]!.attendeeId, ...person }], answers: {} },
      }),
    );
    const { order } = ok(
      'Ordering',
      await api<{ order: TOrder }>('POST', '/order/createOrder', { baseUrl, body: { ...secret, extras: [] } }),
    );
    const intent = ok(
      'Starting the payment',
      await api<TPaymentIntent>('POST', '/stripe/create-payment-intent', { baseUrl, body: { orderId: order.id } }),
    );
    registration = ok(
      'Paying',
      await api<{ registration: TRegistration }>('POST', '/stripe/confirm-payment', {
        baseUrl,
        body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
      }),
    ).registration;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
    certs?.remove();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('offers Apple and Google Wallet on the ticket viewer when configured (%s)', async (_, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto(`${server.baseUrl}${viewerPath(event, registration)}`);
    const apple = page.getByRole('link', { name: 'Add to Apple Wallet: ticket of Ann Lee' });
    const google = page.getByRole('link', { name: 'Save to Google Wallet: ticket of Ann Lee' });
    await apple.waitFor();
    expect(await google.isVisible()).toBe(true);
    expect(await google.getAttribute('href')).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/eyJ/);
    const pass = await fetch(new URL((await apple.getAttribute('href'))!, server.baseUrl));
    expect(pass.status).toBe(200);
    expect(pass.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows no wallet button where no wallet is configured', async () => {
    const seeded = await seedPublishedEvent();
    const bought = await buyTicketsViaApi(seeded, [{ firstName: 'Bo', lastName: 'Chan', email: 'bo@example.org' }]);
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(viewerPath(seeded.event, bought.registration));
    await page.getByTestId('qr-ticket').waitFor();
    await page.getByRole('button', { name: 'Print ticket' }).waitFor();
    expect(await page.getByTestId('wallet-buttons').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Wallet/ }).count()).toBe(0);
    await context.close();
  });
});
