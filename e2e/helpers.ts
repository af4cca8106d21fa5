import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { inject } from 'vitest';
import { watchCsp } from './csp';
import { readMailbox } from './mailbox';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Debian's Chromium, headless, with nothing that reaches outside this machine. `extraArgs` adds
 * switches for one spec (a fake camera fed from a file, say).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  await watchCsp(context);
  const page = await context.newPage();
  // A guard, not a pace: a wait returns as soon as the page is ready (docs/decisions/0056-suite-timeouts.md).
  page.setDefaultTimeout(30_000);
  return { context, page };
}

export interface ApiResult<T> {
  status: number;
  authorization: string | null;
  body: { payload: T; msg?: string; code?: string };
}

/** Seeds through the real API, as an admin's browser would. */
export async function api<T = unknown>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: {
    token?: string;
    body?: unknown;
    query?: Record<string, string>;
    /** Another server than the shared one (a spec that starts its own with other settings). */
    baseUrl?: string;
  } = {},
): Promise<ApiResult<T>> {
  const url = new URL(`/api${path}`, options.baseUrl ?? inject('baseUrl'));
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const response = await fetch(url, {
    method,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return {
    status: response.status,
    authorization: response.headers.get('authorization'),
    body: (await response.json()) as ApiResult<T>['body'],
  };
}

export async function signInViaApi(email: string, password: string): Promise<string> {
  const result = await api('POST', '/auth/signin', { body: { email, password } });
  if (result.status !== 200 || !result.authorization) throw new Error(`sign-in of ${email} failed: ${result.status}`);
  return result.authorization;
}

export function sudoToken(): Promise<string> {
  return signInViaApi(inject('sudoEmail'), inject('sudoPassword'));
}

/** A value no other test uses (the e2e tests share one database). */
export { unique } from '@clubtix/seed-kit';

/** Puts a session in the browser's storage, as a sign-in would (docs/product.md section 3). */
export async function primeSession(page: Page, token: string, user: unknown): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('clubtix.token', t);
      localStorage.setItem('clubtix.currentUser', u);
    },
    [token.replace(/^Bearer /, ''), JSON.stringify(user)] as const,
  );
}

/** Waits for a toast with this text (Mantine notifications, bottom-left). */
/**
 * Every "Missing translation" line the app logs (apps/web/src/i18n/i18n.ts): a key a person would
 * see raw. Give `missing` to gather several pages' lines into one list.
 */
export function watchMissingKeys(page: Page, missing: string[] = []): string[] {
  page.on('console', (message) => {
    if (message.text().includes('Missing translation')) missing.push(message.text());
  });
  return missing;
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The title is set once the lazily loaded page renders: wait for it rather than read it at once. */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 30_000 });
}

/** axe-core in the page: the serious and critical violations, by rule id. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a <script>: the Content-Security-Policy refuses inline scripts.
  await page.evaluate(readFileSync(axePath, 'utf8'));
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string | null }[] }> } }
    ).axe;
    return axe.run();
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/**
 * Fails on any serious or critical axe violation (docs/decisions/0024), naming each rule and up to three of the
 * elements it found, so a failure says what to fix. `where` says which screen or state was checked.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await page.evaluate(readFileSync(axePath, 'utf8'));
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: () => Promise<Result> } }).axe;
    return (await axe.run()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => JSON.stringify(n.target))
            .join(', ')}`,
      );
  });
  if (violations.length > 0) throw new Error(`axe on ${where}:\n${violations.join('\n')}`);
}

/**
 * expectAccessible once the page has stopped moving: a dialog or menu fading in or out has, for a
 * moment, text too pale to read and half-gone items, which axe would rightly report. Settled means
 * no animation or transition running at two looks a little apart (one may start a frame late).
 */
export async function expectSettledAccessible(page: Page, where: string): Promise<void> {
  const settled = () =>
    page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await settled();
  await page.waitForTimeout(100);
  await settled();
  await expectAccessible(page, where);
}

/** Whether nothing (a toast, say) lies over the middle of this element: what a tap there would hit. */
export async function isUncovered(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/**
 * Opens one of an event's screens from its row of links: a button on a wider screen, on a phone
 * perhaps in the "More screens" menu (docs/decisions/0024).
 */
export async function openEventScreen(page: Page, name: string): Promise<void> {
  const link = page.getByRole('link', { name, exact: true });
  if ((await link.count()) > 0) {
    await link.first().click();
    return;
  }
  await page.getByRole('button', { name: 'More screens' }).click();
  await page.getByRole('dialog', { name: 'More screens' }).getByRole('link', { name, exact: true }).click();
}

/** Closes the toasts, which on a phone sit over the bottom of dialogs. */
export async function closeToasts(page: Page): Promise<void> {
  for (const button of await page.locator('.mantine-Notification-root button').all()) {
    await button.click().catch(() => undefined);
  }
}

/**
 * The mail the product has delivered to this address so far, oldest first, as a mail client reads
 * it: the run's server sends over SMTP to a real listener (global-setup.ts, mailbox.ts). Delivery
 * follows the commit, so poll: `await expect.poll(() => mailsTo(email).then((m) => m.length)).toBe(1)`.
 */
export function mailsTo(address: string) {
  return readMailbox(inject('mailDir'), address);
}

/** What a phone's camera app saves: a photo (here a PNG) of a QR code, chosen with the door's "Scan a photo". */
export async function scanPhoto(page: Page, qrText: string): Promise<void> {
  const photo = await QRCode.toBuffer(qrText, { type: 'png', width: 480, margin: 4 });
  await page.getByLabel('Scan a photo').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: photo });
}
