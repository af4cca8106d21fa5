import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { takeCspViolations } from '../csp';
import { buyTicketsViaApi, seedPublishedEvent } from '../fixtures';
import { launchBrowser, newPage, unique, waitForTitle } from '../helpers';

/** One pixel, for an image another site serves. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/**
 * Another site: another origin on this machine (another port). It frames the app when asked, serves
 * an image, and keeps what each request told it (the Referer above all).
 */
async function startOtherSite(appUrl: string) {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    if (request.url?.startsWith('/frame')) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<!doctype html><title>Other site</title><iframe src="${appUrl}/pricing"></iframe>`);
    } else if (request.url?.startsWith('/pixel.gif')) {
      response.writeHead(200, { 'content-type': 'image/gif' });
      response.end(PIXEL);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Landed elsewhere</title><p>Landed elsewhere</p>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * docs/product.md section 18 in a real browser: the headers every response carries do what they are
 * for, and the product's own pages live within them (every spec fails on a CSP violation: csp.ts).
 */
describe('security headers and redirects in the browser', () => {
  let browser: Browser;
  let other: Awaited<ReturnType<typeof startOtherSite>>;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
    other = await startOtherSite(baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await other?.close();
  });

  it('refuses a script written into the page, and the spec sees the refusal', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/pricing');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await waitForTitle(page, 'Donation Page | ClubTix');
    await page
      .addScriptTag({ content: 'window.injected = true;' })
      .catch(() => undefined /* Playwright may report the refused script as an error */);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await expect.poll(() => takeCspViolations().join('\n')).toContain('script-src');
    await context.close();
  });

  it('cannot be framed by another site', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${other.origin}/frame`);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(frame).toBeDefined();
    await expect.poll(() => takeCspViolations().join('\n')).toContain('frame-ancestors');
    // Nothing of the app was shown inside the frame.
    expect(await frame!.locator('#root').count()).toBe(0);
    await context.close();
  });

  it("sends other sites the app's origin, never the QR viewer's secret path", async () => {
    const seeded = await seedPublishedEvent();
    const email = `${unique('referrer')}@example.org`;
    const { registration } = await buyTicketsViaApi(seeded, [{ firstName: 'Rae', lastName: 'Ferrer', email }]);
    const attendee = registration.attendees[0]!;
    const viewer = `/event/${seeded.event.id}/qr/${registration.registrationId}/${attendee.attendeeId}/${registration.qrUuid}`;

    const { context, page } = await newPage(browser);
    await page.goto(viewer);
    await waitForTitle(page, 'QR Code | ClubTix');
    // An image of another site on the page (a banner), then a link to it followed.
    await page.evaluate((origin) => {
      const image = new Image();
      image.src = `${origin}/pixel.gif`;
      document.body.append(image);
    }, other.origin);
    await expect.poll(() => other.requests.some((request) => request.url === '/pixel.gif')).toBe(true);
    await page.evaluate((origin) => {
      const link = document.createElement('a');
      link.href = `${origin}/followed`;
      link.textContent = 'Elsewhere';
      document.body.append(link);
      link.click();
    }, other.origin);
    await page.waitForURL(`${other.origin}/followed`);

    const seen = other.requests.filter((request) => ['/pixel.gif', '/followed'].includes(request.url));
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers.referer).toBe(`${baseUrl}/`);
      expect(JSON.stringify(request.headers)).not.toContain(registration.qrUuid);
    }
    await context.close();
  });

  it.each(['/.//', '//', '/\\', '/%2F%2F', '/%5C', '/\t/', '/\n/', ' //'])(
    'stays on the site for ?redirect=%jANOTHER-HOST/landed and shows the page asked for',
    async (prefix) => {
      const { context, page } = await newPage(browser);
      const target = `${prefix}${other.origin.replace('http://', '')}/landed`;
      await page.goto(`/pricing?redirect=${encodeURIComponent(target)}`);
      await waitForTitle(page, 'Donation Page | ClubTix');
      expect(new URL(page.url()).origin).toBe(baseUrl);
      expect(other.requests.some((request) => request.url === '/landed')).toBe(false);
      await context.close();
    },
  );

  it('follows a same-origin ?redirect= with its query and hash', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/?redirect=${encodeURIComponent('/pricing?plan=club#top')}`);
    await page.waitForURL(`${baseUrl}/pricing?plan=club#top`);
    await waitForTitle(page, 'Donation Page | ClubTix');
    await context.close();
  });

  it.each(['/api/docs', '/api/docs/'])('renders the API docs (Swagger UI) at %s within the policy', async (path) => {
    const { context, page } = await newPage(browser);
    const failures: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    await page.goto(path);
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'ClubTix API' }).waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(failures).toEqual([]);
    await context.close();
  });
});
