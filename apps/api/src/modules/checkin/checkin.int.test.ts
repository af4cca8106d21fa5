import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  checkinOfConflict,
  extrasQrText,
  SCAN_MESSAGES,
  type TEvent,
  type TRegistration,
  type TTicket,
} from '@clubtix/contract';
import { checkins, registrations } from '../../db/schema';
import { buyTickets, checkIn, doorEvent, holdGuests, qrOf, scan, undoCheckIn } from '../../../test/door';
import { call, createAdminApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/** docs/product.md section 16: scan, check in once, undo; what door staff hear when a ticket does not pass. */
describe('checking in at the door', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;
  let paid: TRegistration;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    ({ event, ticket } = await doorEvent(t, token, { timezone: 'Asia/Bangkok' }));
    paid = await buyTickets(t, event.id, ticket.id, 2);
  });
  afterAll(async () => t.close());

  const rowsFor = (attendeeId: string) => t.db.select().from(checkins).where(eq(checkins.attendeeId, attendeeId));

  it('scans, checks in, refuses a second check-in with the time, undoes and checks in again', async () => {
    const [first, second] = paid.attendees;
    const before = await scan(t, token, event.id, `  ${qrOf(paid, first)}\r\n`);
    expect(before.status).toBe(200);
    const seen = before.body.payload!;
    expect(seen.attendee).toMatchObject({
      attendeeId: first!.attendeeId,
      registrationId: paid.registrationId,
      firstName: 'Guest0',
      ticketName: ticket.name,
      checkinId: null,
      checkinTime: null,
    });
    expect(seen.registration).toMatchObject({ registrationId: paid.registrationId, status: 'confirmed' });
    expect(seen.registration.attendees.map((a) => a.attendeeId)).toEqual([first!.attendeeId, second!.attendeeId]);

    const saved = await checkIn(t, token, event.id, paid.registrationId, first!.attendeeId);
    expect(saved.status).toBe(200);
    const checkin = saved.body.payload!;
    expect(checkin).toMatchObject({ registrationId: paid.registrationId, attendeeId: first!.attendeeId });
    expect(Date.now() - Date.parse(checkin.createdAt)).toBeLessThan(60_000);

    const after = (await scan(t, token, event.id, qrOf(paid, first))).body.payload!;
    expect(after.attendee).toMatchObject({ checkinId: checkin.id, checkinTime: checkin.createdAt });
    expect(after.registration.attendees[1]).toMatchObject({ checkinId: null });

    const again = await checkIn(t, token, event.id, paid.registrationId, first!.attendeeId);
    const bangkokTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Bangkok',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(checkin.createdAt));
    expectError(again, 409, 'ALREADY_CHECKED_IN', `Already checked in at ${bangkokTime}`);
    expect(checkinOfConflict(again.body)).toEqual(checkin);
    expect(await rowsFor(first!.attendeeId)).toHaveLength(1);

    const undone = await undoCheckIn(t, token, first!.attendeeId);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ payload: checkin, msg: 'Check-in undone' });
    expect(await rowsFor(first!.attendeeId)).toHaveLength(0);
    const cleared = (await scan(t, token, event.id, qrOf(paid, first))).body.payload!;
    expect(cleared.attendee).toMatchObject({ checkinId: null, checkinTime: null });
    expectError(await undoCheckIn(t, token, first!.attendeeId), 404, 'NOT_FOUND', 'Check-in not found');

    const anew = await checkIn(t, token, event.id, paid.registrationId, first!.attendeeId);
    expect(anew.status).toBe(200);
    expect(anew.body.payload!.id).not.toBe(checkin.id);
  });

  it('says "This is not a ClubTix ticket" for anything but a ticket QR', async () => {
    const { registrationId, qrUuid } = paid;
    const attendeeId = paid.attendees[0]!.attendeeId;
    const refused = [
      'hello',
      '',
      '   ',
      '{"r": "a"',
      '{}',
      '[]',
      'null',
      '12345',
      '"text"',
      JSON.stringify({ r: registrationId, a: attendeeId }),
      JSON.stringify({ r: registrationId, a: attendeeId, q: 42 }),
      JSON.stringify({ r: 1, a: 2, q: 3 }),
      JSON.stringify([registrationId, attendeeId, qrUuid]),
      JSON.stringify({ r: registrationId, a: 'x'.repeat(65), q: qrUuid }),
      `{"r":"${registrationId}","a":"${attendeeId}","q":"${qrUuid}","pad":"${'x'.repeat(10_240)}"}`,
      'x'.repeat(10_240),
    ];
    for (const payload of refused) {
      expectError(await scan(t, token, event.id, payload), 400, 'BAD_INPUT', SCAN_MESSAGES.notATicket);
    }
    for (const payload of [12345, null, { r: registrationId, a: attendeeId, q: qrUuid }, ['x']]) {
      const body = { payload, eventId: event.id };
      expectError(
        await call(t, 'POST', '/checkin/scanByRegistrationId', { token, body }),
        400,
        'BAD_INPUT',
        /^payload: /,
      );
    }
    expectError(await scan(t, token, event.id, 'x'.repeat(70_000)), 400, 'BAD_INPUT');
    const voucher = extrasQrText('some-purchase', 'some-uuid');
    expectError(await scan(t, token, event.id, voucher), 400, 'BAD_INPUT', SCAN_MESSAGES.extrasNotTicket);
    const missingEvent = await call(t, 'POST', '/checkin/scanByRegistrationId', { token, body: { payload: 'x' } });
    expectError(missingEvent, 400, 'BAD_INPUT', /^eventId: /);
  });

  it('answers 404 for another event, a wrong qrUuid, another registration and an unpaid ticket', async () => {
    const other = await doorEvent(t, token, { title: 'Autumn Gala' });
    const elsewhere = await buyTickets(t, other.event.id, other.ticket.id, 1);
    const wrongEvent = await scan(t, token, event.id, qrOf(elsewhere));
    expectError(wrongEvent, 404, 'NOT_FOUND', SCAN_MESSAGES.ticketForAnotherEvent);
    expect(wrongEvent.body.errors).toEqual([{ path: 'eventId', message: 'This ticket is for Autumn Gala' }]);
    const elsewhereAttendee = elsewhere.attendees[0]!.attendeeId;
    expectError(
      await checkIn(t, token, event.id, elsewhere.registrationId, elsewhereAttendee),
      404,
      'NOT_FOUND',
      SCAN_MESSAGES.ticketForAnotherEvent,
    );

    const attendee = paid.attendees[1]!;
    const forged = { ...paid, qrUuid: 'not-the-secret' };
    expectError(await scan(t, token, event.id, qrOf(forged, attendee)), 404, 'NOT_FOUND', SCAN_MESSAGES.ticketNotFound);
    const mixed = { ...paid, registrationId: elsewhere.registrationId };
    expectError(await scan(t, token, event.id, qrOf(mixed, attendee)), 404, 'NOT_FOUND', SCAN_MESSAGES.ticketNotFound);
    const stranger = { ...paid, attendees: [{ ...attendee, attendeeId: 'no-such-attendee' }] };
    expectError(await scan(t, token, event.id, qrOf(stranger)), 404, 'NOT_FOUND', SCAN_MESSAGES.ticketNotFound);
    expectError(
      await checkIn(t, token, event.id, elsewhere.registrationId, attendee.attendeeId),
      404,
      'NOT_FOUND',
      SCAN_MESSAGES.ticketNotFound,
    );
    expectError(await scan(t, token, 'no-such-event', qrOf(paid, attendee)), 404, 'NOT_FOUND', 'Event not found');

    const pending = await holdGuests(t, event.id, ticket.id, 1);
    const pendingAttendee = pending.attendees[0]!;
    expectError(await scan(t, token, event.id, qrOf(pending)), 404, 'NOT_FOUND', SCAN_MESSAGES.ticketNotFound);
    expectError(
      await checkIn(t, token, event.id, pending.registrationId, pendingAttendee.attendeeId),
      404,
      'NOT_FOUND',
      SCAN_MESSAGES.ticketNotFound,
    );
    for (const status of ['expired', 'cancelled']) {
      await t.db.update(registrations).set({ status }).where(eq(registrations.id, pending.registrationId));
      expectError(await scan(t, token, event.id, qrOf(pending)), 404, 'NOT_FOUND', SCAN_MESSAGES.ticketNotFound);
    }
    expect(await rowsFor(pendingAttendee.attendeeId)).toHaveLength(0);
    expect(await rowsFor(elsewhereAttendee)).toHaveLength(0);
    expect(await rowsFor(attendee.attendeeId)).toHaveLength(0);
  });

  it('undoes only at the given event when one is named', async () => {
    const attendee = paid.attendees[1]!;
    expect((await checkIn(t, token, event.id, paid.registrationId, attendee.attendeeId)).status).toBe(200);
    const other = await doorEvent(t, token);
    const wrongDoor = await callEndpoint(t, endpoints.checkin.delete, {
      token,
      body: { attendeeId: attendee.attendeeId, eventId: other.event.id },
    });
    expectError(wrongDoor, 404, 'NOT_FOUND');
    expect(await rowsFor(attendee.attendeeId)).toHaveLength(1);
    const rightDoor = await callEndpoint(t, endpoints.checkin.delete, {
      token,
      body: { attendeeId: attendee.attendeeId, eventId: event.id },
    });
    expect(rightDoor.status).toBe(200);
    expect(await rowsFor(attendee.attendeeId)).toHaveLength(0);
  });

  it('needs a signed-in admin', async () => {
    const qr = qrOf(paid);
    expectError(
      await callEndpoint(t, endpoints.checkin.scanByRegistrationId, { body: { payload: qr, eventId: event.id } }),
      401,
      'UNAUTHENTICATED',
    );
    const body = { eventId: event.id, registrationId: paid.registrationId, attendeeId: paid.attendees[0]!.attendeeId };
    expectError(await callEndpoint(t, endpoints.checkin.save, { body }), 401, 'UNAUTHENTICATED');
    expectError(await callEndpoint(t, endpoints.checkin.delete, { body }), 401, 'UNAUTHENTICATED');
    const stats = await callEndpoint(t, endpoints.checkin.getStatistics, { query: { eventId: event.id } });
    expectError(stats, 401, 'UNAUTHENTICATED');
  });
});
