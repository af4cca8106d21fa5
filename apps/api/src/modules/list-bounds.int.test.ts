import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  LIST_CAPPED_HEADER,
  LIST_CAPS,
  MAX_PAGE_SIZE,
  type TClubWithAdmins,
  type TEvent,
  type TOrderListItem,
  type TSponsorship,
} from '@clubtix/contract';
import { payloadOf, publishEvent } from '../../test/catalogue';
import {
  call,
  createClubWithAdmin,
  createSudo,
  createTestApp,
  expectError,
  type ApiResponse,
  type TestApp,
} from '../../test/helpers';
import { callEndpoint, expectPayload } from '../../test/call-endpoint';

/**
 * docs/product.md section 18: every list an endpoint answers is bounded (docs/decisions/0020). The
 * rows past the caps are written straight into the database: a club that sold for years.
 */
describe('bounded lists', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    clubId = club.id;
  });
  afterAll(async () => t.close());

  const list = <T>(response: ApiResponse) => payloadOf<T[]>(response);
  const cappedAt = (response: ApiResponse) => response.headers[LIST_CAPPED_HEADER];

  /** `count` orders of one registration of the event, the n-th made n minutes after a start, every 3rd paid. */
  async function seedOrders(eventId: string, count: number) {
    const registration = `reg-${eventId}`;
    await t.db.execute(sql`
      INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status)
      VALUES (${registration}, ${clubId}, ${eventId}, 'many@example.org', gen_random_uuid()::text, 'confirmed')`);
    await t.db.execute(sql`
      INSERT INTO orders (id, club_id, event_id, registration_id, amount, currency, payment_status, created_at)
      SELECT 'o' || lpad(g::text, 5, '0') || ${eventId}, ${clubId}, ${eventId}, ${registration}, 1000, 'gbp',
             CASE WHEN g % 3 = 0 THEN 'paid' ELSE 'pending' END, timestamptz '2026-01-01' + g * interval '1 minute'
        FROM generate_series(1, ${count}) g`);
  }

  it("answers at most the newest 1,000 of an event's orders without a page, and pages through all of them", async () => {
    const event = await publishEvent(t, token);
    const count = LIST_CAPS.orders + 205;
    await seedOrders(event.id, count);
    const query = { eventId: event.id };

    const whole = await callEndpoint(t, endpoints.order.getOrdersByEventId, { token, query });
    const orders = list<TOrderListItem>(whole);
    expect(orders).toHaveLength(LIST_CAPS.orders);
    expect(cappedAt(whole)).toBe(String(LIST_CAPS.orders));
    // The newest first: the 205 oldest are the ones left out.
    expect(orders[0]!.createdAt).toBe(new Date(Date.parse('2026-01-01') + count * 60_000).toISOString());
    expect(orders.at(-1)!.createdAt).toBe(new Date(Date.parse('2026-01-01') + 206 * 60_000).toISOString());

    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      const response = await callEndpoint(t, endpoints.order.getOrdersByEventId, {
        token,
        query: { ...query, page, pageSize: MAX_PAGE_SIZE },
      });
      expect(cappedAt(response)).toBeUndefined();
      const rows = list<TOrderListItem>(response);
      for (const row of rows) seen.add(row.id);
      if (rows.length < MAX_PAGE_SIZE) break;
    }
    expect(seen.size).toBe(count);

    const paid = await callEndpoint(t, endpoints.order.getOrdersByEventId, {
      token,
      query: { ...query, paymentStatus: 'paid' },
    });
    expect(list<TOrderListItem>(paid)).toHaveLength(Math.floor(count / 3));
    expect(cappedAt(paid)).toBeUndefined();
  });

  it('refuses a page larger than the server maximum with 400, on every paged list', async () => {
    const event = await publishEvent(t, token);
    const lists: [string, Record<string, string>][] = [
      ['/order/getOrdersByEventId', { eventId: event.id }],
      ['/sponsorship/getSponsorshipsByEventId', { eventId: event.id }],
      ['/event/getAllEvents', { clubId }],
      ['/event/getAllActiveEvents', { clubId }],
      ['/event/getDonationEvents', {}],
      ['/registration/getAttendees', { eventId: event.id }],
      ['/extras/getExtrasPurchasesByEventId', { eventId: event.id }],
    ];
    for (const [path, query] of lists) {
      const response = await call(t, 'GET', path, { token, query: { ...query, page: 1, pageSize: MAX_PAGE_SIZE + 1 } });
      expectError(response, 400, 'BAD_INPUT', `pageSize: pageSize is at most ${MAX_PAGE_SIZE}`);
    }
    const sudo = await createSudo(t);
    expectError(
      await callEndpoint(t, endpoints.club.getAllClubs, { token: sudo.token, query: { pageSize: MAX_PAGE_SIZE + 1 } }),
      400,
      'BAD_INPUT',
    );
  });

  it("answers a club's 1,000 events that start latest without a page, soonest first, and pages through all", async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const count = LIST_CAPS.events + 30;
    await t.db.execute(sql`
      INSERT INTO events (id, club_id, slug, title, start_date, end_date, timezone, currency, status)
      SELECT 'ev' || lpad(g::text, 5, '0') || ${club.id}, ${club.id}, 'many-' || g || '-' || ${club.id}, 'Tour ' || g,
             timestamptz '2020-01-01' + g * interval '1 day', timestamptz '2020-01-01' + g * interval '1 day' + interval '2 hours',
             'Europe/London', 'gbp', 'published'
        FROM generate_series(1, ${count}) g`);

    for (const viewer of [admin.token, undefined]) {
      const whole = await callEndpoint(t, endpoints.event.getAllEvents, { token: viewer, query: { clubId: club.id } });
      const events = list<TEvent>(whole);
      expect(events).toHaveLength(LIST_CAPS.events);
      expect(cappedAt(whole)).toBe(String(LIST_CAPS.events));
      // The 30 that start first are left out; the rest come soonest first, as ever.
      expect(events[0]!.title).toBe('Tour 31');
      expect(events.at(-1)!.title).toBe(`Tour ${count}`);
    }
    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        callEndpoint(t, endpoints.event.getAllEvents, {
          token: admin.token,
          query: { clubId: club.id, page, pageSize: 400 },
        }),
      ),
    );
    const titles = pages.flatMap((page) => list<TEvent>(page).map((event) => event.title));
    expect(titles).toEqual(Array.from({ length: count }, (_, i) => `Tour ${i + 1}`));

    // Still to come (the active ones): the soonest 1,000.
    const active = await callEndpoint(t, endpoints.event.getAllActiveEvents, {
      query: { clubId: club.id, currentDate: '2020-01-01' },
    });
    expect(list<TEvent>(active).map((event) => event.title)).toEqual(
      Array.from({ length: LIST_CAPS.events }, (_, i) => `Tour ${i + 1}`),
    );
    expect(cappedAt(active)).toBe(String(LIST_CAPS.events));
  });

  it("answers the newest 1,000 of an event's donations and sponsorships without a page, with totals of them all", async () => {
    const event = await publishEvent(t, token, { donationsEnabled: true });
    const count = LIST_CAPS.sponsorships + 100;
    await t.db.execute(sql`
      INSERT INTO sponsorships (id, club_id, event_id, name, email, amount, currency, payment_status, created_at)
      SELECT 's' || lpad(g::text, 5, '0') || ${event.id}, ${clubId}, ${event.id}, 'Giver ' || g, 'giver@example.org',
             100 * g, 'gbp', CASE WHEN g % 2 = 0 THEN 'paid' ELSE 'pending' END,
             timestamptz '2026-01-01' + g * interval '1 minute'
        FROM generate_series(1, ${count}) g`);
    const query = { eventId: event.id };

    const whole = await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, { token, query });
    const given = list<TSponsorship>(whole);
    expect(given).toHaveLength(LIST_CAPS.sponsorships);
    expect(cappedAt(whole)).toBe(String(LIST_CAPS.sponsorships));
    expect([given[0]!.name, given.at(-1)!.name]).toEqual([`Giver ${count}`, 'Giver 101']);

    const paidPage = await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, {
      token,
      query: { ...query, paymentStatus: 'paid', page: 2, pageSize: 20 },
    });
    expect(list<TSponsorship>(paidPage).map((row) => row.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Giver ${count - 40 - 2 * i}`),
    );

    // The totals count every one of them, and sum the paid ones: 100 × (2 + 4 + … + 1100).
    const paidCount = count / 2;
    const paidSum = 100 * paidCount * (paidCount + 1);
    const totals = expectPayload(
      await callEndpoint(t, endpoints.sponsorship.getSponsorshipTotalsByEventId, { token, query }),
    );
    expect(totals).toEqual({
      count,
      paidCount,
      donationCount: paidCount,
      sponsorshipCount: 0,
      byCurrency: [{ currency: 'gbp', total: paidSum, donations: paidSum, sponsorships: 0 }],
    });

    const other = await createClubWithAdmin(t);
    expectError(
      await callEndpoint(t, endpoints.sponsorship.getSponsorshipTotalsByEventId, { token: other.admin.token, query }),
      404,
      'NOT_FOUND',
    );
  });

  it('gives sudo the first 1,000 clubs by name without a page, and pages through the rest', async () => {
    const sudo = await createSudo(t);
    const before = await callEndpoint(t, endpoints.club.getAllClubs, { token: sudo.token });
    const existing = list<TClubWithAdmins>(before).length;
    await t.db.execute(sql`
      INSERT INTO clubs (id, name)
      SELECT 'club-many-' || g, 'zz Many ' || lpad(g::text, 5, '0') FROM generate_series(1, ${LIST_CAPS.clubs}) g`);
    const whole = await callEndpoint(t, endpoints.club.getAllClubs, { token: sudo.token });
    const clubs = list<TClubWithAdmins>(whole);
    expect(clubs).toHaveLength(LIST_CAPS.clubs);
    expect(cappedAt(whole)).toBe(String(LIST_CAPS.clubs));
    expect(clubs.at(-1)!.name).toBe(`zz Many ${String(LIST_CAPS.clubs - existing).padStart(5, '0')}`);

    const last = await callEndpoint(t, endpoints.club.getAllClubs, {
      token: sudo.token,
      query: { page: 3, pageSize: 500 },
    });
    expect(list<TClubWithAdmins>(last).map((club) => club.name)).toContain(
      `zz Many ${String(LIST_CAPS.clubs).padStart(5, '0')}`,
    );

    // A search by part of the name, in any case; LIKE's own characters are only characters.
    const found = await callEndpoint(t, endpoints.club.getAllClubs, {
      token: sudo.token,
      query: { search: ' ZZ MANY 0099 ' },
    });
    expect(list<TClubWithAdmins>(found).map((club) => club.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `zz Many 0099${i}`),
    );
    const literal = await callEndpoint(t, endpoints.club.getAllClubs, { token: sudo.token, query: { search: '%' } });
    expect(list<TClubWithAdmins>(literal)).toEqual([]);

    // An admin still sees its own club only, whatever the page or search asked for.
    const own = await callEndpoint(t, endpoints.club.getAllClubs, {
      token,
      query: { page: 1, pageSize: 10, search: 'zz' },
    });
    expect(list<TClubWithAdmins>(own).map((club) => club.id)).toEqual([clubId]);
  });
});
