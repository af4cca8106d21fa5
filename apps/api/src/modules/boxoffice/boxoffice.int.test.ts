import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TBoxOfficeSale, type TOrderListItem, type BodyOf } from '@clubtix/contract';
import { attendees, checkins, mailOutbox, registrations } from '../../db/schema';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { call, createAdminApp, createClubWithAdmin, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/** docs/product.md section 20: selling at the door (docs/decisions/0034-box-office.md). */
describe('box office', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    otherToken = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => t.close());

  const sell = (body: BodyOf<typeof endpoints.boxoffice.sell>, as = token) =>
    callEndpoint(t, endpoints.boxoffice.sell, { token: as, body });

  async function stock(quantity: number | null = 10, price = 1500) {
    const event = await publishEvent(t, token, { maxTicketsPerOrder: 10 });
    const ticket = await addTicket(t, token, event.id, { quantity, price, maxPerOrder: 10 });
    return { event, ticket };
  }

  it('sells for cash: a confirmed box-office registration, its order paid by cash, named as given', async () => {
    const { event, ticket } = await stock();
    const response = await sell({
      eventId: event.id,
      tickets: [{ ticketId: ticket.id, quantity: 2 }],
      attendees: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }],
      paymentMethod: 'cash',
    });
    expect(response.status).toBe(200);
    const sale = response.body.payload as TBoxOfficeSale;
    expect(sale.registration).toMatchObject({ status: 'confirmed', email: 'ada@example.org' });
    expect(sale.registration.attendees).toHaveLength(2);
    expect(sale.registration.attendees[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', checkinId: null });
    expect(sale.order).toMatchObject({ amount: 3000, paymentStatus: 'paid', paymentMethod: 'cash' });
    // A door answer: no qrUuid, the buyer's secret (docs/decisions/0061-staff-scope.md); the mail carries the QR.
    expect(sale.registration).not.toHaveProperty('qrUuid');
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, sale.registration.registrationId));
    expect(row).toMatchObject({ source: 'boxoffice', status: 'confirmed', expiresAt: null });
    // Confirmed as the export and the attendee list read it (attendees.confirmed, kept by the triggers).
    const party = await t.db.select().from(attendees).where(eq(attendees.registrationId, row!.id));
    expect(party.map((a) => a.confirmed)).toEqual([true, true]);

    const tickets = await callEndpoint(t, endpoints.ticket.getTicketsByEventId, {
      token,
      query: { eventId: event.id },
    });
    expect(tickets.body.payload).toMatchObject([{ id: ticket.id, sold: 2, available: 8 }]);
    const orders = await callEndpoint(t, endpoints.order.getOrdersByEventId, { token, query: { eventId: event.id } });
    expect(orders.body.payload as TOrderListItem[]).toMatchObject([
      { id: sale.order.id, paymentMethod: 'cash', paymentStatus: 'paid', amount: 3000 },
    ]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ada@example.org'));
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });

  it('gives complimentary tickets for nothing and checks the party in at once', async () => {
    const { event, ticket } = await stock();
    const response = await sell({
      eventId: event.id,
      tickets: [{ ticketId: ticket.id, quantity: 3 }],
      paymentMethod: 'complimentary',
      checkIn: true,
    });
    expect(response.status).toBe(200);
    const sale = response.body.payload as TBoxOfficeSale;
    expect(sale.order).toMatchObject({ amount: 0, paymentStatus: 'paid', paymentMethod: 'complimentary' });
    expect(sale.registration.attendees.every((a) => a.checkinId !== null && a.checkinTime !== null)).toBe(true);
    const rows = await t.db
      .select()
      .from(checkins)
      .where(eq(checkins.registrationId, sale.registration.registrationId));
    expect(rows).toHaveLength(3);
    // The door sees them checked in: a second check-in is refused.
    const again = await callEndpoint(t, endpoints.checkin.save, {
      token,
      body: {
        eventId: event.id,
        registrationId: sale.registration.registrationId,
        attendeeId: sale.registration.attendees[0]!.attendeeId,
      },
    });
    expectError(again, 409, 'ALREADY_CHECKED_IN');
    const stats = await callEndpoint(t, endpoints.checkin.getStatistics, { token, query: { eventId: event.id } });
    expect(stats.status).toBe(200);
    expect(stats.body.payload).toMatchObject({
      totalRegistrationCount: 1,
      totalAttendeeCount: 3,
      totalCheckinCount: 3,
    });
  });

  it('refuses more than is left with 409 SOLD_OUT and sells nothing', async () => {
    const { event, ticket } = await stock(2);
    const response = await sell({
      eventId: event.id,
      tickets: [{ ticketId: ticket.id, quantity: 3 }],
      paymentMethod: 'cash',
    });
    expectError(response, 409, 'SOLD_OUT');
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(registrations)
      .where(eq(registrations.eventId, event.id));
    expect(count!.n).toBe(0);
    const tickets = await callEndpoint(t, endpoints.ticket.getTicketsByEventId, {
      token,
      query: { eventId: event.id },
    });
    expect(tickets.body.payload).toMatchObject([{ id: ticket.id, sold: 0, available: 2 }]);
    expect(
      (
        await sell({
          eventId: event.id,
          tickets: [{ ticketId: ticket.id, quantity: 2 }],
          paymentMethod: 'card_terminal',
        })
      ).status,
    ).toBe(200);
  });

  it("answers 404 for another club's event and 400 for bad input, writing nothing", async () => {
    // Raw: bad input on purpose, next to a sale the contract takes.
    const sellRaw = (body: Record<string, unknown>, as = token) =>
      call(t, 'POST', '/boxoffice/sell', { token: as, body });
    const { event, ticket } = await stock();
    const body = { eventId: event.id, tickets: [{ ticketId: ticket.id, quantity: 1 }], paymentMethod: 'cash' };
    expectError(await sellRaw(body, otherToken), 404, 'NOT_FOUND');
    expectError(await sellRaw({ ...body, paymentMethod: 'cheque' }), 400, 'BAD_INPUT');
    expectError(await sellRaw({ ...body, attendees: [{ firstName: 'A' }, { firstName: 'B' }] }), 400, 'BAD_INPUT');
    expectError(await sellRaw({ ...body, tickets: [{ ticketId: 'nope', quantity: 1 }] }), 404, 'NOT_FOUND');
    const rows = await t.db.select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(rows).toEqual([]);
    const [seats] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(attendees)
      .where(eq(attendees.eventId, event.id));
    expect(seats!.n).toBe(0);
  });
});
