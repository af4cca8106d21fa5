import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type BodyOf, type TEvent } from '@clubtix/contract';
import { anyString, createEvent, eventBody, saveEventCall } from '../../../test/catalogue';
import { call, createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** POST /event/save with an id: an update writes only the fields sent (docs/decisions/0013), inside the tenant wall. */
describe('POST /event/save, updating', () => {
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

  it("answers 404 for another club's event and changes nothing; sudo may edit any", async () => {
    const event = await createEvent(t, b.admin.token, { title: 'B Only' });
    for (const clubId of [undefined, a.club.id, b.club.id]) {
      const response = await saveEventCall(t, a.admin.token, eventBody({ id: event.id, clubId, title: 'Hijack' }));
      expectError(response, 404, 'NOT_FOUND');
    }
    expect((await eventsOf(b.club.id)).find((e) => e.id === event.id)).toEqual(event);
    const moved = await saveEventCall(t, b.admin.token, eventBody({ id: event.id, clubId: a.club.id }));
    expectError(moved, 404, 'NOT_FOUND');
    const edited = await saveEventCall(t, sudoToken, eventBody({ id: event.id, title: 'B Edited' }));
    expect(edited.body.msg).toBe('Event saved');
    expect(expectPayload(edited)).toMatchObject({ clubId: b.club.id, title: 'B Edited', slug: 'b-only' });
    expectError(await saveEventCall(t, sudoToken, eventBody({ id: 'no-such-event' })), 404, 'NOT_FOUND');
  });

  /** A published event with every optional field set, to see what an update keeps. */
  const fullEvent = (title: string) =>
    createEvent(t, a.admin.token, {
      title,
      description: 'All the details',
      bannerUrl: 'https://cdn.example.org/banners/regatta.jpg',
      venue: 'Harbour',
      address: '1 Quay Street',
      startDate: '2031-06-01T10:00:00.000Z',
      endDate: '2031-06-02T18:00:00.000Z',
      currency: 'eur',
      status: 'published',
      capacity: 120,
      registrationOpensAt: '2031-05-01T00:00:00.000Z',
      registrationClosesAt: '2031-05-31T00:00:00.000Z',
      donationsEnabled: true,
      sponsorshipsEnabled: true,
      maxTicketsPerOrder: 4,
    });
  const getEvent = async (eventId: string, token?: string) =>
    expectPayload(await callEndpoint(t, endpoints.event.getEvent, { token, query: { eventId } }));

  it('changes only the title when only the title is sent: still published, same capacity and the rest', async () => {
    const event = await fullEvent('Title Only');
    const response = await saveEventCall(t, a.admin.token, { id: event.id, title: 'Title Only, Renamed' });
    expect(response.body.msg).toBe('Event saved');
    const expected = { ...event, title: 'Title Only, Renamed', updatedAt: anyString };
    expect(expectPayload(response)).toEqual(expected);
    // The public still sees it: it was not unpublished.
    expect(await getEvent(event.id)).toEqual(expected);
  });

  it('keeps every field a body leaves out, whichever field it sends', async () => {
    const event = await fullEvent('One At A Time');
    const changes: Partial<TEvent>[] = [
      { status: 'cancelled' },
      { maxTicketsPerOrder: 6 },
      { donationsEnabled: false },
      { confirmFreeByEmail: true },
      { venue: 'Marina' },
      { confirmFreeByEmail: false },
      { endDate: '2031-06-03T18:00:00.000Z' },
    ];
    let expected: TEvent = event;
    for (const change of changes) {
      expected = { ...expected, ...change, updatedAt: anyString };
      expect(expectPayload(await saveEventCall(t, a.admin.token, { id: event.id, ...change }))).toEqual(expected);
    }
    expect(await getEvent(event.id, a.admin.token)).toEqual(expected);
  });

  it('clears a field sent as null (or an empty text or image), and keeps the others', async () => {
    const event = await fullEvent('Cleared');
    const response = await saveEventCall(t, a.admin.token, {
      id: event.id,
      capacity: null,
      bannerUrl: '',
      description: '',
      registrationOpensAt: null,
    });
    expect(expectPayload(response)).toEqual({
      ...event,
      capacity: null,
      bannerUrl: null,
      description: null,
      registrationOpensAt: null,
      updatedAt: anyString,
    });
  });

  it('still takes a whole body, as the web form sends it', async () => {
    const event = await fullEvent('Whole Body');
    const { id, clubId: _club, createdAt: _c, updatedAt: _u, ...fields } = event;
    const body: BodyOf<typeof endpoints.event.save> = {
      ...fields,
      id,
      title: 'Whole Body 2',
      capacity: null,
      status: 'draft',
    };
    expect(expectPayload(await saveEventCall(t, a.admin.token, body))).toEqual({
      ...event,
      title: 'Whole Body 2',
      capacity: null,
      status: 'draft',
      updatedAt: anyString,
    });
  });

  it.each([
    ['an end before the stored start', { endDate: '2031-05-31T00:00:00Z' }, 'endDate', 'End date must not'],
    ['a start after the stored end', { startDate: '2031-06-03T00:00:00Z' }, 'endDate', 'End date must not'],
    [
      'a closing before the stored opening',
      { registrationClosesAt: '2031-04-01T00:00:00Z' },
      'registrationClosesAt',
      'Registration closing must not',
    ],
    [
      'an opening after the stored closing',
      { registrationOpensAt: '2031-06-01T00:00:00Z' },
      'registrationClosesAt',
      'Registration closing must not',
    ],
  ])('checks the dates against the stored event: 400 for %s, and changes nothing', async (_t, change, field, msg) => {
    const event = await fullEvent('Date Order');
    const response = await saveEventCall(t, a.admin.token, { id: event.id, ...change });
    expectError(response, 400, 'BAD_INPUT', new RegExp(`^${field}: ${msg}`));
    expect(response.body.errors?.[0]?.path).toBe(field);
    expect(await getEvent(event.id)).toEqual(event);
  });

  it('takes dates that are in order once merged, and one end moved with the other', async () => {
    const event = await fullEvent('Moved Dates');
    const later = { startDate: '2031-07-01T10:00:00.000Z', endDate: '2031-07-02T10:00:00.000Z' };
    expect(expectPayload(await saveEventCall(t, a.admin.token, { id: event.id, ...later }))).toMatchObject(later);
    const shorter = { endDate: '2031-07-01T12:00:00.000Z' };
    expect(expectPayload(await saveEventCall(t, a.admin.token, { id: event.id, ...shorter }))).toMatchObject({
      ...later,
      ...shorter,
    });
  });

  it('refuses a blank title or a null status on update (400 naming the field)', async () => {
    const event = await fullEvent('Still Strict');
    for (const [change, field] of [
      [{ title: '  ' }, 'title'],
      [{ status: null }, 'status'],
      [{ maxTicketsPerOrder: null }, 'maxTicketsPerOrder'],
      [{ bannerUrl: 'javascript:alert(1)' }, 'bannerUrl'],
    ] as const) {
      // Raw: values the contract refuses, on purpose.
      const response = await call(t, 'POST', '/event/save', {
        token: a.admin.token,
        body: { id: event.id, ...change },
      });
      expectError(response, 400, 'BAD_INPUT', new RegExp(`^${field}: `));
      expect(response.body.errors?.[0]?.path).toBe(field);
    }
    expect(await getEvent(event.id)).toEqual(event);
  });
});
