import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, LIST_CAPPED_HEADER, LIST_CAPS, type TEvent } from '@clubtix/contract';
import { createEvent, payloadOf } from '../../../test/catalogue';
import { createClubWithAdmin, createTestApp, type ApiResponse, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * GET /event/getDonationEvents: the public /pricing list of every club's published, not-ended events
 * that take donations (docs/decisions/0023-buyer-pages.md).
 */
describe('GET /event/getDonationEvents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const titles = (response: ApiResponse) => payloadOf<TEvent[]>(response).map((event) => event.title);
  const get = (query: Record<string, string | number> = {}) =>
    callEndpoint(t, endpoints.event.getDonationEvents, { query });
  const at = (start: string, end: string) => ({ startDate: start, endDate: end });

  it("lists both clubs' published, not-ended donation events soonest first; no draft, ended or no-donation one", async () => {
    const a = await createClubWithAdmin(t);
    const b = await createClubWithAdmin(t);
    const give = { donationsEnabled: true };
    await createEvent(t, a.admin.token, {
      title: 'A later',
      ...give,
      ...at('2031-05-01T10:00:00Z', '2031-05-01T12:00:00Z'),
    });
    await createEvent(t, b.admin.token, {
      title: 'B sooner',
      ...give,
      ...at('2031-03-01T10:00:00Z', '2031-03-01T12:00:00Z'),
    });
    await createEvent(t, a.admin.token, {
      title: 'A middle',
      ...give,
      ...at('2031-04-01T10:00:00Z', '2031-04-01T12:00:00Z'),
    });
    await createEvent(t, a.admin.token, {
      title: 'A draft',
      status: 'draft',
      ...give,
      ...at('2031-03-15T10:00:00Z', '2031-03-15T12:00:00Z'),
    });
    await createEvent(t, b.admin.token, {
      title: 'B ended',
      ...give,
      ...at('2030-12-01T10:00:00Z', '2030-12-01T12:00:00Z'),
    });
    await createEvent(t, b.admin.token, {
      title: 'B no donations',
      ...at('2031-03-20T10:00:00Z', '2031-03-20T12:00:00Z'),
    });

    const response = await get({ currentDate: '2031-01-01' });
    expect(titles(response)).toEqual(['B sooner', 'A middle', 'A later']);
    expect(expectPayload(response).map((event) => event.clubId)).toEqual([b.club.id, a.club.id, a.club.id]);
    expect(response.headers[LIST_CAPPED_HEADER]).toBeUndefined();
    // Paged like the other lists.
    expect(titles(await get({ currentDate: '2031-01-01', page: 2, pageSize: 2 }))).toEqual(['A later']);
    // getAllActiveEvents answers a club as before: its events with or without donations.
    const active = await callEndpoint(t, endpoints.event.getAllActiveEvents, {
      query: { clubId: b.club.id, currentDate: '2031-01-01' },
    });
    expect(titles(active)).toEqual(['B sooner', 'B no donations']);
  });

  it(`answers the soonest ${LIST_CAPS.events} without a page, marked as capped`, async () => {
    const { club } = await createClubWithAdmin(t);
    const count = LIST_CAPS.events + 5;
    await t.db.execute(sql`
      INSERT INTO events (id, club_id, slug, title, start_date, end_date, timezone, currency, status, donations_enabled)
      SELECT 'dv' || lpad(g::text, 5, '0') || ${club.id}, ${club.id}, 'give-' || g || '-' || ${club.id}, 'Give ' || g,
             timestamptz '2040-01-01' + g * interval '1 day', timestamptz '2040-01-01' + g * interval '1 day' + interval '2 hours',
             'Europe/London', 'gbp', 'published', true
        FROM generate_series(1, ${count}) g`);
    const response = await get({ currentDate: '2040-01-01' });
    expect(titles(response)).toEqual(Array.from({ length: LIST_CAPS.events }, (_, i) => `Give ${i + 1}`));
    expect(response.headers[LIST_CAPPED_HEADER]).toBe(String(LIST_CAPS.events));
  });
});
