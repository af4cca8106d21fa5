import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCurrentUser, TEvent, TTicket } from '@clubtix/contract';
import { freePort } from '../../apps/api/src/db/embedded';
import { startServer, type ServerProcess } from '../../apps/api/test/server-process';
import { api, launchBrowser, newPage, PHONE, seriousA11yViolations, toast, unique, waitForTitle } from '../helpers';

const MINUTE_REFUSAL = 'Too many attempts from your network: try again in a minute.';
const PUBLIC_WRITE_LIMIT = 10;

/**
 * docs/product.md section 18 as a buyer meets it: an installation started with low limits, where
 * every call comes from one address (127.0.0.1, as on a shared network), refuses a hold past
 * HOLDS_PER_ADDRESS and any public write past PUBLIC_WRITE_LIMIT, and the buyer's pages say so in
 * the server's words: never "Something went wrong".
 */
describe('the abuse limits, as a buyer on a limited network sees them', () => {
  let browser: Browser;
  let server: ServerProcess;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'clubtix-e2e-limits-'));
    chmodSync(dataDir, 0o755);
    server = await startServer(await freePort(), {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SUDO_EMAIL: 'sudo@limits.test',
      SUDO_PASSWORD: 'limits-password-1',
      PUBLIC_WRITE_LIMIT: String(PUBLIC_WRITE_LIMIT),
      HOLDS_PER_ADDRESS: '1',
    });
    // Sign-up is a public write too: one of the ten of this minute.
    const registered = await api<{ currentUser: TCurrentUser }>('POST', '/auth/register', {
      baseUrl: server.baseUrl,
      body: {
        name: 'Ada Admin',
        email: `${unique('admin')}@example.org`,
        password: 'rowing2026',
        clubName: unique('Harbour Rowing'),
      },
    });
    expect(registered.status).toBe(200);
    token = registered.authorization!;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A published event (London, pounds) with one Adult ticket type, made by the club's admin. */
  async function publishEvent(): Promise<{ slug: string }> {
    const title = unique('Harbour Tour');
    const event = await api<TEvent>('POST', '/event/save', {
      baseUrl: server.baseUrl,
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
    });
    expect(event.status).toBe(200);
    const ticket = await api<TTicket>('POST', '/ticket/save', {
      baseUrl: server.baseUrl,
      token,
      body: { eventId: event.body.payload.id, name: 'Adult', price: 2500, quantity: 100 },
    });
    expect(ticket.status).toBe(200);
    return { slug: event.body.payload.slug };
  }

  async function chooseOneAdult(page: Page, slug: string, email: string): Promise<void> {
    await page.goto(`${server.baseUrl}/${slug}/tickets`);
    await waitForTitle(page, 'Tickets | ClubTix');
    await page.getByRole('button', { name: 'Add one Adult' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }

  /**
   * Spends what is left of this minute's public writes from this address, and answers once at
   * least `seconds` of the minute remain: the next public write of the page is then refused for
   * sure. Any call counts, even one with nothing valid in it, as the limit comes before the input
   * is read.
   */
  async function spendPublicWrites(seconds: number): Promise<void> {
    for (;;) {
      const response = await fetch(`${server.baseUrl}/api/registration/getRegistrationByEmail`);
      if (response.status !== 429) continue;
      const left = Number(response.headers.get('retry-after'));
      if (left >= seconds) return;
      // Too little of this minute is left for the page to be refused within it: the next minute.
      await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
    }
  }

  it('tells a second visitor on the same network that its bookings are unfinished, and until when (phone)', async () => {
    const { slug } = await publishEvent();
    // The first visitor holds a ticket and is filling in the form.
    const first = await newPage(browser, PHONE);
    await chooseOneAdult(first.page, slug, `${unique('first')}@example.org`);
    await first.page.waitForURL(`**/${slug}/attendee-form`);
    const held = await first.page.evaluate((key) => sessionStorage.getItem(key), `clubtix.hold.${slug}`);
    const lapsesAt = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/London',
    }).format(new Date((JSON.parse(held!) as { expiresAt: string }).expiresAt));

    const second = await newPage(browser, PHONE);
    await chooseOneAdult(second.page, slug, `${unique('second')}@example.org`);
    const problem = second.page.getByTestId('tickets-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toBe(
      'Your network already has 1 unfinished booking for this event, the most it may have at once. ' +
        `Finish the booking you started, or wait until its hold lapses at ${lapsesAt} and try again.`,
    );
    expect(second.page.url()).toMatch(new RegExp(`/${slug}/tickets$`));
    expect(await second.page.getByText('Something went wrong').count()).toBe(0);
    expect(await seriousA11yViolations(second.page)).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('tells a buyer past the public-write limit to try again in a minute, on the tickets page and in a toast', async () => {
    const { slug } = await publishEvent();
    const buyer = await newPage(browser, PHONE);
    const other = await newPage(browser, PHONE);
    // Another event, so the address's hold on it limits nothing; this buyer gets as far as the form.
    await chooseOneAdult(buyer.page, slug, `${unique('buyer')}@example.org`);
    await buyer.page.waitForURL(`**/${slug}/attendee-form`);
    const { slug: otherSlug } = await publishEvent();
    await other.page.goto(`${server.baseUrl}/${otherSlug}/tickets`);
    await waitForTitle(other.page, 'Tickets | ClubTix');

    await spendPublicWrites(40);
    await other.page.getByRole('button', { name: 'Add one Adult' }).click();
    await other.page.getByLabel('E-mail', { exact: true }).fill(`${unique('other')}@example.org`);
    await other.page.getByRole('button', { name: 'Continue', exact: true }).click();
    const problem = other.page.getByTestId('tickets-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toBe(MINUTE_REFUSAL);
    expect(await seriousA11yViolations(other.page)).toEqual([]);

    // Saving the attendee's details is a public write too: its refusal is a toast that says so.
    const attendee = buyer.page.getByRole('group', { name: 'Attendee 1: Adult' });
    await attendee.getByLabel('First name', { exact: true }).fill('Robin');
    await attendee.getByLabel('Last name', { exact: true }).fill('Rower');
    await attendee.getByLabel('E-mail', { exact: true }).fill(`${unique('robin')}@example.org`);
    await buyer.page.getByRole('button', { name: 'Continue to checkout' }).click();
    const refusal = toast(buyer.page, MINUTE_REFUSAL);
    await refusal.waitFor();
    expect(await refusal.getByText('Too many attempts', { exact: true }).count()).toBe(1);
    expect(await buyer.page.getByText('Something went wrong').count()).toBe(0);
    expect(buyer.page.url()).toMatch(new RegExp(`/${slug}/attendee-form$`));
    await buyer.context.close();
    await other.context.close();
  });
});
