import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@clubtix/contract';
import { anyString, createEvent, eventBody, saveEventCall } from '../../../test/catalogue';
import {
  call,
  createClub,
  createClubWithAdmin,
  createSudo,
  createTestApp,
  expectError,
  type TestApp,
} from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** POST /event/save: who may create where, slugs (docs/product.md section 5, docs/product.md section 14), validation. */
describe('POST /event/save', () => {
  let t: TestApp;
  let sudoToken: string;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    sudoToken = (await createSudo(t)).token;
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
  });
  afterAll(async () => t.close());

  /** Every event of a club, drafts included, as the super user sees them. */
  const eventsOf = async (clubId: string) =>
    expectPayload(await callEndpoint(t, endpoints.event.getAllEvents, { token: sudoToken, query: { clubId } }));

  describe('creating', () => {
    it("puts an admin's event in its own club, with every field as sent", async () => {
      const body = eventBody({
        title: '  Night Sail  ',
        description: 'Under the stars',
        venue: 'Harbour',
        address: '1 Quay Street',
        startDate: '2031-06-01T18:00:00.000Z',
        endDate: '2031-06-01T23:00:00+02:00',
        currency: 'eur',
        status: 'draft',
        capacity: 120,
        registrationOpensAt: '2031-05-01T00:00:00Z',
        registrationClosesAt: '2031-05-31T00:00:00Z',
        donationsEnabled: true,
        sponsorshipsEnabled: true,
        maxTicketsPerOrder: 4,
        confirmFreeByEmail: true,
        reminderHoursBefore: 24,
      });
      const response = await saveEventCall(t, a.admin.token, body);
      expect(response.body.msg).toBe('Event created');
      expect(expectPayload(response)).toEqual({
        ...body,
        id: anyString,
        clubId: a.club.id,
        slug: 'night-sail',
        title: 'Night Sail',
        bannerUrl: null,
        endDate: '2031-06-01T21:00:00.000Z',
        registrationOpensAt: '2031-05-01T00:00:00.000Z',
        registrationClosesAt: '2031-05-31T00:00:00.000Z',
        seriesId: null,
        createdAt: anyString,
        updatedAt: anyString,
      });
    });

    it('makes a draft with defaults when status and options are left out', async () => {
      const { status: _status, ...body } = eventBody({ title: 'Defaults Day' });
      expect(expectPayload(await saveEventCall(t, a.admin.token, body))).toMatchObject({
        description: null,
        bannerUrl: null,
        venue: null,
        address: null,
        status: 'draft',
        capacity: null,
        registrationOpensAt: null,
        registrationClosesAt: null,
        confirmFreeByEmail: false,
        donationsEnabled: false,
        sponsorshipsEnabled: false,
        maxTicketsPerOrder: 10,
      });
    });

    it('answers 404 when an admin names another club, and creates nothing there', async () => {
      const before = await eventsOf(b.club.id);
      expectError(await saveEventCall(t, a.admin.token, eventBody({ clubId: b.club.id })), 404, 'NOT_FOUND');
      expect(await eventsOf(b.club.id)).toEqual(before);
    });

    it('makes the super user name the club (400 on clubId), refuses an unknown one (404)', async () => {
      const missing = await saveEventCall(t, sudoToken, eventBody());
      expectError(missing, 400, 'BAD_INPUT', /^clubId: /);
      expect(missing.body.errors?.[0]?.path).toBe('clubId');
      expectError(await saveEventCall(t, sudoToken, eventBody({ clubId: 'no-such-club' })), 404, 'NOT_FOUND');
      const club = await createClub(t);
      expect(await createEvent(t, sudoToken, { clubId: club.id, title: 'Sudo Show' })).toMatchObject({
        clubId: club.id,
      });
    });

    it('needs a token', async () => {
      expectError(await saveEventCall(t, '', eventBody()), 401, 'UNAUTHENTICATED');
    });
  });

  describe('slugs', () => {
    it.each([
      ['  Harbour  Lights: Night-Sail!! ', 'harbour-lights-night-sail'],
      ['--Crème brûlée -- Cruise--', 'crème-brûlée-cruise'],
      // 'event' itself is reserved: the admin pages live under /event/.
      ['!!!', 'event-2'],
      ['Dashboard', 'dashboard-2'],
    ])('makes %j into %j', async (title, slug) => {
      expect((await createEvent(t, a.admin.token, { title })).slug).toBe(slug);
    });

    it('keeps slugs unique across clubs with -2, -3', async () => {
      const first = await createEvent(t, a.admin.token, { title: 'Open Day' });
      const second = await createEvent(t, b.admin.token, { title: 'Open Day' });
      const third = await createEvent(t, a.admin.token, { title: 'open  day' });
      expect([first.slug, second.slug, third.slug]).toEqual(['open-day', 'open-day-2', 'open-day-3']);
    });

    it('gives every one of ten simultaneous creates its own slug', async () => {
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          saveEventCall(t, (i % 2 ? a : b).admin.token, eventBody({ title: 'Rush Hour' })),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      const slugs = responses.map((response) => expectPayload(response).slug).sort();
      expect(slugs).toEqual(['rush-hour', ...Array.from({ length: 9 }, (_, i) => `rush-hour-${i + 2}`)].sort());
    });

    it('slugifies a typed slug and refuses one that is taken or reserved (409 on slug)', async () => {
      expect((await createEvent(t, a.admin.token, { title: 'Whatever', slug: '  My OWN slug! ' })).slug).toBe(
        'my-own-slug',
      );
      for (const slug of ['my-own-slug', 'My Own Slug', 'signin', 'dashboard', 'SIGNIN']) {
        const before = await eventsOf(b.club.id);
        const response = await saveEventCall(t, b.admin.token, eventBody({ title: 'Copycat', slug }));
        expectError(response, 409, 'CONFLICT', /already used|reserved/);
        expect(response.body.errors?.[0]?.path).toBe('slug');
        expect(await eventsOf(b.club.id)).toEqual(before);
      }
    });

    it('keeps the slug on edit unless a new one is typed', async () => {
      const event = await createEvent(t, a.admin.token, { title: 'Autumn Cup' });
      const renamed = expectPayload(
        await saveEventCall(t, a.admin.token, eventBody({ id: event.id, title: 'Autumn Cup Finals' })),
      );
      expect(renamed).toMatchObject({ slug: 'autumn-cup', title: 'Autumn Cup Finals' });
      const same = await saveEventCall(t, a.admin.token, eventBody({ id: event.id, title: 'x', slug: 'autumn-cup' }));
      expect(expectPayload(same).slug).toBe('autumn-cup');
      const typed = await saveEventCall(
        t,
        a.admin.token,
        eventBody({ id: event.id, title: 'x', slug: 'Autumn Finals' }),
      );
      expect(expectPayload(typed).slug).toBe('autumn-finals');
      await createEvent(t, b.admin.token, { title: 'Taken Name' });
      const clash = await saveEventCall(t, a.admin.token, eventBody({ id: event.id, title: 'x', slug: 'taken-name' }));
      expectError(clash, 409, 'CONFLICT');
      expect(clash.body.errors?.[0]?.path).toBe('slug');
      const reread = await callEndpoint(t, endpoints.event.getEvent, {
        token: a.admin.token,
        query: { eventId: event.id },
      });
      expect(expectPayload(reread)).toMatchObject({ slug: 'autumn-finals', title: 'x' });
      // A new slug frees the old one.
      expect((await createEvent(t, b.admin.token, { title: 'Autumn Cup' })).slug).toBe('autumn-cup');
    });
  });

  describe('banner images', () => {
    it('takes an uploaded image, an http(s) address, or an empty string for none', async () => {
      const uploaded = '/api/media/0b8f3c1e-6a1d-4c43-9d55-0e6f2a1b7c9d.jpg';
      const external = `https://cdn.example.org/${'b'.repeat(2000)}.png`;
      expect((await createEvent(t, a.admin.token, { title: 'Own Banner', bannerUrl: uploaded })).bannerUrl).toBe(
        uploaded,
      );
      const event = await createEvent(t, a.admin.token, { title: 'Far Banner', bannerUrl: external });
      expect(event.bannerUrl).toBe(external);
      expect((await createEvent(t, a.admin.token, { title: 'No Banner', bannerUrl: '' })).bannerUrl).toBeNull();
      const plain = 'http://example.org/banner.png';
      const changed = await saveEventCall(t, a.admin.token, { id: event.id, bannerUrl: plain });
      expect(expectPayload(changed).bannerUrl).toBe(plain);
      const cleared = await saveEventCall(t, a.admin.token, { id: event.id, bannerUrl: '' });
      expect(expectPayload(cleared).bannerUrl).toBeNull();
    });
  });

  describe('validation', () => {
    it.each([
      ['an end before the start', { startDate: '2031-01-02T00:00:00Z', endDate: '2031-01-01T00:00:00Z' }, 'endDate'],
      ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
      ['a blank time zone', { timezone: ' ' }, 'timezone'],
      ['currency jpy', { currency: 'jpy' }, 'currency'],
      ['status live', { status: 'live' }, 'status'],
      ['capacity 0', { capacity: 0 }, 'capacity'],
      ['capacity 1.5', { capacity: 1.5 }, 'capacity'],
      ['capacity -1', { capacity: -1 }, 'capacity'],
      ['capacity as text', { capacity: '10' }, 'capacity'],
      ['maxTicketsPerOrder 0', { maxTicketsPerOrder: 0 }, 'maxTicketsPerOrder'],
      ['a date without a time', { startDate: '2031-01-01' }, 'startDate'],
      ['a local date', { endDate: '01/02/2031' }, 'endDate'],
      ['month 13', { startDate: '2031-13-01T00:00:00Z' }, 'startDate'],
      ['a missing start', { startDate: undefined }, 'startDate'],
      [
        'a closing before the opening',
        { registrationOpensAt: '2031-01-02T00:00:00Z', registrationClosesAt: '2031-01-01T00:00:00Z' },
        'registrationClosesAt',
      ],
      ['a blank title', { title: '   ' }, 'title'],
      ['a typed slug that is too long', { slug: 'a'.repeat(121) }, 'slug'],
      ['a javascript: banner', { bannerUrl: 'javascript:alert(1)' }, 'bannerUrl'],
      ['a data: banner', { bannerUrl: 'data:image/png;base64,iVBORw0KGgo=' }, 'bannerUrl'],
      ['an ftp banner', { bannerUrl: 'ftp://example.org/x.png' }, 'bannerUrl'],
      ['a relative banner path', { bannerUrl: '/elsewhere/x.png' }, 'bannerUrl'],
      ['a banner address of 2049 characters', { bannerUrl: `https://example.org/${'a'.repeat(2029)}` }, 'bannerUrl'],
      ['a missing title', { title: undefined }, 'title'],
      ['a missing time zone', { timezone: undefined }, 'timezone'],
      ['a missing currency', { currency: undefined }, 'currency'],
    ])('answers 400 naming the field for %s, and creates nothing', async (_title, overrides, field) => {
      const before = await eventsOf(a.club.id);
      // Raw: values the contract refuses, on purpose.
      const body = { ...eventBody({ title: 'Invalid' }), ...overrides };
      const response = await call(t, 'POST', '/event/save', { token: a.admin.token, body });
      expectError(response, 400, 'BAD_INPUT', new RegExp(`^${field}: `));
      expect(response.body.errors?.[0]?.path).toBe(field);
      expect(await eventsOf(a.club.id)).toEqual(before);
    });
  });
});
