import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent } from '@clubtix/contract';
import {
  createEvent,
  createExtras,
  createPackage,
  createTicket,
  daysFromNow,
  payloadOf,
  saveForm,
} from '../../../test/catalogue';
import { call, createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { events, extras, formQuestions, sponsorshipPackages, tickets } from '../../db/schema';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** The event reads (public ones show published events only), getFirstEvent and removeEvent. */
describe('event reads and removal', () => {
  let t: TestApp;
  let sudoToken: string;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  /** Club A's events, one per status, plus one that has ended. */
  const ev = {} as Record<'published' | 'draft' | 'cancelled' | 'ended', TEvent>;
  beforeAll(async () => {
    t = await createTestApp();
    sudoToken = (await createSudo(t)).token;
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
    const at = (start: string, end: string) => ({ startDate: start, endDate: end });
    ev.published = await createEvent(t, a.admin.token, {
      title: 'Live One',
      ...at('2030-03-01T10:00:00Z', '2030-03-02T10:00:00Z'),
    });
    ev.draft = await createEvent(t, a.admin.token, {
      title: 'Draft One',
      status: 'draft',
      ...at('2030-04-01T10:00:00Z', '2030-04-01T12:00:00Z'),
    });
    ev.cancelled = await createEvent(t, a.admin.token, {
      title: 'Gone One',
      status: 'cancelled',
      ...at('2030-05-01T10:00:00Z', '2030-05-01T12:00:00Z'),
    });
    ev.ended = await createEvent(t, a.admin.token, {
      title: 'Old One',
      ...at('2030-01-01T10:00:00Z', '2030-01-01T12:00:00Z'),
    });
  });
  afterAll(async () => t.close());

  const get = (path: string, query: Record<string, string>, token?: string) => call(t, 'GET', path, { token, query });
  const ids = (response: Awaited<ReturnType<typeof get>>) => payloadOf<TEvent[]>(response).map((e) => e.id);

  describe('GET /event/getAllEvents', () => {
    it('shows the public published events only, in date order', async () => {
      expect(ids(await get('/event/getAllEvents', { clubId: a.club.id }))).toEqual([ev.ended.id, ev.published.id]);
    });

    it("shows the club's own admin (and sudo) its drafts and cancelled events too", async () => {
      const all = [ev.ended.id, ev.published.id, ev.draft.id, ev.cancelled.id];
      expect(ids(await get('/event/getAllEvents', { clubId: a.club.id }, a.admin.token))).toEqual(all);
      expect(ids(await get('/event/getAllEvents', { clubId: a.club.id }, sudoToken))).toEqual(all);
    });

    it("shows another club's admin the published events only", async () => {
      expect(ids(await get('/event/getAllEvents', { clubId: a.club.id }, b.admin.token))).toEqual([
        ev.ended.id,
        ev.published.id,
      ]);
    });

    it('answers a bad token as it answers the public, so a stale session never breaks a public page', async () => {
      expect(ids(await get('/event/getAllEvents', { clubId: a.club.id }, 'not-a-token'))).toEqual([
        ev.ended.id,
        ev.published.id,
      ]);
    });
  });

  describe('GET /event/getAllActiveEvents', () => {
    it('shows published events not ended by currentDate; never drafts or cancelled ones', async () => {
      const active = (currentDate: string, token?: string) =>
        get('/event/getAllActiveEvents', { clubId: a.club.id, currentDate }, token);
      expect(ids(await active('2029-12-31T00:00:00Z'))).toEqual([ev.ended.id, ev.published.id]);
      expect(ids(await active('2030-01-01T12:00:00Z'))).toEqual([ev.ended.id, ev.published.id]);
      expect(ids(await active('2030-01-01T12:00:01Z', a.admin.token))).toEqual([ev.published.id]);
      expect(ids(await active('2030-03-02T10:00:01Z'))).toEqual([]);
      expectError(await active('yesterday'), 400, 'BAD_INPUT', /^currentDate: /);
    });

    it('takes a date as the start of that day (UTC): an event ending later that day is active', async () => {
      const c = await createClubWithAdmin(t);
      const endsThatDay = await createEvent(t, c.admin.token, {
        title: 'Ends Tonight',
        startDate: '2030-06-10T18:00:00Z',
        endDate: '2030-06-10T22:00:00Z',
      });
      const endedDayBefore = await createEvent(t, c.admin.token, {
        title: 'Ended Yesterday',
        startDate: '2030-06-09T10:00:00Z',
        endDate: '2030-06-09T23:59:59Z',
      });
      const active = (currentDate: string) => get('/event/getAllActiveEvents', { clubId: c.club.id, currentDate });
      expect(ids(await active('2030-06-10'))).toEqual([endsThatDay.id]);
      expect(ids(await active('2030-06-09'))).toEqual([endedDayBefore.id, endsThatDay.id]);
      expect(ids(await active('2030-06-11'))).toEqual([]);
    });

    it('reads a date and time without an offset as UTC, and one with an offset as that instant', async () => {
      const active = (currentDate: string) => get('/event/getAllActiveEvents', { clubId: a.club.id, currentDate });
      // ev.ended ends at 2030-01-01T12:00:00Z.
      expect(ids(await active('2030-01-01T12:00:00'))).toEqual([ev.ended.id, ev.published.id]);
      expect(ids(await active('2030-01-01T12:00:01'))).toEqual([ev.published.id]);
      expect(ids(await active('2030-01-01T12:00:00.000'))).toEqual([ev.ended.id, ev.published.id]);
      expect(ids(await active('2030-01-01T14:00:00+02:00'))).toEqual([ev.ended.id, ev.published.id]);
      expect(ids(await active('2030-01-01T07:00:01-05:00'))).toEqual([ev.published.id]);
    });

    it.each(['yesterday', '01/01/2030', '2030-13-01', '2030-01-01T25:00:00', '2030-01-01 12:00', '1893456000000'])(
      'answers 400 naming currentDate for %j',
      async (currentDate) => {
        const response = await get('/event/getAllActiveEvents', { clubId: a.club.id, currentDate });
        expectError(response, 400, 'BAD_INPUT', /^currentDate: Current date must be a date \(YYYY-MM-DD\)/);
        expect(response.body.errors?.[0]?.path).toBe('currentDate');
      },
    );

    it('takes now when currentDate is left out', async () => {
      const c = await createClubWithAdmin(t);
      await createEvent(t, c.admin.token, {
        title: 'Just Ended',
        startDate: daysFromNow(-2),
        endDate: daysFromNow(-1),
      });
      const running = await createEvent(t, c.admin.token, {
        title: 'Running',
        startDate: daysFromNow(-1),
        endDate: daysFromNow(1),
      });
      expect(ids(await get('/event/getAllActiveEvents', { clubId: c.club.id }))).toEqual([running.id]);
    });
  });

  describe('GET /event/getEvent and /event/getEventBySlug', () => {
    it('show a published event to anyone', async () => {
      expect(payloadOf(await get('/event/getEvent', { eventId: ev.published.id }))).toEqual(ev.published);
      expect(payloadOf(await get('/event/getEventBySlug', { slug: 'live-one' }))).toEqual(ev.published);
      expect(payloadOf(await get('/event/getEventBySlug', { slug: 'Live-One' }))).toEqual(ev.published);
    });

    it.each(['draft', 'cancelled'] as const)('answer 404 to the public for a %s event', async (status) => {
      expectError(await get('/event/getEvent', { eventId: ev[status].id }), 404, 'NOT_FOUND', 'Event not found');
      expectError(await get('/event/getEventBySlug', { slug: ev[status].slug }), 404, 'NOT_FOUND', 'Event not found');
      expectError(await get('/event/getEvent', { eventId: ev[status].id }, b.admin.token), 404, 'NOT_FOUND');
    });

    it("show a draft to its own club's admin", async () => {
      expect(payloadOf(await get('/event/getEvent', { eventId: ev.draft.id }, a.admin.token))).toEqual(ev.draft);
    });

    it('answer 404 for unknown ones', async () => {
      expectError(await get('/event/getEvent', { eventId: 'nope' }), 404, 'NOT_FOUND');
      expectError(await get('/event/getEventBySlug', { slug: 'nope' }), 404, 'NOT_FOUND');
    });
  });

  describe('GET /event/getFirstEvent', () => {
    const first = async (token: string) =>
      expectPayload(await callEndpoint(t, endpoints.event.getFirstEvent, { token }));

    it('answers null when the club has no event, then the latest past one, then the next upcoming one', async () => {
      const c = await createClubWithAdmin(t);
      await createEvent(t, b.admin.token, {
        title: 'Other Club Soon',
        startDate: daysFromNow(1),
        endDate: daysFromNow(2),
      });
      expect(await first(c.admin.token)).toBeNull();
      await createEvent(t, c.admin.token, {
        title: 'Long Ago',
        startDate: daysFromNow(-20),
        endDate: daysFromNow(-19),
      });
      const latest = await createEvent(t, c.admin.token, {
        title: 'Lately',
        startDate: daysFromNow(-5),
        endDate: daysFromNow(-4),
      });
      expect((await first(c.admin.token))?.id).toBe(latest.id);
      await createEvent(t, c.admin.token, { title: 'Far Ahead', startDate: daysFromNow(40), endDate: daysFromNow(41) });
      const next = await createEvent(t, c.admin.token, {
        title: 'Soon',
        status: 'draft',
        startDate: daysFromNow(3),
        endDate: daysFromNow(4),
      });
      expect((await first(c.admin.token))?.id).toBe(next.id);
    });

    it('needs a token', async () => {
      expectError(await callEndpoint(t, endpoints.event.getFirstEvent), 401, 'UNAUTHENTICATED');
    });
  });

  describe('GET /event/getEventByEventIdnClubId', () => {
    it('answers the event of that club, any status', async () => {
      const response = await get(
        '/event/getEventByEventIdnClubId',
        { eventId: ev.draft.id, clubId: a.club.id },
        a.admin.token,
      );
      expect(payloadOf(response)).toEqual(ev.draft);
    });

    it("answers 404 for another club's event or a mismatched clubId", async () => {
      const byB = (clubId: string) =>
        get('/event/getEventByEventIdnClubId', { eventId: ev.published.id, clubId }, b.admin.token);
      expectError(await byB(a.club.id), 404, 'NOT_FOUND');
      expectError(await byB(b.club.id), 404, 'NOT_FOUND');
      const mismatched = { eventId: ev.published.id, clubId: b.club.id };
      expectError(await get('/event/getEventByEventIdnClubId', mismatched, a.admin.token), 404, 'NOT_FOUND');
      expectError(await get('/event/getEventByEventIdnClubId', mismatched, sudoToken), 404, 'NOT_FOUND');
    });
  });

  describe('GET /event/removeEvent', () => {
    /** Rows below an event in every catalogue table. */
    async function rowsOf(eventId: string) {
      const count = async (table: typeof tickets | typeof extras | typeof sponsorshipPackages | typeof formQuestions) =>
        (await t.db.select().from(table).where(eq(table.eventId, eventId))).length;
      return {
        event: (
          await t.db
            .select()
            .from(events)
            .where(and(eq(events.id, eventId)))
        ).length,
        tickets: await count(tickets),
        extras: await count(extras),
        packages: await count(sponsorshipPackages),
        questions: await count(formQuestions),
      };
    }
    async function stockedEvent(token: string, title: string) {
      const event = await createEvent(t, token, { title });
      await createTicket(t, token, event.id);
      await createExtras(t, token, event.id);
      await createPackage(t, token, event.id);
      await saveForm(t, token, event.id, [{ type: 0, label: 'Club number' }]);
      expect(await rowsOf(event.id)).toEqual({ event: 1, tickets: 1, extras: 1, packages: 1, questions: 1 });
      return event;
    }

    it('removes the event with its tickets, extras, packages and form', async () => {
      const event = await stockedEvent(a.admin.token, 'Short Lived');
      const response = await get('/event/removeEvent', { eventId: event.id }, a.admin.token);
      expect(response.body).toEqual({ payload: { id: event.id }, msg: 'Event removed' });
      expect(await rowsOf(event.id)).toEqual({ event: 0, tickets: 0, extras: 0, packages: 0, questions: 0 });
      expectError(await get('/event/getEvent', { eventId: event.id }, a.admin.token), 404, 'NOT_FOUND');
      expectError(await get('/event/removeEvent', { eventId: event.id }, a.admin.token), 404, 'NOT_FOUND');
    });

    it("answers 404 for another club's event and removes nothing", async () => {
      const event = await stockedEvent(b.admin.token, 'Sturdy');
      expectError(await get('/event/removeEvent', { eventId: event.id }, a.admin.token), 404, 'NOT_FOUND');
      expect(await rowsOf(event.id)).toEqual({ event: 1, tickets: 1, extras: 1, packages: 1, questions: 1 });
      expect(payloadOf(await get('/event/getEvent', { eventId: event.id }))).toEqual(event);
    });
  });
});
