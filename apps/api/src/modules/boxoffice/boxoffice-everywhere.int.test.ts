import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  formatShortCode,
  type TAttendeeListItem,
  type TBoxOfficeSale,
  type TDoorBoxOfficeSale,
  type TRegistration,
  type BodyOf,
} from '@clubtix/contract';
import { downloadAttendees, readSheet } from '../../../test/attendee-data';
import { addTicket, payloadOf, publishEvent } from '../../../test/catalogue';
import { createDoorStaff } from '../../../test/door-staff';
import { buyTickets, scan, storedQrOf } from '../../../test/door';
import { createClubWithAdmin, createTestApp, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * A door sale and a hand-added attendee appear everywhere a ticket does
 * (docs/product.md section 20; docs/decisions/0034-box-office.md, 0038-vouchers-at-the-door.md): the
 * attendee list, the orders list with the payment method, the ticket counters, the statistics, the
 * export (with its payment method column), the door and its offline list.
 */
describe('a box-office sale everywhere a ticket appears', () => {
  let t: TestApp;
  let token: string;
  let eventId: string;
  let ticketId: string;
  /** Sold by door staff: the door's view of the sale, with no order (docs/decisions/0061-staff-scope.md). */
  let cashSale: TDoorBoxOfficeSale;
  let handAdded: TBoxOfficeSale;
  let online: TRegistration;

  beforeAll(async () => {
    t = await createTestApp();
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    const event = await publishEvent(t, token, { timezone: 'Europe/London', currency: 'gbp', maxTicketsPerOrder: 10 });
    eventId = event.id;
    ticketId = (await addTicket(t, token, eventId, { quantity: 20, price: 1500, maxPerOrder: 10 })).id;
    const staffToken = await createDoorStaff(t, token, club.id, [eventId]);
    const sell = async <T>(as: string, body: Omit<BodyOf<typeof endpoints.boxoffice.sell>, 'eventId'>) => {
      const response = await callEndpoint(t, endpoints.boxoffice.sell, { token: as, body: { eventId, ...body } });
      expect(response.status, response.text).toBe(200);
      // The answer's shape depends on the caller (door staff see no order): the caller names it.
      return payloadOf<T>(response);
    };
    // Door staff sell two for cash, one named, and check them in at once.
    cashSale = await sell<TDoorBoxOfficeSale>(staffToken, {
      tickets: [{ ticketId, quantity: 2 }],
      attendees: [{ firstName: 'Cassie', lastName: 'Cash' }],
      paymentMethod: 'cash',
      checkIn: true,
    });
    // An admin adds one attendee by hand: complimentary, named, with an e-mail, not checked in.
    handAdded = await sell<TBoxOfficeSale>(token, {
      tickets: [{ ticketId, quantity: 1 }],
      attendees: [{ firstName: 'Hannah', lastName: 'Hand', email: 'hannah@example.org' }],
      paymentMethod: 'complimentary',
    });
    // And one bought online, for comparison.
    online = await buyTickets(t, eventId, ticketId, 1, 'olive@example.org');
  });
  afterAll(async () => t.close());

  it('lists them with the online attendee, checked in as sold, with what was paid', async () => {
    const response = await callEndpoint(t, endpoints.attendees.getAttendees, {
      token,
      query: { eventId, pageSize: 50 },
    });
    const { attendees, total } = payloadOf<{ attendees: TAttendeeListItem[]; total: number }>(response);
    expect(total).toBe(4);
    const hannah = attendees.find((attendee) => attendee.lastName === 'Hand');
    expect(hannah).toMatchObject({
      registrationId: handAdded.registration.registrationId,
      firstName: 'Hannah',
      email: 'hannah@example.org',
      checkinTime: null,
    });
    const cash = attendees.filter((attendee) => attendee.registrationId === cashSale.registration.registrationId);
    expect(cash).toHaveLength(2);
    expect(cash.every((attendee) => attendee.checkinTime !== null && attendee.paidAmount === 3000)).toBe(true);
    expect(cash.map((attendee) => attendee.firstName).sort()).toEqual(['Cassie', null].sort());
    // The search the door uses finds a hand-added attendee by name.
    const found = await callEndpoint(t, endpoints.attendees.getAttendees, {
      token,
      query: { eventId, searchKeyword: 'hannah' },
    });
    expect(expectPayload(found).attendees.map((a) => a.attendeeId)).toEqual([
      handAdded.registration.attendees[0]!.attendeeId,
    ]);
  });

  it('lists their orders with the payment method, and counts them as paid', async () => {
    const orders = expectPayload(
      await callEndpoint(t, endpoints.order.getOrdersByEventId, { token, query: { eventId } }),
    );
    const byId = new Map(orders.map((order) => [order.id, order]));
    const cashOrder = orders.find((order) => order.registrationId === cashSale.registration.registrationId);
    expect(cashOrder).toMatchObject({ paymentMethod: 'cash', paymentStatus: 'paid', amount: 3000 });
    expect(cashSale).not.toHaveProperty('order');
    expect(byId.get(handAdded.order.id)).toMatchObject({
      paymentMethod: 'complimentary',
      paymentStatus: 'paid',
      amount: 0,
    });
    expect(orders).toHaveLength(3);
    expect(orders.filter((order) => order.paymentStatus === 'paid')).toHaveLength(3);
    const counts = await callEndpoint(t, endpoints.order.getOrderCountsByEventId, { token, query: { eventId } });
    expect(counts.body.payload).toMatchObject({ total: 3, paid: 3 });
  });

  it('moves the ticket counters and the statistics as an online sale does', async () => {
    const tickets = await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { token, query: { eventId } });
    expect(tickets.body.payload).toMatchObject([{ id: ticketId, sold: 4, available: 16 }]);
    const stats = expectPayload(await callEndpoint(t, endpoints.checkin.getStatistics, { token, query: { eventId } }));
    expect(stats).toMatchObject({ totalRegistrationCount: 3, totalAttendeeCount: 4, totalCheckinCount: 2 });
  });

  it('exports them with their payment method and paid amount', async () => {
    const download = await downloadAttendees(t, token, eventId);
    expect(download.status).toBe(200);
    const [header, ...rows] = await readSheet(download.body);
    const column = (name: string) => header!.indexOf(name);
    const method = column('Payment method');
    const amount = column('Paid amount (GBP)');
    const checkedIn = column('Checked in at');
    expect(method).toBeGreaterThan(amount);
    expect(checkedIn).toBeGreaterThan(method);
    const rowsOf = (registrationId: string) => rows.filter((row) => row[0] === registrationId);
    const cash = rowsOf(cashSale.registration.registrationId);
    expect(cash.map((row) => [row[amount], row[method]])).toEqual([
      [15, 'Box office · cash'],
      [15, 'Box office · cash'],
    ]);
    expect(cash.every((row) => typeof row[checkedIn] === 'string' && row[checkedIn] !== '')).toBe(true);
    expect(rowsOf(handAdded.registration.registrationId).map((row) => row.slice(2, 5))).toEqual([
      ['Hannah', 'Hand', 'hannah@example.org'],
    ]);
    expect(rowsOf(handAdded.registration.registrationId)[0]![method]).toBe('Box office · complimentary');
    expect(rowsOf(handAdded.registration.registrationId)[0]![amount]).toBe(0);
    expect(rowsOf(online.registrationId)[0]![method]).toBe('Online');
  });

  it('is known at the door: its QR and its short code scan, and a checked-in sale is already in', async () => {
    const hannah = handAdded.registration.attendees[0]!;
    const byCode = await scan(t, token, eventId, formatShortCode(hannah.shortCode).toLowerCase());
    expect(byCode.status, byCode.text).toBe(200);
    expect(byCode.body.payload).toMatchObject({
      attendee: { attendeeId: hannah.attendeeId, firstName: 'Hannah', checkinTime: null },
    });
    const cassie = cashSale.registration.attendees[0]!;
    const byQr = await scan(t, token, eventId, await storedQrOf(t, cashSale.registration, cassie));
    expect(byQr.status, byQr.text).toBe(200);
    expect(byQr.body.payload).toMatchObject({ attendee: { attendeeId: cassie.attendeeId } });
    expect(byQr.body.payload!.attendee.checkinTime).not.toBeNull();
  });

  it('is on the door list a device keeps for the door with no network', async () => {
    const list = expectPayload(await callEndpoint(t, endpoints.checkin.getDoorList, { token, query: { eventId } }));
    const byId = new Map(list.attendees.map((attendee) => [attendee.attendeeId, attendee]));
    expect(byId.size).toBe(4);
    const hannah = handAdded.registration.attendees[0]!;
    expect(byId.get(hannah.attendeeId)).toMatchObject({
      registrationId: handAdded.registration.registrationId,
      firstName: 'Hannah',
      lastName: 'Hand',
      checkedInAt: null,
    });
    // The list holds slow hashes of the codes, never a code itself (docs/decisions/0062-hashed-door-list.md).
    expect(byId.get(hannah.attendeeId)).not.toHaveProperty('shortCode');
    for (const attendee of cashSale.registration.attendees) {
      expect(byId.get(attendee.attendeeId)?.checkedInAt).not.toBeNull();
    }
  });
});
