import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDoorList, type TDoorList, type TEvent, type TRegistration } from '@clubtix/contract';
import { registrations } from '../../db/schema';
import { buyTickets, checkIn, doorEvent, holdGuests } from '../../../test/door';
import { createDoorStaff } from '../../../test/door-staff';
import { call, createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The door list (docs/product.md section 20, docs/decisions/0035-offline-door.md): every attendee of the
 * event's confirmed registrations, with what recognises a ticket offline and nothing of the buyer's
 * e-mail or payment.
 */
describe('the door list', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let event: TEvent;
  let party: TRegistration;
  let single: TRegistration;

  beforeAll(async () => {
    t = await createTestApp();
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    clubId = club.id;
    const door = await doorEvent(t, token, { title: 'Harbour Regatta' });
    event = door.event;
    party = await buyTickets(t, event.id, door.ticket.id, 3, 'party-buyer@example.org');
    single = await buyTickets(t, event.id, door.ticket.id, 1, 'single-buyer@example.org');
    // Not on the list: a hold not paid, a cancelled registration, another event's ticket.
    await holdGuests(t, event.id, door.ticket.id, 1, 'pending-buyer@example.org');
    const cancelled = await buyTickets(t, event.id, door.ticket.id, 1, 'cancelled-buyer@example.org');
    await t.db.update(registrations).set({ status: 'cancelled' }).where(eq(registrations.id, cancelled.registrationId));
    const other = await doorEvent(t, token, { title: 'Night Sail' });
    await buyTickets(t, other.event.id, other.ticket.id, 1, 'other-buyer@example.org');
  });
  afterAll(async () => t.close());

  const doorList = (query: Record<string, string>, as = token) =>
    call(t, 'GET', '/checkin/getDoorList', { token: as, query });

  it('lists every attendee of the confirmed registrations, with the QR secret only as its SHA-256', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const synced = await call(t, 'POST', '/checkin/sync', {
      token,
      body: { eventId: event.id, deviceId: 'gate-1', checkins: [{ attendeeId: party.attendees[1]!.attendeeId, at }] },
    });
    expect(synced.status).toBe(200);
    const online = await checkIn(t, token, event.id, single.registrationId, single.attendees[0]!.attendeeId);
    expect(online.status).toBe(200);

    const before = Date.now();
    const response = await doorList({ eventId: event.id });
    expect(response.status).toBe(200);
    const list = ZDoorList.strict().parse(response.body.payload);
    expect(list.eventId).toBe(event.id);
    expect(Math.abs(Date.parse(list.generatedAt) - before)).toBeLessThan(60_000);
    const expected = [...party.attendees.map((a) => [party, a] as const), [single, single.attendees[0]!] as const].map(
      ([registration, a]) => ({
        attendeeId: a.attendeeId,
        registrationId: registration.registrationId,
        qrHash: sha256(registration.qrUuid),
        shortCode: a.shortCode,
        firstName: a.firstName,
        lastName: a.lastName,
        ticketName: a.ticketName,
      }),
    );
    expect(list.attendees.map(({ checkedInAt: _at, checkedInDeviceId: _device, ...rest }) => rest)).toEqual(expected);
    const state = list.attendees.map((a) => [a.checkedInAt, a.checkedInDeviceId]);
    expect(state).toEqual([
      [null, null],
      [at, 'gate-1'],
      [null, null],
      [expect.any(String), null],
    ]);
    for (const attendee of list.attendees)
      expect(Object.keys(attendee).sort()).toEqual(Object.keys(list.attendees[0]!).sort());
    // Nothing a lost phone could turn into a ticket, and nothing of the buyers' e-mails or payments.
    for (const secret of [party.qrUuid, single.qrUuid, 'party-buyer@', 'single-buyer@', '@example.org']) {
      expect(response.text).not.toContain(secret);
    }
    expect(response.text).not.toMatch(/email|amount|payment|order|price|phone|answers/i);
  });

  it("answers 404 for another club's event, an unknown one, or one staff do not work; staff of the event read it", async () => {
    const stranger = await createClubWithAdmin(t);
    const refused = await doorList({ eventId: event.id }, stranger.admin.token);
    expectError(refused, 404, 'NOT_FOUND', 'Event not found');
    expect(refused.text).not.toContain(event.title);
    expectError(await doorList({ eventId: 'no-such-event' }), 404, 'NOT_FOUND');
    const { event: otherEvent } = await doorEvent(t, token, { title: 'Dinghy Day' });
    const elsewhere = await createDoorStaff(t, token, clubId, [otherEvent.id]);
    expectError(await doorList({ eventId: event.id }, elsewhere), 404, 'NOT_FOUND');
    const here = await createDoorStaff(t, token, clubId, [event.id]);
    const read = await doorList({ eventId: event.id }, here);
    expect(read.status).toBe(200);
    expect((read.body.payload as TDoorList).attendees).toHaveLength(4);
    expectError(await call(t, 'GET', '/checkin/getDoorList', { query: { eventId: event.id } }), 401, 'UNAUTHENTICATED');
  });
});
