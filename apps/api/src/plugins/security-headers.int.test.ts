import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadAttendees } from '../../test/attendee-data';
import { createEvent } from '../../test/catalogue';
import { createAdminApp, createSiblingApp, type TestApp, uploadImage } from '../../test/helpers';

type Headers = Record<string, string | string[] | number | undefined>;

/** A built web app of two files, enough for the SPA's page and a static asset. */
function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'clubtix-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("ClubTix");\n');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => undefined);\n');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"ClubTix Door","start_url":"/door"}\n');
  return dir;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: Headers[string]): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(headers: Headers): void {
  const csp = directives(headers['content-security-policy']);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['script-src-attr']).toEqual(["'none'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers on every response (docs/product.md section 18)', () => {
  let t: TestApp;
  let webDist: string;
  let token: string;
  let eventId: string;
  let mediaUrl: string;

  beforeAll(async () => {
    webDist = fakeWebDist();
    ({ t, token } = await createAdminApp({ WEB_DIST_DIR: webDist }));
    eventId = (await createEvent(t, token)).id;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#7d28dc' } })
      .png()
      .toBuffer();
    const upload = await uploadImage(t, token, [
      { field: 'file', filename: 'logo.png', contentType: 'image/png', data: png },
    ]);
    expect(upload.status).toBe(200);
    mediaUrl = (upload.body.payload as { url: string }).url;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = async (url: string, options: Partial<InjectOptions> = {}) =>
    t.app.inject({ method: 'GET', url, ...options });

  it.each([
    ['a JSON answer', '/api/health', 200, 'application/json'],
    ['a 404 of the API', `/api/event/getEvent?eventId=00000000-0000-4000-8000-000000000000`, 404, 'application/json'],
    ['a 400 of the API', '/api/event/getEvent', 400, 'application/json'],
    ['an unknown API call', '/api/no-such-call', 404, 'application/json'],
    ['a page of the SPA', '/harbour-tour/tickets', 200, 'text/html'],
    ['the QR viewer', '/event/e-1/qr/r-1/a-1/q-1', 200, 'text/html'],
    ['a static asset', '/assets/app.js', 200, 'application/javascript'],
    ['the API docs', '/api/docs', 200, 'text/html'],
    ['a script of the API docs', '/api/docs/static/swagger-initializer.js', 200, 'application/javascript'],
    ['the OpenAPI document', '/api/docs/json', 200, 'application/json'],
  ])('%s (%s) carries them', async (_kind, url, status, type) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    expect(String(response.headers['content-type'])).toContain(type);
    expectSecurityHeaders(response.headers);
    // PUBLIC_URL is http here (the default): no HSTS, nothing upgraded.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(directives(response.headers['content-security-policy'])['upgrade-insecure-requests']).toBeUndefined();
  });

  it("serves the door's service worker and manifest, asked again on every load, and lets the page use them", async () => {
    // docs/decisions/0037-installable-offline-door.md: the worker and manifest keep their names across builds.
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(String(worker.headers['content-type'])).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(String(manifest.headers['content-type'])).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/app.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const csp = directives((await get('/door')).headers['content-security-policy']);
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['manifest-src']).toEqual(["'self'"]);
  });

  it('a 401 and a refused method carry them', async () => {
    const unauthenticated = await get(`/api/registration/downloadAttendees?eventId=${eventId}`);
    expect(unauthenticated.statusCode).toBe(401);
    expectSecurityHeaders(unauthenticated.headers);
    const post = await t.app.inject({ method: 'POST', url: '/harbour-tour/tickets' });
    expect(post.statusCode).toBe(404);
    expectSecurityHeaders(post.headers);
  });

  it('an uploaded image carries them, and other sites may show it', async () => {
    const response = await get(mediaUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expectSecurityHeaders(response.headers);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get('/api/health')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('a streamed download (the attendee spreadsheet) carries them', async () => {
    const download = await downloadAttendees(t, token, eventId);
    expect(download.status).toBe(200);
    expect(String(download.headers['content-type'])).toContain('spreadsheetml');
    expectSecurityHeaders(download.headers);
  });

  it("admits nothing of a payment provider's with the simulated one: no frames, no other hosts", async () => {
    const csp = directives((await get('/')).headers['content-security-policy']);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http:']);
  });

  describe('with Stripe and an https PUBLIC_URL', () => {
    let secure: TestApp;
    beforeAll(async () => {
      secure = await createSiblingApp(t, {
        WEB_DIST_DIR: webDist,
        PUBLIC_URL: 'https://tickets.example.org',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_headers',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      });
    });
    afterAll(async () => secure?.close());

    it.each(['/api/health', '/harbour-tour/checkout', '/assets/app.js', '/api/no-such-call'])(
      '%s adds HSTS, upgrades insecure requests and admits Stripe.js, its frames and its API only',
      async (url) => {
        const response = await secure.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        const csp = directives(response.headers['content-security-policy']);
        expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
        expect(csp['frame-src']).toEqual([
          'https://js.stripe.com',
          'https://*.js.stripe.com',
          'https://hooks.stripe.com',
        ]);
        expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
        expect(csp['frame-ancestors']).toEqual(["'none'"]);
        expect(csp['upgrade-insecure-requests']).toEqual([]);
        // The stand-in or proxy the server calls (STRIPE_API_BASE) is not the browser's business.
        expect(String(response.headers['content-security-policy'])).not.toContain('127.0.0.1');
        expect(csp['img-src']).not.toContain('http:');
      },
    );
  });
});
