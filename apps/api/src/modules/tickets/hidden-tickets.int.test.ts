import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TTicket, type QueryOf, type BodyOf } from '@clubtix/contract';
import { createEvent, createTicket, daysFromNow } from '../../../test/catalogue';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** Hidden ticket types (docs/product.md section 19): offered only with an access code that names them. */
describe('hidden tickets', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let event: TEvent;
  let open: TTicket;
  let crew: TTicket;
  let vip: TTicket;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
    event = await createEvent(t, a.admin.token, { title: 'Secret show' });
    open = await createTicket(t, a.admin.token, event.id, { name: 'Open' });
    crew = await createTicket(t, a.admin.token, event.id, { name: 'Crew', hidden: true });
    vip = await createTicket(t, a.admin.token, event.id, { name: 'VIP', hidden: true });
    const code = (body: Omit<BodyOf<typeof endpoints.discount.save>, 'eventId' | 'kind' | 'value'>) =>
      callEndpoint(t, endpoints.discount.save, {
        token: a.admin.token,
        body: { eventId: event.id, kind: 'percent', value: 100, ...body },
      });
    for (const body of [
      { code: 'CREW-1', ticketIds: [crew.id] },
      { code: 'EVERYONE' },
      { code: 'CREWOFF', ticketIds: [crew.id], isActive: false },
      { code: 'CREWPAST', ticketIds: [crew.id], validUntil: daysFromNow(-1) },
    ]) {
      expect((await code(body)).status).toBe(200);
    }
  });
  afterAll(async () => t.close());

  const names = async (query: QueryOf<typeof endpoints.ticket.getTicketsByEventId>, token?: string) =>
    expectPayload(await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { token, query })).map((x) => x.name);

  it('saves and clears the hidden flag', async () => {
    expect(crew.hidden).toBe(true);
    expect(open.hidden).toBe(false);
    const saved = await callEndpoint(t, endpoints.ticket.save, {
      token: a.admin.token,
      body: { id: open.id, eventId: event.id, hidden: true },
    });
    expect(expectPayload(saved).hidden).toBe(true);
    const back = await callEndpoint(t, endpoints.ticket.save, {
      token: a.admin.token,
      body: { id: open.id, eventId: event.id, hidden: false },
    });
    expect(expectPayload(back)).toEqual(open);
  });

  it('leaves hidden tickets out of the public list', async () => {
    expect(await names({ eventId: event.id })).toEqual(['Open']);
  });

  it('lists the hidden tickets a usable code names, whatever the case typed', async () => {
    expect(await names({ eventId: event.id, code: 'crew-1' })).toEqual(['Open', 'Crew']);
  });

  it('opens nothing with a code naming no ticket, an unknown, inactive or expired one', async () => {
    for (const code of ['EVERYONE', 'NOPE-1', 'CREWOFF', 'CREWPAST', '']) {
      expect(await names({ eventId: event.id, code })).toEqual(['Open']);
    }
  });

  it("opens nothing with another event's code", async () => {
    const other = await createEvent(t, a.admin.token, { title: 'Other show' });
    await createTicket(t, a.admin.token, other.id, { name: 'Other hidden', hidden: true });
    expect(await names({ eventId: other.id, code: 'CREW-1' })).toEqual([]);
  });

  it("lists them all to the club's own admins, not to another club's", async () => {
    expect(await names({ eventId: event.id }, a.admin.token)).toEqual(['Open', 'Crew', 'VIP']);
    expect(await names({ eventId: event.id }, b.admin.token)).toEqual(['Open']);
  });

  it('answers 404 for a hidden ticket read alone by the public, and shows it to its admins', async () => {
    const byId = (token?: string) =>
      callEndpoint(t, endpoints.ticket.getTicketById, { token, query: { ticketId: vip.id } });
    expectError(await byId(), 404, 'NOT_FOUND');
    expectError(await byId(b.admin.token), 404, 'NOT_FOUND');
    expect(expectPayload(await byId(a.admin.token))).toEqual(vip);
  });
});
