import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TRegistration, type TTicket } from '@clubtix/contract';
import { counters, csvOf, importAttendees } from '../../../test/attendee-data';
import { buyTickets, holdTickets, type Person } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { checkIn } from '../../../test/door';
import { call, createAdminApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

const people = (...names: string[]): Person[] =>
  names.map((name) => ({ firstName: name, lastName: 'Rower', email: `${name.toLowerCase()}@example.org` }));

describe('deleteAttendee and removeRegistration', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let paidTicket: TTicket;
  let freeTicket: TTicket;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token, { maxTicketsPerOrder: 10 });
    paidTicket = await addTicket(t, token, event.id, { name: 'Adult', price: 2500, quantity: 10 });
    freeTicket = await addTicket(t, token, event.id, { name: 'Crew', price: 0, quantity: 10 });
  });
  afterAll(async () => t.close());

  const deleteAttendee = (attendeeId: string, eventId = event.id) =>
    callEndpoint(t, endpoints.attendees.deleteAttendee, { token, query: { attendeeId, eventId } });
  const removeRegistration = (registrationId: string, eventId = event.id) =>
    callEndpoint(t, endpoints.attendees.removeRegistration, { token, query: { registrationId, eventId } });
  const available = async (ticket: TTicket) =>
    expectPayload(await callEndpoint(t, endpoints.ticket.getTicketById, { token, query: { ticketId: ticket.id } }))
      .available;
  /** Free tickets: createOrder confirms an order of 0 at once, with no payment. */
  const takeFree = async (buyer: string, who: Person[]) => {
    const registration = await holdTickets(t, event.id, freeTicket.id, buyer, who);
    const body = { registrationId: registration.registrationId, qrUuid: registration.qrUuid };
    expect(expectPayload(await callEndpoint(t, endpoints.order.createOrder, { body })).order).toMatchObject({
      paymentStatus: 'paid',
      amount: 0,
    });
    return registration;
  };
  const rowsOf = async (registrationId: string) => {
    const result = await t.db.execute(sql`
      SELECT (SELECT count(*)::int FROM registrations WHERE id = ${registrationId}) AS registrations,
             (SELECT count(*)::int FROM attendees WHERE registration_id = ${registrationId}) AS attendees,
             (SELECT count(*)::int FROM checkins WHERE registration_id = ${registrationId}) AS checkins,
             (SELECT count(*)::int FROM orders WHERE registration_id = ${registrationId}) AS orders`);
    return result.rows[0] as { registrations: number; attendees: number; checkins: number; orders: number };
  };

  it('deletes an attendee of a paid order, frees its seat and keeps the order; the last one takes the registration', async () => {
    const { registration } = await buyTickets(
      t,
      event.id,
      paidTicket.id,
      'ana@example.org',
      people('Ana', 'Ben', 'Cleo'),
    );
    const [ana, ben, cleo] = registration.attendees as [
      TRegistration['attendees'][number],
      ...TRegistration['attendees'],
    ];
    expect((await checkIn(t, token, event.id, registration.registrationId, ana.attendeeId)).status).toBe(200);
    const before = await counters(t, paidTicket.id, event.id);
    const availableBefore = await available(paidTicket);

    const first = await deleteAttendee(ana.attendeeId);
    expect(first.body).toEqual({ payload: { registrationDeleted: false }, msg: 'Attendee deleted' });
    expect(await available(paidTicket)).toBe(availableBefore! + 1);
    expect(await counters(t, paidTicket.id, event.id)).toEqual({
      ticketReserved: before.ticketReserved - 1,
      ticketSold: before.ticketSold - 1,
      eventReserved: before.eventReserved - 1,
    });
    expect(await rowsOf(registration.registrationId)).toEqual({
      registrations: 1,
      attendees: 2,
      checkins: 0,
      orders: 1,
    });

    expect((await deleteAttendee(ben!.attendeeId)).body.payload).toEqual({ registrationDeleted: false });
    // The last one takes the registration (docs/product.md section 4). Its row stays, cancelled and empty, as
    // the anchor of the paid order, which would go with it (attendee-removal-paid.int.test.ts).
    expect((await deleteAttendee(cleo!.attendeeId)).body.payload).toEqual({ registrationDeleted: true });
    expect(await rowsOf(registration.registrationId)).toEqual({
      registrations: 1,
      attendees: 0,
      checkins: 0,
      orders: 1,
    });
    expectError(await removeRegistration(registration.registrationId), 404, 'NOT_FOUND', 'Registration not found');
    expectError(await deleteAttendee(ana.attendeeId), 404, 'NOT_FOUND', 'Attendee not found');
  });

  it('takes the registration with its last attendee when nothing was paid', async () => {
    const registration = await takeFree('dev@example.org', people('Dev', 'Eve'));
    const [dev, eve] = registration.attendees;
    const availableBefore = await available(freeTicket);
    expect((await deleteAttendee(dev!.attendeeId)).body.payload).toEqual({ registrationDeleted: false });
    const last = await deleteAttendee(eve!.attendeeId);
    expect(last.body).toEqual({ payload: { registrationDeleted: true }, msg: 'Attendee and registration deleted' });
    expect(await available(freeTicket)).toBe(availableBefore! + 2);
    expect(await rowsOf(registration.registrationId)).toEqual({
      registrations: 0,
      attendees: 0,
      checkins: 0,
      orders: 0,
    });
    const gone = await callEndpoint(t, endpoints.registration.getRegistrationById, {
      token,
      query: { registrationId: registration.registrationId },
    });
    expectError(gone, 404, 'NOT_FOUND');
  });

  it('removes an imported registration with its check-in and frees its seat', async () => {
    const file = csvOf([
      ['firstName', 'lastName', 'email'],
      ['Fay', 'Lind', 'fay@example.org'],
    ]);
    const imported = await importAttendees(t, token, {
      eventId: event.id,
      ticketId: freeTicket.id,
      filename: 'f.csv',
      data: file,
    });
    expect(expectPayload(imported).imported).toBe(1);
    const result = await t.db.execute(sql`
      SELECT a.id AS "attendeeId", a.registration_id AS "registrationId" FROM attendees a
      WHERE a.event_id = ${event.id} AND a.email = 'fay@example.org'`);
    const fay = result.rows[0] as { attendeeId: string; registrationId: string };
    expect((await checkIn(t, token, event.id, fay.registrationId, fay.attendeeId)).status).toBe(200);
    const availableBefore = await available(freeTicket);

    const response = await removeRegistration(fay.registrationId);
    expect(response.body).toEqual({ payload: { registrationId: fay.registrationId }, msg: 'Registration deleted' });
    expect(await available(freeTicket)).toBe(availableBefore! + 1);
    expect(await rowsOf(fay.registrationId)).toEqual({ registrations: 0, attendees: 0, checkins: 0, orders: 0 });
    expectError(await removeRegistration(fay.registrationId), 404, 'NOT_FOUND', 'Registration not found');
  });

  it('removes a hold being paid for whole, giving back held seats, but not one attendee of it', async () => {
    const held = await holdTickets(t, event.id, paidTicket.id, 'gus@example.org', people('Gus', 'Hal'));
    const before = await counters(t, paidTicket.id, event.id);
    expectError(
      await deleteAttendee(held.attendees[0]!.attendeeId),
      409,
      'CONFLICT',
      'This registration is still being paid for; remove the whole registration instead',
    );
    expect((await removeRegistration(held.registrationId)).status).toBe(200);
    expect(await counters(t, paidTicket.id, event.id)).toEqual({
      ticketReserved: before.ticketReserved - 2,
      ticketSold: before.ticketSold,
      eventReserved: before.eventReserved - 2,
    });
  });

  it('refuses a registration whose payment has been started and not settled', async () => {
    const held = await holdTickets(t, event.id, paidTicket.id, 'kai@example.org', people('Kai'));
    const body = { registrationId: held.registrationId, qrUuid: held.qrUuid };
    const { order } = expectPayload(await callEndpoint(t, endpoints.order.createOrder, { body }));
    const intent = await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } });
    expect(intent.status).toBe(200);
    const started = 'A payment for this registration has been started; cancel it instead';
    expectError(await removeRegistration(held.registrationId), 409, 'CONFLICT', started);
    expectError(await deleteAttendee(held.attendees[0]!.attendeeId), 409, 'CONFLICT', started);
    expect(await rowsOf(held.registrationId)).toMatchObject({ registrations: 1, attendees: 1, orders: 1 });
  });

  it('answers 404 for a registration or attendee named with the wrong event, and 400 without ids', async () => {
    const registration = await takeFree('ida@example.org', people('Ida'));
    const other = await publishEvent(t, token);
    expectError(await removeRegistration(registration.registrationId, other.id), 404, 'NOT_FOUND');
    expectError(await deleteAttendee(registration.attendees[0]!.attendeeId, other.id), 404, 'NOT_FOUND');
    expectError(await removeRegistration('no-such-registration'), 404, 'NOT_FOUND');
    expectError(
      await call(t, 'GET', '/registration/deleteAttendee', { token, query: { eventId: event.id } }),
      400,
      'BAD_INPUT',
    );
    expect(await rowsOf(registration.registrationId)).toMatchObject({ registrations: 1, attendees: 1 });
  });
});
