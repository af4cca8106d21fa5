import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TTicket } from '@clubtix/contract';
import { anyString, createEvent, createTicket, payloadOf } from '../../../test/catalogue';
import { eq } from 'drizzle-orm';
import { buyTickets, holdTickets } from '../../../test/buying';
import { call, createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { registrations } from '../../db/schema';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** Ticket types (docs/product.md section 14): money rules, what the public sees, the tenant wall. */
describe('tickets', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let published: TEvent;
  let draft: TEvent;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
    published = await createEvent(t, a.admin.token, { title: 'Ticketed' });
    draft = await createEvent(t, a.admin.token, { title: 'Ticketed Draft', status: 'draft' });
  });
  afterAll(async () => t.close());

  const save = (token: string, body: Record<string, unknown>) =>
    callEndpoint(t, endpoints.ticket.save, { token, body });
  const list = (eventId: string, token?: string) =>
    callEndpoint(t, endpoints.ticket.getTicketsByEventId, { token, query: { eventId } });
  const byId = (ticketId: string, token?: string) =>
    callEndpoint(t, endpoints.ticket.getTicketById, { token, query: { ticketId } });
  const remove = (token: string, ticketId: string) =>
    callEndpoint(t, endpoints.ticket.removeTicket, { token, body: { ticketId } });
  const namesOf = async (eventId: string, token?: string) =>
    expectPayload(await list(eventId, token)).map((x) => x.name);

  describe('POST /ticket/save', () => {
    it('creates a ticket type with nothing sold and everything available', async () => {
      const event = await createEvent(t, a.admin.token, { title: 'Fresh Tickets' });
      const body = {
        eventId: event.id,
        name: ' Early bird ',
        description: 'First hundred',
        price: 1999,
        quantity: 100,
        maxPerOrder: 4,
        salesStartAt: '2031-01-01T00:00:00Z',
        salesEndAt: '2031-02-01T00:00:00+01:00',
      };
      const response = await save(a.admin.token, body);
      expect(response.body.msg).toBe('Ticket created');
      expect(payloadOf(response)).toEqual({
        ...body,
        id: anyString,
        name: 'Early bird',
        salesStartAt: '2031-01-01T00:00:00.000Z',
        salesEndAt: '2031-01-31T23:00:00.000Z',
        sold: 0,
        available: 100,
        held: 0,
        heldUntil: null,
        isActive: true,
        hidden: false,
        position: 0,
      });
      expect((await createTicket(t, a.admin.token, event.id, { name: 'Second' })).position).toBe(1);
    });

    it('takes a null or missing quantity as unlimited, and a free ticket', async () => {
      const open = await createTicket(t, a.admin.token, published.id, { name: 'Open', quantity: null, price: 0 });
      expect(open).toMatchObject({ quantity: null, available: null, sold: 0, price: 0 });
      const { quantity: _q, ...body } = { eventId: published.id, name: 'Unnamed quantity', price: 100, quantity: 1 };
      expect(expectPayload(await save(a.admin.token, body))).toMatchObject({ quantity: null, available: null });
    });

    it('updates a ticket type in place', async () => {
      const ticket = await createTicket(t, a.admin.token, published.id, { name: 'Student' });
      const response = await save(a.admin.token, {
        id: ticket.id,
        eventId: published.id,
        name: 'Student (ID)',
        price: 900,
        quantity: 5,
        isActive: false,
      });
      expect(response.body.msg).toBe('Ticket saved');
      const updated = { ...ticket, name: 'Student (ID)', price: 900, quantity: 5, available: 5, isActive: false };
      expect(payloadOf(response)).toEqual(updated);
      expect(payloadOf(await byId(ticket.id, a.admin.token))).toEqual(updated);
    });

    /** A ticket type with every optional field set, to see what an update keeps. */
    const fullTicket = (name: string) =>
      createTicket(t, a.admin.token, published.id, {
        name,
        description: 'Limited',
        price: 2500,
        quantity: 50,
        maxPerOrder: 4,
        salesStartAt: '2031-01-01T00:00:00.000Z',
        salesEndAt: '2031-02-01T00:00:00.000Z',
        isActive: false,
      });

    it('changes only the price when only the price is sent: same quantity, isActive and the rest', async () => {
      const ticket = await fullTicket('Price Only');
      const response = await save(a.admin.token, { id: ticket.id, eventId: published.id, price: 900 });
      expect(response.body.msg).toBe('Ticket saved');
      expect(payloadOf(response)).toEqual({ ...ticket, price: 900 });
      expect(payloadOf(await byId(ticket.id, a.admin.token))).toEqual({ ...ticket, price: 900 });
    });

    it('takes an update without the eventId too, and keeps whatever is left out', async () => {
      const ticket = await fullTicket('No Event Named');
      expect(payloadOf(await save(a.admin.token, { id: ticket.id, isActive: true }))).toEqual({
        ...ticket,
        isActive: true,
      });
      expect(payloadOf(await save(a.admin.token, { id: ticket.id, name: 'Renamed' }))).toEqual({
        ...ticket,
        isActive: true,
        name: 'Renamed',
      });
    });

    it('clears a field sent as null: a null quantity makes it unlimited', async () => {
      const ticket = await fullTicket('Cleared');
      const response = await save(a.admin.token, { id: ticket.id, quantity: null, salesEndAt: null, description: '' });
      expect(payloadOf(response)).toEqual({
        ...ticket,
        quantity: null,
        available: null,
        salesEndAt: null,
        description: null,
      });
    });

    it('checks the sales window against the stored one: 400 on salesEndAt, and changes nothing', async () => {
      const ticket = await fullTicket('Window');
      for (const change of [{ salesEndAt: '2030-12-31T00:00:00Z' }, { salesStartAt: '2031-03-01T00:00:00Z' }]) {
        const response = await save(a.admin.token, { id: ticket.id, ...change });
        expectError(response, 400, 'BAD_INPUT', 'salesEndAt: Sales end must not be before sales start');
        expect(response.body.errors?.[0]?.path).toBe('salesEndAt');
      }
      expect(payloadOf(await byId(ticket.id, a.admin.token))).toEqual(ticket);
      const moved = await save(a.admin.token, {
        id: ticket.id,
        salesStartAt: '2031-03-01T00:00:00Z',
        salesEndAt: null,
      });
      expect(payloadOf(moved)).toMatchObject({ salesStartAt: '2031-03-01T00:00:00.000Z', salesEndAt: null });
    });

    it('refuses a blank name, a null price or a null isActive on update', async () => {
      const ticket = await fullTicket('Strict Update');
      for (const [change, field] of [
        [{ name: ' ' }, 'name'],
        [{ price: null }, 'price'],
        [{ isActive: null }, 'isActive'],
        [{ maxPerOrder: null }, 'maxPerOrder'],
      ] as const) {
        const response = await save(a.admin.token, { id: ticket.id, ...change });
        expectError(response, 400, 'BAD_INPUT', new RegExp(`^${field}: `));
        expect(response.body.errors?.[0]?.path).toBe(field);
      }
      expect(payloadOf(await byId(ticket.id, a.admin.token))).toEqual(ticket);
    });

    it('answers 404 for an update naming another event of the club, and changes nothing', async () => {
      const ticket = await createTicket(t, a.admin.token, published.id, { name: 'Stays put' });
      const response = await save(a.admin.token, { id: ticket.id, eventId: draft.id, name: 'Moved', price: 1 });
      expectError(response, 404, 'NOT_FOUND', 'Ticket not found');
      expect(payloadOf(await byId(ticket.id))).toEqual(ticket);
      expectError(
        await save(a.admin.token, { id: 'no-such-ticket', eventId: published.id, name: 'x', price: 1 }),
        404,
        'NOT_FOUND',
      );
    });

    it.each([
      ['a negative price', { price: -1 }, 'price', 'price: Price cannot be negative'],
      [
        'a fractional price',
        { price: 10.5 },
        'price',
        'price: Price must be a whole number of minor units (for example 1050 for 10.50)',
      ],
      ['a price as text', { price: '10' }, 'price', /^price: Price must be a number/],
      ['a missing price', { price: undefined }, 'price', /^price: /],
      ['a negative quantity', { quantity: -1 }, 'quantity', 'quantity: Quantity cannot be negative'],
      ['a fractional quantity', { quantity: 2.5 }, 'quantity', 'quantity: Quantity must be a whole number'],
      ['a per-order limit of 0', { maxPerOrder: 0 }, 'maxPerOrder', /^maxPerOrder: /],
      [
        'a sales end before its start',
        { salesStartAt: '2031-02-01T00:00:00Z', salesEndAt: '2031-01-01T00:00:00Z' },
        'salesEndAt',
        /^salesEndAt: /,
      ],
      ['a blank name', { name: ' ' }, 'name', 'name: Name is required'],
      ['a missing event', { eventId: undefined }, 'eventId', /^eventId: /],
    ])('answers 400 for %s, and creates nothing', async (_title, overrides, field, msg) => {
      const event = await createEvent(t, a.admin.token, { title: 'Strict Prices' });
      const response = await save(a.admin.token, { eventId: event.id, name: 'Bad', price: 100, ...overrides });
      expectError(response, 400, 'BAD_INPUT', msg);
      expect(response.body.errors?.[0]?.path).toBe(field);
      expect(await namesOf(event.id, a.admin.token)).toEqual([]);
    });
  });

  describe('reading', () => {
    let active: TTicket;
    let inactive: TTicket;
    let ofDraft: TTicket;
    beforeAll(async () => {
      const event = await createEvent(t, a.admin.token, { title: 'Read Tickets' });
      await createTicket(t, a.admin.token, event.id, { name: 'Later', position: 5 });
      active = await createTicket(t, a.admin.token, event.id, { name: 'First', position: 1 });
      inactive = await createTicket(t, a.admin.token, event.id, { name: 'Hidden', position: 2, isActive: false });
      ofDraft = await createTicket(t, a.admin.token, draft.id, { name: 'Draft ticket' });
    });

    it('lists the active tickets of a published event, in order, to the public and other clubs', async () => {
      expect(await namesOf(active.eventId)).toEqual(['First', 'Later']);
      expect(await namesOf(active.eventId, b.admin.token)).toEqual(['First', 'Later']);
      expect(await namesOf(active.eventId, a.admin.token)).toEqual(['First', 'Hidden', 'Later']);
    });

    it("answers 404 to the public for a draft's tickets, lists them for its own admin", async () => {
      expectError(await list(draft.id), 404, 'NOT_FOUND');
      expectError(await list(draft.id, b.admin.token), 404, 'NOT_FOUND');
      expect(await namesOf(draft.id, a.admin.token)).toEqual(['Draft ticket']);
    });

    it('shows one ticket to the public unless it is inactive or its event is a draft', async () => {
      expect(payloadOf(await byId(active.id))).toEqual(active);
      for (const hidden of [inactive, ofDraft]) {
        expectError(await byId(hidden.id), 404, 'NOT_FOUND', 'Ticket not found');
        expectError(await byId(hidden.id, b.admin.token), 404, 'NOT_FOUND');
        expect(payloadOf(await byId(hidden.id, a.admin.token))).toEqual(hidden);
      }
      expectError(await byId('no-such-ticket'), 404, 'NOT_FOUND');
    });

    it('says what unpaid holds keep, and when the soonest lapses only once none is left (held is not sold)', async () => {
      const event = await createEvent(t, a.admin.token, { title: 'Held Not Sold' });
      const few = await createTicket(t, a.admin.token, event.id, { name: 'Few', quantity: 3 });
      const many = await createTicket(t, a.admin.token, event.id, { name: 'Many', quantity: 10 });
      const people = (n: number) =>
        Array.from({ length: n }, (_, i) => ({ firstName: 'Held', lastName: `N${i}`, email: `held${i}@example.org` }));
      const first = await holdTickets(t, event.id, few.id, 'first@example.org', people(1));
      const second = await holdTickets(t, event.id, few.id, 'second@example.org', people(2));
      await holdTickets(t, event.id, many.id, 'other@example.org', people(1));
      await buyTickets(t, event.id, many.id, 'paid@example.org', people(2));
      // Only the holds of the sold-out type count toward its time: the soonest of its two.
      await t.db
        .update(registrations)
        .set({ expiresAt: new Date(Date.now() + 5 * 60_000) })
        .where(eq(registrations.id, second.registrationId));
      const [soonest] = await t.db
        .select({ expiresAt: registrations.expiresAt })
        .from(registrations)
        .where(eq(registrations.id, second.registrationId));
      expect(Date.parse(first.expiresAt!)).toBeGreaterThan(soonest!.expiresAt!.getTime());
      const shown = expectPayload(await list(event.id)).map(({ name, available, held, heldUntil, sold }) => ({
        name,
        available,
        held,
        heldUntil,
        sold,
      }));
      expect(shown).toEqual([
        { name: 'Few', available: 0, held: 3, heldUntil: soonest!.expiresAt!.toISOString(), sold: 0 },
        { name: 'Many', available: 7, held: 1, heldUntil: null, sold: 2 },
      ]);
      expect(expectPayload(await byId(few.id))).toMatchObject({
        held: 3,
        heldUntil: soonest!.expiresAt!.toISOString(),
      });
    });
  });

  describe('DELETE /ticket/removeTicket', () => {
    it('removes a ticket type', async () => {
      const ticket = await createTicket(t, a.admin.token, published.id, { name: 'Doomed' });
      const response = await remove(a.admin.token, ticket.id);
      expect(response.body).toEqual({ payload: { id: ticket.id }, msg: 'Ticket removed' });
      expectError(await byId(ticket.id, a.admin.token), 404, 'NOT_FOUND');
      expectError(await remove(a.admin.token, ticket.id), 404, 'NOT_FOUND');
    });

    it('needs the id in the JSON body', async () => {
      const response = await call(t, 'DELETE', '/ticket/removeTicket', {
        token: a.admin.token,
        query: { ticketId: 'x' },
      });
      expectError(response, 400, 'BAD_INPUT');
    });
  });

  describe('the tenant wall', () => {
    it("answers 404 when an admin saves or removes another club's ticket, and changes nothing", async () => {
      const event = await createEvent(t, b.admin.token, { title: 'B Tickets' });
      const own = await createEvent(t, a.admin.token, { title: 'A Tickets' });
      const ticket = await createTicket(t, b.admin.token, event.id, { name: 'B only', isActive: false });
      const attempts = [
        save(a.admin.token, { eventId: event.id, name: 'Planted', price: 1 }),
        save(a.admin.token, { id: ticket.id, eventId: event.id, name: 'Hijacked', price: 1 }),
        save(a.admin.token, { id: ticket.id, eventId: own.id, name: 'Hijacked', price: 1 }),
        save(a.admin.token, { id: ticket.id, price: 1 }),
        remove(a.admin.token, ticket.id),
        byId(ticket.id, a.admin.token),
      ];
      for (const response of await Promise.all(attempts)) expectError(response, 404, 'NOT_FOUND');
      expect(expectPayload(await list(event.id, b.admin.token))).toEqual([ticket]);
      expect(await namesOf(own.id, a.admin.token)).toEqual([]);
    });
  });
});
