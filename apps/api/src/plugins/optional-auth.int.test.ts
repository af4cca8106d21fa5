import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint, type TEvent, type TTicket } from '@clubtix/contract';
import { createEvent, createPackage, createTicket, eventBody, payloadOf, saveForm } from '../../test/catalogue';
import { call, createClubWithAdmin, createTestApp, expectError, tokenFor, type TestApp } from '../../test/helpers';
import { callEndpoint } from '../../test/call-endpoint';
import { createPass, seriesOf } from '../../test/passes';

/**
 * Public reads that show more to a club's own admins (`optionalAuth`) answer a bad or expired token
 * as they answer a visitor: a stale session in a browser never breaks a public page. Calls that
 * require a token still answer 401 and 440.
 */
describe('a bad or expired token on a public read', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let published: TEvent;
  let draft: TEvent;
  let ticketId: string;
  let seriesId: string;
  const badTokens: [string, string][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    published = await createEvent(t, a.admin.token, { title: 'Open Day' });
    draft = await createEvent(t, a.admin.token, { title: 'Secret Plans', status: 'draft' });
    ticketId = (await createTicket(t, a.admin.token, published.id)).id;
    await createTicket(t, a.admin.token, published.id, { name: 'Crew', isActive: false });
    await createPackage(t, a.admin.token, published.id);
    await saveForm(t, a.admin.token, published.id, [{ type: 0, label: 'Boat name', required: true }]);
    seriesId = await seriesOf(t, a.club.id, [published.id]);
    await createPass(t, a.admin.token, seriesId);
    const retired = await createPass(t, a.admin.token, seriesId, { name: 'Retired' });
    await callEndpoint(t, endpoints.pass.save, { token: a.admin.token, body: { id: retired.id, isActive: false } });
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(a.admin.row.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'));
    badTokens.push(
      ['expired', await tokenFor(a.admin.row, -10)],
      ['garbage', 'not-a-token'],
      ['signed with another secret', forged],
    );
  });
  afterAll(async () => t.close());

  /** Every optionalAuth read, called on club A's published event. */
  const reads: [string, string, () => Record<string, string>][] = [
    ['event.getAllEvents', '/event/getAllEvents', () => ({ clubId: a.club.id })],
    ['event.getEvent', '/event/getEvent', () => ({ eventId: published.id })],
    ['ticket.getTicketsByEventId', '/ticket/getTicketsByEventId', () => ({ eventId: published.id })],
    ['ticket.getTicketById', '/ticket/getTicketById', () => ({ ticketId })],
    [
      'sponsorshipPackage.getPackagesByEventId',
      '/sponsorship-package/getPackagesByEventId',
      () => ({ eventId: published.id }),
    ],
    ['form.getFormQuestions', '/form/getFormQuestions', () => ({ eventId: published.id })],
    ['pass.getBySeriesId', '/pass/getBySeriesId', () => ({ seriesId })],
  ];

  it('covers every read of the endpoint table that shows more with a token', () => {
    const optional = Object.entries(endpoints).flatMap(([group, table]) =>
      Object.entries(table as Record<string, Endpoint>)
        .filter(([, endpoint]) => endpoint.optionalAuth)
        .map(([name]) => `${group}.${name}`),
    );
    expect(reads.map(([name]) => name).sort()).toEqual(optional.sort());
  });

  describe.each(reads)('%s', (_name, path, query) => {
    it.each([0, 1, 2])('answers bad token #%i exactly as it answers a visitor', async (index) => {
      const visitor = await call(t, 'GET', path, { query: query() });
      expect(visitor.status).toBe(200);
      const [, token] = badTokens[index]!;
      const response = await call(t, 'GET', path, { query: query(), token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(visitor.body);
    });
  });

  it('shows an expired or garbage token the published events only, as a visitor sees them', async () => {
    const ids = (response: Awaited<ReturnType<typeof call>>) => payloadOf<TEvent[]>(response).map((e) => e.id);
    const signedIn = await callEndpoint(t, endpoints.event.getAllEvents, {
      query: { clubId: a.club.id },
      token: a.admin.token,
    });
    expect(ids(signedIn).sort()).toEqual([published.id, draft.id].sort());
    for (const [, token] of badTokens) {
      const response = await callEndpoint(t, endpoints.event.getAllEvents, { query: { clubId: a.club.id }, token });
      expect(ids(response)).toEqual([published.id]);
    }
  });

  it("shows an expired or garbage token the event's active tickets only, as a visitor sees them", async () => {
    const names = (response: Awaited<ReturnType<typeof call>>) => payloadOf<TTicket[]>(response).map((x) => x.name);
    const query = { eventId: published.id };
    expect(names(await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query, token: a.admin.token }))).toEqual(
      ['Adult', 'Crew'],
    );
    for (const [, token] of badTokens) {
      expect(names(await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query, token }))).toEqual(['Adult']);
    }
  });

  it('answers a draft event 404 to an expired or garbage token, as to a visitor, never 401 or 440', async () => {
    expect(
      (await callEndpoint(t, endpoints.event.getEvent, { query: { eventId: draft.id }, token: a.admin.token })).status,
    ).toBe(200);
    expectError(await callEndpoint(t, endpoints.event.getEvent, { query: { eventId: draft.id } }), 404, 'NOT_FOUND');
    for (const [, token] of badTokens) {
      expectError(
        await callEndpoint(t, endpoints.event.getEvent, { query: { eventId: draft.id }, token }),
        404,
        'NOT_FOUND',
      );
    }
  });

  it('still answers 440 and 401 on calls that require a token', async () => {
    const [[, expired], [, garbage], [, forged]] = badTokens as [[string, string], [string, string], [string, string]];
    for (const [path, query] of [
      ['/club/getAllClubs', {}],
      ['/event/getExtras', { eventId: published.id }],
      ['/order/getOrdersByEventId', { eventId: published.id }],
    ] as const) {
      expectError(await call(t, 'GET', path, { query, token: expired }), 440, 'TOKEN_EXPIRED');
      expectError(await call(t, 'GET', path, { query, token: garbage }), 401, 'UNAUTHENTICATED');
      expectError(await call(t, 'GET', path, { query, token: forged }), 401, 'UNAUTHENTICATED');
    }
    const save = await callEndpoint(t, endpoints.event.save, {
      token: await tokenFor(a.admin.row, -10),
      body: eventBody({ title: 'Changed' }),
    });
    expectError(save, 440, 'TOKEN_EXPIRED');
  });
});
