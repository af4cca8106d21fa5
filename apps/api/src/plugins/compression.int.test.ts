import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadAttendees, readSheet } from '../../test/attendee-data';
import { createEvent } from '../../test/catalogue';
import { createAdminApp, type TestApp } from '../../test/helpers';

/** The web app's own index.html, as the build writes it with its compressed copies. */
const INDEX_HTML = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html'),
  'utf8',
);
/** A script long enough to be worth compressing, as a built chunk is. */
const APP_JS = `${'export const words = ["tickets", "check-in", "extras"];\n'.repeat(60)}console.log(words);\n`;

/** A built web app as apps/web/precompress.ts leaves it: .br and .gz copies beside the text files. */
function precompressedWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'clubtix-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (file: string, text: string, compressed: boolean) => {
    writeFileSync(path.join(dir, file), text);
    if (!compressed) return;
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  };
  write('index.html', INDEX_HTML, true);
  write('sw.js', APP_JS, true);
  write('assets/app.js', APP_JS, true);
  // Under the build's threshold: no copies, sent as it is.
  write('assets/tiny.js', 'console.log(1);\n', false);
  return dir;
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('compressed answers by Accept-Encoding (docs/product.md section 22)', () => {
  let t: TestApp;
  let webDist: string;
  let token: string;
  let eventId: string;
  const description = 'A long day on the water, with lunch on the quay and the prize-giving at six. '.repeat(30).trim();

  beforeAll(async () => {
    webDist = precompressedWebDist();
    ({ t, token } = await createAdminApp({ WEB_DIST_DIR: webDist }));
    eventId = (await createEvent(t, token, { description })).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, options: Partial<InjectOptions> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      ...options,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...options.headers },
    });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0', 'gzip'],
  ])('a built asset asked with %s comes from its %s copy, still cached for a year', async (accept, encoding) => {
    const response = await get('/assets/app.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(varies(response)).toBe(true);
    expect(String(response.headers['content-type'])).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(APP_JS.length / 5);
    expect(decoded(response)).toBe(APP_JS);
  });

  it('a built asset goes as it is to a client that accepts no encoding, and says it varies', async () => {
    for (const accept of [undefined, 'identity']) {
      const response = await get('/assets/app.js', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(varies(response)).toBe(true);
      expect(response.body).toBe(APP_JS);
    }
    // Without a copy on disk it is compressed on the fly, or not: either way it arrives whole.
    const tiny = await get('/assets/tiny.js', 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(decoded(tiny)).toBe('console.log(1);\n');
  });

  it("the SPA's page and the door's worker come compressed and are still asked again on every load", async () => {
    const page = await get('/harbour-tour/tickets', 'br, gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(varies(page)).toBe(true);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded(page)).toBe(INDEX_HTML);
    const worker = await get('/sw.js', 'gzip');
    expect(worker.headers['content-encoding']).toBe('gzip');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(decoded(worker)).toBe(APP_JS);
  });

  it("an event's page with its link preview still arrives whole when compression is asked", async () => {
    const slug = (await get(`/api/event/getEvent?eventId=${eventId}`)).json<{ payload: { slug: string } }>().payload
      .slug;
    const page = await get(`/${slug}`, 'br, gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(varies(page)).toBe(true);
    expect(decoded(page)).toContain('<title>Spring Regatta');
    const gzipped = await get(`/${slug}`, 'gzip, br;q=0');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipped)).toBe(decoded(page));
    const plain = await get(`/${slug}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(decoded(page));
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('a JSON answer asked with %s comes %s-compressed', async (accept, encoding) => {
    const response = await get(`/api/event/getEvent?eventId=${eventId}`, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(varies(response)).toBe(true);
    expect(String(response.headers['content-type'])).toContain('application/json');
    const body = JSON.parse(decoded(response)) as { payload: { description: string } };
    expect(body.payload.description).toBe(description);
    expect(response.rawPayload.length).toBeLessThan(description.length / 4);
  });

  it('a JSON answer goes as it is when no encoding is asked, and a small one always does', async () => {
    const plain = await get(`/api/event/getEvent?eventId=${eventId}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ payload: { description: string } }>().payload.description).toBe(description);
    const health = await get('/api/health', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toHaveProperty('payload');
  });

  it('an error answer stays readable JSON', async () => {
    const response = await get('/api/event/getEvent', 'br, gzip');
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(decoded(response))).toMatchObject({ code: 'BAD_INPUT' });
  });

  it('the streamed attendee spreadsheet still downloads whole, not re-encoded', async () => {
    const download = await downloadAttendees(t, token, eventId);
    expect(download.status).toBe(200);
    const asked = await get(`/api/registration/downloadAttendees?eventId=${eventId}`, 'br, gzip', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asked.statusCode).toBe(200);
    expect(String(asked.headers['content-type'])).toContain('spreadsheetml');
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect((await readSheet(asked.rawPayload))[0]).toEqual((await readSheet(download.body))[0]);
  });
});
