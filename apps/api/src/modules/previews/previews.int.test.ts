import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTicket } from '../../../test/catalogue';
import { createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';
import { decodeHtml as decode, HOSTILE, INDEX_HTML } from '../../../test/served-page';
import { endpoints } from '@clubtix/contract';
import { callEndpoint } from '../../../test/call-endpoint';

const PUBLIC_URL = 'https://tickets.example.org';

/** What a link-preview crawler reads from the served HTML: the title, metas by name or property, JSON-LD. */
function readPreview(html: string) {
  const metas = new Map<string, string>();
  for (const match of html.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"/g)) {
    metas.set(match[1]!, decode(match[2]!));
  }
  const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    title: decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? ''),
    metas,
    ld: ld === undefined ? undefined : (JSON.parse(ld) as Record<string, unknown>),
    scripts: html.match(/<script\b/g)?.length ?? 0,
    closings: html.match(/<\/script>/g)?.length ?? 0,
  };
}

describe('link previews in the served index.html (docs/product.md section 21)', () => {
  let t: TestApp;
  let webDist: string;
  let token: string;
  let clubId: string;
  let clubName: string;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'clubtix-previews-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    t = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL });
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    clubId = club.id;
    clubName = club.name;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (url: string, acceptLanguage?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    return response.body;
  };

  it('a published event: its title, description, og:*, twitter card and a schema.org Event', async () => {
    const description = `Sail   round the bay.\n\nBring a coat. ${'Long text. '.repeat(40)}`;
    const event = await createEvent(t, token, {
      title: `Harbour Race ${run}`,
      description,
      bannerUrl: 'https://images.example.org/banner.jpg',
      venue: 'Royal Harbour',
      address: '1 Quay Street, Ramsgate',
      currency: 'eur',
      startDate: '2031-07-12T17:00:00.000Z',
      endDate: '2031-07-12T21:30:00.000Z',
      timezone: 'Europe/London',
    });
    await createTicket(t, token, event.id, { name: 'Adult', price: 2500 });
    await createTicket(t, token, event.id, { name: 'Child', price: 1250 });
    await createTicket(t, token, event.id, { name: 'Crew', price: 0, hidden: true });
    const html = await page(`/${event.slug}?ref=share`);
    const preview = readPreview(html);
    expect(preview.title).toBe(`Harbour Race ${run} | ClubTix`);
    // When (in the event's zone, the page's language) and where lead; the event's own words follow.
    const summary = preview.metas.get('description')!;
    expect(
      summary.startsWith(
        'Sat 12/07/2031 18:00 – 22:30 (Europe/London) · Royal Harbour · Sail round the bay. Bring a coat. Long text.',
      ),
    ).toBe(true);
    expect([...summary].length).toBeLessThanOrEqual(200);
    expect(summary.endsWith('…')).toBe(true);
    const french = readPreview(await page(`/${event.slug}`, 'fr-FR,fr;q=0.9'));
    expect(french.metas.get('og:description')).toMatch(
      /^sam\. 12\/07\/2031 18:00 – 22:30 \(Europe\/London\) · Royal Harbour · /,
    );
    expect(Object.fromEntries(preview.metas)).toMatchObject({
      'og:type': 'website',
      'og:site_name': clubName,
      'og:title': `Harbour Race ${run}`,
      'og:description': summary,
      'og:url': `${PUBLIC_URL}/${event.slug}`,
      'og:image': 'https://images.example.org/banner.jpg',
      'twitter:card': 'summary_large_image',
    });
    // The product's own description is gone: one description, the event's.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(String(preview.ld?.description)).toMatch(/^Sail round the bay\. Bring a coat\. Long text\./);
    expect(preview.ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: `Harbour Race ${run}`,
      startDate: event.startDate,
      endDate: event.endDate,
      eventStatus: 'https://schema.org/EventScheduled',
      image: ['https://images.example.org/banner.jpg'],
      location: { '@type': 'Place', name: 'Royal Harbour', address: '1 Quay Street, Ramsgate' },
      organizer: { '@type': 'Organization', url: `${PUBLIC_URL}/club/${clubId}/event` },
      // The hidden ticket (access codes only) is not the lowest price advertised.
      offers: { '@type': 'AggregateOffer', lowPrice: '12.50', priceCurrency: 'EUR' },
    });
  });

  it('an uploaded banner becomes an absolute URL; no banner, a summary card; no tickets, no offers', async () => {
    const withUpload = await createEvent(t, token, { title: `Upload ${run}`, bannerUrl: '/api/media/abc-123.png' });
    const uploaded = readPreview(await page(`/${withUpload.slug}`));
    expect(uploaded.metas.get('og:image')).toBe(`${PUBLIC_URL}/api/media/abc-123.png`);
    const plain = await createEvent(t, token, { title: `Plain ${run}` });
    const preview = readPreview(await page(`/${plain.slug}`));
    expect(preview.metas.get('twitter:card')).toBe('summary');
    expect(preview.metas.has('og:image')).toBe(false);
    // No words of its own: the date alone (no venue either) describes it.
    expect(preview.metas.get('og:description')).toMatch(/^\w{3} \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(preview.metas.get('og:description')).not.toContain(' · ');
    expect(preview.ld).not.toHaveProperty('offers');
    expect(preview.ld).not.toHaveProperty('location');
  });

  it('a title with </script> and quotes stays text: in attributes, in <title> and in the JSON-LD', async () => {
    const event = await createEvent(t, token, { title: HOSTILE, description: `"Quoted" <b>bold</b> & more` });
    const html = await page(`/${event.slug}`);
    const preview = readPreview(html);
    // Exactly two scripts more than index.html has (the JSON-LD and the first paint's event data,
    // first-paint.int.test.ts), each closing where its JSON ends.
    const plain = readPreview(INDEX_HTML);
    expect(preview.scripts).toBe(plain.scripts + 2);
    expect(preview.closings).toBe(plain.closings + 2);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(preview.title).toBe(`${HOSTILE} | ClubTix`);
    expect(preview.metas.get('og:title')).toBe(HOSTILE);
    expect(preview.metas.get('description')).toMatch(/ · "Quoted" <b>bold<\/b> & more$/);
    expect(preview.ld).toMatchObject({ name: HOSTILE, description: `"Quoted" <b>bold</b> & more` });
  });

  it('a draft, an unknown slug and any other path get index.html unchanged', async () => {
    const draft = await createEvent(t, token, { title: `Draft ${run}`, status: 'draft' });
    for (const url of [`/${draft.slug}`, `/no-such-event-${run}`, `/${draft.slug}/tickets`, '/signin', '/club/x/y']) {
      expect(await page(url), url).toBe(INDEX_HTML);
    }
    const published = await createEvent(t, token, { title: `Sub ${run}` });
    expect(await page(`/${published.slug}/tickets`)).toBe(INDEX_HTML);
  });

  it('the series page /series/{slug}: its name and description, the club as the site; unknown: unchanged', async () => {
    const saved = await callEndpoint(t, endpoints.series.save, {
      token,
      body: { name: `Friday <Films> ${run}`, description: 'A film every Friday, all summer.' },
    });
    const series = saved.body.payload!;
    const preview = readPreview(await page(`/series/${series.slug}`));
    expect(preview.title).toBe(`Friday <Films> ${run} | ClubTix`);
    expect(Object.fromEntries(preview.metas)).toMatchObject({
      description: 'A film every Friday, all summer.',
      'og:title': `Friday <Films> ${run}`,
      'og:site_name': clubName,
      'og:url': `${PUBLIC_URL}/series/${series.slug}`,
      'twitter:card': 'summary',
    });
    expect(preview.ld).toMatchObject({
      '@type': 'EventSeries',
      name: `Friday <Films> ${run}`,
      description: 'A film every Friday, all summer.',
      organizer: { '@type': 'Organization', name: clubName },
    });
    expect(await page(`/series/unknown-${run}`)).toBe(INDEX_HTML);
    expect(await page(`/series/${series.slug}/more`)).toBe(INDEX_HTML);
  });

  it('the club page, by id and by slug: name, description, logo and a schema.org Organization', async () => {
    const slug = `harbour-club-${run}`;
    const saved = await callEndpoint(t, endpoints.club.save, {
      token,
      body: {
        id: clubId,
        name: `Harbour <Club> ${run}`,
        description: 'Sailing since 1890.',
        logoUrl: '/api/media/logo-1.png',
        website: 'https://harbour.example.org',
        slug,
      },
    });
    expect(saved.status).toBe(200);
    for (const key of [clubId, slug]) {
      const html = await page(`/club/${key}/event`);
      const preview = readPreview(html);
      expect(preview.title).toBe(`Harbour <Club> ${run} | ClubTix`);
      expect(html).toContain(`<title>Harbour &lt;Club&gt; ${run} | ClubTix</title>`);
      expect(Object.fromEntries(preview.metas)).toMatchObject({
        description: 'Sailing since 1890.',
        'og:title': `Harbour <Club> ${run}`,
        'og:site_name': `Harbour <Club> ${run}`,
        'og:url': `${PUBLIC_URL}/club/${key}/event`,
        'og:image': `${PUBLIC_URL}/api/media/logo-1.png`,
        'twitter:card': 'summary',
      });
      expect(preview.ld).toMatchObject({
        '@type': 'Organization',
        name: `Harbour <Club> ${run}`,
        logo: `${PUBLIC_URL}/api/media/logo-1.png`,
        sameAs: ['https://harbour.example.org'],
      });
    }
    // The organiser of the club's events now links by the friendly address.
    const event = await createEvent(t, token, { title: `After slug ${run}` });
    expect(readPreview(await page(`/${event.slug}`)).ld).toMatchObject({
      organizer: { url: `${PUBLIC_URL}/club/${slug}/event` },
    });
    expect(await page(`/club/unknown-${run}/event`)).toBe(INDEX_HTML);
  });
});
