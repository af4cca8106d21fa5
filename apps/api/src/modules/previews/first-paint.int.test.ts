import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../test/catalogue';
import { createAdminApp, type TestApp } from '../../../test/helpers';
import { decodeHtml as decode, HOSTILE, INDEX_HTML as PLAIN_INDEX_HTML } from '../../../test/served-page';

/** The web app's index.html with the stylesheet link the build puts in its head. */
const INDEX_HTML = PLAIN_INDEX_HTML.replace(
  '</head>',
  '  <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n  </head>',
);

/** What a browser without the app's JavaScript shows, and the data the app takes from the page. */
function readFirstPaint(html: string) {
  const paint = /<div id="first-paint">([\s\S]*?)<\/main><\/div>/.exec(html)?.[1];
  const data = /<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    heading: paint === undefined ? undefined : decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(paint)?.[1] ?? ''),
    lines: [...(paint ?? '').matchAll(/<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/g)].map((match) => decode(match[1]!)),
    data: data === undefined ? undefined : (JSON.parse(data) as { slug: string; event: Record<string, unknown> }),
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
  };
}

describe("the event page's first paint (docs/decisions/0053-first-paint.md)", () => {
  let t: TestApp;
  let webDist: string;
  let token: string;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'clubtix-first-paint-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    ({ t, token } = await createAdminApp({ WEB_DIST_DIR: webDist }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (url: string, language?: string, cookie?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...(language ? { 'accept-language': language } : {}), ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('shows the title, when (in the reader’s language) and where, and carries the event the API answers', async () => {
    const event = await createEvent(t, token, {
      title: `Harbour Lights ${run}`,
      venue: 'The Old Quay',
      address: '1 Quay Street\nPortsmouth',
      startDate: '2031-07-12T17:00:00.000Z',
      endDate: '2031-07-12T21:30:00.000Z',
      timezone: 'Europe/London',
    });
    const english = readFirstPaint(await page(`/${event.slug}`));
    expect(english.heading).toBe(`Harbour Lights ${run}`);
    expect(english.lines).toEqual([
      'Sat 12/07/2031 18:00 – 22:30 (Europe/London)',
      'The Old Quay',
      '1 Quay Street\nPortsmouth',
    ]);
    expect(english.lang).toBe('en');
    const api = await t.app.inject({ method: 'GET', url: `/api/event/getEventBySlug?slug=${event.slug}` });
    expect(english.data).toEqual({ slug: event.slug, event: api.json<{ payload: unknown }>().payload });

    const french = readFirstPaint(await page(`/${event.slug}`, 'fr-FR,fr;q=0.9'));
    expect(french.lang).toBe('fr');
    expect(french.lines[0]).toBe('sam. 12/07/2031 18:00 – 22:30 (Europe/London)');
    expect(french.heading).toBe(`Harbour Lights ${run}`);

    // Picked in the app (its cookie) outranks the browser's language; a value it does not speak does not.
    const picked = readFirstPaint(
      await page(`/${event.slug}`, 'en-GB,en;q=0.9', 'theme=dark; clubtix_language=fr; other=1'),
    );
    expect(picked.lang).toBe('fr');
    expect(picked.lines[0]).toBe('sam. 12/07/2031 18:00 – 22:30 (Europe/London)');
    const unknown = readFirstPaint(await page(`/${event.slug}`, 'fr-FR', 'clubtix_language=xx'));
    expect(unknown.lang).toBe('fr');
  });

  it('paints before the stylesheet: the link moves from the head to after the first paint, the root stays hidden behind it', async () => {
    const event = await createEvent(t, token, { title: `Order ${run}` });
    const html = await page(`/${event.slug}`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('rel="stylesheet"');
    const paintEnd = html.indexOf('</main></div>');
    const link = html.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    const root = html.indexOf('<div id="root"></div>');
    expect(paintEnd).toBeGreaterThan(0);
    expect(link).toBeGreaterThan(paintEnd);
    expect(root).toBeGreaterThan(link);
    expect(html).toContain('#first-paint + #root{display:none}');
    // No banner: the event's own generated gradient, as the app draws it.
    expect(html).toMatch(/class="fp-hero" style="background-image:linear-gradient\(/);
  });

  it('a hostile title is text in the heading and in the data, which does not end its script early', async () => {
    const event = await createEvent(t, token, {
      title: HOSTILE,
      bannerUrl: 'https://images.example.org/x"y.png?a=1&b=2',
    });
    const html = await page(`/${event.slug}`);
    const paint = readFirstPaint(html);
    expect(paint.heading).toBe(HOSTILE);
    expect(paint.data?.event.title).toBe(HOSTILE);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('src="https://images.example.org/x&quot;y.png?a=1&amp;b=2"');
  });

  it('a draft, an unknown slug and a ticket step get no first paint', async () => {
    const draft = await createEvent(t, token, { title: `Draft ${run}`, status: 'draft' });
    const published = await createEvent(t, token, { title: `Steps ${run}` });
    for (const url of [`/${draft.slug}`, `/unknown-${run}`, `/${published.slug}/tickets`, '/signin']) {
      expect(await page(url), url).toBe(INDEX_HTML);
    }
  });
});
