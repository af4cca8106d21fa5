import { createHash, scryptSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  cancellationOfConflict,
  formatShortCode,
  SYNC_REJECT_REASONS,
  ZDoorList,
  type TDoorList,
  type TEvent,
  type TRegistration,
  type QueryOf,
} from '@clubtix/contract';
import { attendees, checkins, doorHashes, registrations } from '../../db/schema';
import { buyTickets, checkIn, doorEvent, holdGuests, qrOf, scan, scanAndCheckIn } from '../../../test/door';
import { buyPaidOrder, refund, refundRows, type PaidOrder } from '../../../test/refunds';
import { createDoorStaff } from '../../../test/door-staff';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { startProcessRig, type ProcessRig } from '../../../test/process-rig';
import { type ServerProcess } from '../../../test/server-process';
import { callEndpoint } from '../../../test/call-endpoint';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash a device makes of what it scans or is typed, with the list's announced parameters. */
function scryptOf(secret: string, hashing: TDoorList['hashing']): string {
  const { salt, N, r, p, keyLength } = hashing;
  return scryptSync(secret, Buffer.from(salt, 'base64url'), keyLength, { N, r, p, maxmem: 256 * N * r }).toString(
    'base64url',
  );
}

/** Every form of a ticket's secrets a stolen list must not hold: as is, formatted, lower case, SHA-256. */
function secretForms(registration: TRegistration): string[] {
  const codes = registration.attendees.flatMap((a) => [a.shortCode, formatShortCode(a.shortCode)]);
  const plain = [...codes, registration.qrUuid];
  return [...plain, ...plain.map((s) => s.toLowerCase()), ...plain.map(sha256), ...plain.map((s) => sha256(`c:${s}`))];
}

/**
 * The door list (docs/product.md section 20, docs/decisions/0035-offline-door.md and
 * 0062-hashed-door-list.md): every attendee of the event's confirmed registrations, with what
 * recognises a ticket offline as slow salted hashes only, and nothing of the buyer's e-mail or payment.
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
    // Not on the list: a hold not paid, a hold cancelled before it was paid, another event's ticket.
    await holdGuests(t, event.id, door.ticket.id, 1, 'pending-buyer@example.org');
    const cancelled = await holdGuests(t, event.id, door.ticket.id, 1, 'cancelled-buyer@example.org');
    const other = await doorEvent(t, token, { title: 'Night Sail' });
    await buyTickets(t, other.event.id, other.ticket.id, 1, 'other-buyer@example.org');
    // Bought yesterday: an admission a minute ago is after the tickets became valid.
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.db.update(registrations).set({ confirmedAt: yesterday }).where(eq(registrations.eventId, event.id));
    await t.db
      .update(registrations)
      .set({ status: 'cancelled', confirmedAt: null })
      .where(eq(registrations.id, cancelled.registrationId));
  });
  afterAll(async () => t.close());

  const doorList = (query: QueryOf<typeof endpoints.checkin.getDoorList>, as = token) =>
    callEndpoint(t, endpoints.checkin.getDoorList, { token: as, query });
  const listOf = async (eventId: string): Promise<TDoorList> => {
    const response = await doorList({ eventId });
    expect(response.status, response.body.msg).toBe(200);
    return ZDoorList.strict().parse(response.body.payload);
  };

  it('lists every attendee of the confirmed registrations, its secrets only as scrypt hashes with the announced parameters', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    const synced = await callEndpoint(t, endpoints.checkin.sync, {
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

    // Memory-hard scrypt with the event's own 16 random bytes; at least 4 MiB a hash (128·N·r).
    const { hashing } = list;
    expect(hashing).toMatchObject({ algorithm: 'scrypt', p: 1 });
    expect(Buffer.from(hashing.salt, 'base64url')).toHaveLength(16);
    expect(128 * hashing.N * hashing.r).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    expect(hashing.keyLength).toBeGreaterThanOrEqual(16);

    const expected = [...party.attendees.map((a) => [party, a] as const), [single, single.attendees[0]!] as const].map(
      ([registration, a]) => ({
        attendeeId: a.attendeeId,
        registrationId: registration.registrationId,
        // What a device computes from a typed code and a scanned QR, recomputed here with node:crypto.
        codeHash: scryptOf(`c:${a.shortCode}`, hashing),
        qrHash: scryptOf(`q:${registration.qrUuid}`, hashing),
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
    // Nothing a lost phone could turn into a ticket: no short code or QR secret in any form, in no field.
    const forms = [...secretForms(party), ...secretForms(single)];
    for (const form of forms) expect(response.text).not.toContain(form);
    const values = JSON.stringify(list).toLowerCase();
    for (const form of forms) expect(values).not.toContain(form.toLowerCase());
    // And nothing of the buyers' e-mails or payments.
    for (const secret of ['party-buyer@', 'single-buyer@', '@example.org']) expect(response.text).not.toContain(secret);
    expect(response.text).not.toMatch(/email|amount|payment|order|price|phone|answers|qrUuid|shortCode/i);
  });

  it('makes each hash once and keeps it: a second list reads them back, and every event has its own salt', async () => {
    const first = await listOf(event.id);
    const kept = await t.db.select().from(doorHashes).where(eq(doorHashes.eventId, event.id));
    // One per short code and one per registration's QR secret: 4 codes, 2 registrations.
    expect(kept).toHaveLength(6);
    expect(new Set(kept.map((row) => row.hash))).toEqual(
      new Set(first.attendees.flatMap((a) => [a.codeHash, a.qrHash])),
    );
    // The cache's keys are not the fast hashes of the secrets either (they include the salt).
    for (const form of [...secretForms(party), ...secretForms(single)])
      expect(kept.map((row) => row.digest)).not.toContain(form);
    const second = await listOf(event.id);
    expect(second.hashing).toEqual(first.hashing);
    expect(second.attendees.map((a) => [a.codeHash, a.qrHash])).toEqual(
      first.attendees.map((a) => [a.codeHash, a.qrHash]),
    );

    const other = await doorEvent(t, token, { title: 'Dinghy Day' });
    const guest = await buyTickets(t, other.event.id, other.ticket.id, 1, 'dinghy@example.org');
    const otherList = await listOf(other.event.id);
    expect(otherList.hashing.salt).not.toBe(first.hashing.salt);
    expect(otherList.attendees[0]!.codeHash).toBe(scryptOf(`c:${guest.attendees[0]!.shortCode}`, otherList.hashing));
  });

  it('hashes a changed short code anew: the old code matches nothing on the list', async () => {
    const before = await listOf(event.id);
    const target = party.attendees[0]!;
    const changed = target.shortCode === 'ZZZZ2345' ? 'ZZZZ2346' : 'ZZZZ2345';
    await t.db.update(attendees).set({ shortCode: changed }).where(eq(attendees.id, target.attendeeId));
    try {
      const after = await listOf(event.id);
      const entry = after.attendees.find((a) => a.attendeeId === target.attendeeId)!;
      expect(entry.codeHash).toBe(scryptOf(`c:${changed}`, after.hashing));
      const oldHash = scryptOf(`c:${target.shortCode}`, after.hashing);
      expect(after.attendees.map((a) => a.codeHash)).not.toContain(oldHash);
      // The others are untouched.
      expect(after.attendees.filter((a) => a !== entry).map((a) => a.codeHash)).toEqual(
        before.attendees.filter((a) => a.attendeeId !== target.attendeeId).map((a) => a.codeHash),
      );
    } finally {
      await t.db.update(attendees).set({ shortCode: target.shortCode }).where(eq(attendees.id, target.attendeeId));
    }
  });

  it('answers devices preparing at once the same hashes, each made once', async () => {
    const { event: busy, ticket } = await doorEvent(t, token, { title: 'Open Day' });
    const bought = [
      await buyTickets(t, busy.id, ticket.id, 5, 'first@example.org'),
      await buyTickets(t, busy.id, ticket.id, 5, 'second@example.org'),
    ];
    const lists = await Promise.all(Array.from({ length: 4 }, () => listOf(busy.id)));
    const hashesOf = (list: TDoorList) => list.attendees.map((a) => [a.attendeeId, a.codeHash, a.qrHash]);
    for (const list of lists.slice(1)) {
      expect(list.hashing).toEqual(lists[0]!.hashing);
      expect(hashesOf(list)).toEqual(hashesOf(lists[0]!));
    }
    const kept = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(doorHashes)
      .where(eq(doorHashes.eventId, busy.id));
    expect(kept[0]!.count).toBe(10 + bought.length);
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
    expect(read.body.payload!.attendees).toHaveLength(4);
    expectError(
      await callEndpoint(t, endpoints.checkin.getDoorList, { query: { eventId: event.id } }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

/**
 * Cancelled tickets at the door (docs/decisions/0070-the-door-says-cancelled.md): a ticket refunded
 * with its tickets released, or cancelled by the admin, stays on the list marked cancelled with when
 * its money was given back, hashed as the others; online it is refused as cancelled with that time,
 * and a sync of an admission of it stays rejected, nothing stored.
 */
describe('cancelled tickets at the door', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let paid: PaidOrder;
  let valid: PaidOrder;
  let refundedAt: string;

  beforeAll(async () => {
    t = await createTestApp();
    const made = await createClubWithAdmin(t);
    token = made.admin.token;
    clubId = made.club.id;
    paid = await buyPaidOrder(t, token, 'refunded-buyer@example.org', { price: 1500, people: 2 });
    valid = await buyPaidOrder(t, token, 'valid-buyer@example.org', { event: paid.event, ticket: paid.ticket });
    // Bought yesterday, refunded in full with the tickets released.
    const yesterday = new Date(Date.now() - 86_400_000);
    await t.db.update(registrations).set({ confirmedAt: yesterday }).where(eq(registrations.eventId, paid.event.id));
    const refunded = await refund(t, token, { orderId: paid.order.id, releaseTickets: true });
    expect(refunded.status, refunded.body.msg).toBe(200);
    const [row] = await refundRows(t, paid.order.id);
    refundedAt = row!.createdAt.toISOString();
  });
  afterAll(async () => t.close());

  const listOf = async (as = token): Promise<TDoorList> => {
    const response = await callEndpoint(t, endpoints.checkin.getDoorList, {
      token: as,
      query: { eventId: paid.event.id },
    });
    expect(response.status, response.body.msg).toBe(200);
    expect(response.text).not.toMatch(/email|amount|payment|order|price|qrUuid|shortCode/i);
    return ZDoorList.strict().parse(response.body.payload);
  };

  it('lists the refunded tickets after the valid ones, marked cancelled with when, their secrets hashed the same way', async () => {
    const list = await listOf();
    const ofRefunded = list.attendees.filter((a) => a.registrationId === paid.registration.registrationId);
    expect(list.attendees.map((a) => a.registrationId)).toEqual([
      valid.registration.registrationId,
      ...paid.registration.attendees.map(() => paid.registration.registrationId),
    ]);
    expect(list.attendees[0]!.cancelled).toBeUndefined();
    expect(ofRefunded.map((a) => [a.attendeeId, a.cancelled])).toEqual(
      paid.registration.attendees.map((a) => [a.attendeeId, { at: refundedAt, refunded: true }]),
    );
    for (const [i, attendee] of paid.registration.attendees.entries()) {
      expect(ofRefunded[i]!.codeHash).toBe(scryptOf(`c:${attendee.shortCode}`, list.hashing));
      expect(ofRefunded[i]!.qrHash).toBe(scryptOf(`q:${paid.registration.qrUuid}`, list.hashing));
    }
    // Staff of the event read the same marks.
    const staff = await createDoorStaff(t, token, clubId, [paid.event.id]);
    expect((await listOf(staff)).attendees).toEqual(list.attendees);
  });

  it('refuses a refunded ticket online as cancelled, with when, whether scanned, checked in on scan or checked in', async () => {
    const qr = qrOf(paid.registration);
    const attendee = paid.registration.attendees[0]!;
    const staff = await createDoorStaff(t, token, clubId, [paid.event.id]);
    for (const response of [
      await scan(t, token, paid.event.id, qr),
      await scan(t, staff, paid.event.id, attendee.shortCode.toLowerCase()),
      await scanAndCheckIn(t, staff, paid.event.id, qr),
      await checkIn(t, token, paid.event.id, paid.registration.registrationId, attendee.attendeeId),
    ]) {
      expectError(response, 409, 'CANCELLED', 'This ticket was cancelled and refunded');
      expect(cancellationOfConflict(response.body)).toEqual({ at: refundedAt, refunded: true });
      expect(response.text).not.toContain(paid.registration.qrUuid);
      expect(response.text).not.toContain('refunded-buyer@');
    }
    const stored = await t.db.select().from(checkins).where(eq(checkins.attendeeId, attendee.attendeeId));
    expect(stored).toEqual([]);
  });

  it('keeps a sync of a cancelled ticket rejected with its reason, nothing stored', async () => {
    const attendee = paid.registration.attendees[1]!;
    const synced = await callEndpoint(t, endpoints.checkin.sync, {
      token,
      body: {
        eventId: paid.event.id,
        deviceId: 'gate-1',
        checkins: [{ attendeeId: attendee.attendeeId, at: new Date(Date.now() - 60_000).toISOString() }],
      },
    });
    expect(synced.status).toBe(200);
    expect(synced.body.payload).toEqual({
      results: [{ attendeeId: attendee.attendeeId, status: 'rejected', reason: SYNC_REJECT_REASONS.notConfirmed }],
    });
    const stored = await t.db.select().from(checkins).where(eq(checkins.attendeeId, attendee.attendeeId));
    expect(stored).toEqual([]);
    expect((await listOf()).attendees.find((a) => a.attendeeId === attendee.attendeeId)?.checkedInAt).toBeNull();
  });

  it('marks a ticket the admin cancelled with nothing to refund as cancelled, not refunded', async () => {
    const { event, ticket } = await doorEvent(t, token, { title: 'Free Sail' });
    const guest = await buyTickets(t, event.id, ticket.id, 1, 'free-guest@example.org');
    const cancelled = await callEndpoint(t, endpoints.registration.updateStatus, {
      token,
      body: { registrationId: guest.registrationId, status: 'cancelled' },
    });
    expect(cancelled.status, cancelled.body.msg).toBe(200);
    const response = await callEndpoint(t, endpoints.checkin.getDoorList, { token, query: { eventId: event.id } });
    const list = ZDoorList.strict().parse(response.body.payload);
    expect(list.attendees.map((a) => a.cancelled)).toEqual([{ at: null, refunded: false }]);
    const scanned = await scan(t, token, event.id, qrOf(guest));
    expectError(scanned, 409, 'CANCELLED', 'This ticket was cancelled');
    expect(cancellationOfConflict(scanned.body)).toEqual({ at: null, refunded: false });
  });
});

/**
 * Several API processes on one database (docs/decisions/0062-hashed-door-list.md): devices asking for a
 * never-prepared list at once through different processes get one salt and the same hashes; the
 * processes race to draw the salt and to keep the hashes, and the first of each wins.
 */
describe('the door list on several processes', () => {
  let t: TestApp;
  let token: string;
  let servers: ServerProcess[] = [];
  let rig: ProcessRig | undefined;

  beforeAll(async () => {
    rig = await startProcessRig(2);
    ({ t, token, servers } = rig);
  }, 180_000);
  afterAll(() => rig?.stop());

  it('answers the same salt and hashes from every process when asked at once', { timeout: 60_000 }, async () => {
    const { event, ticket } = await doorEvent(t, token, { title: 'Regatta Night' });
    const bought = await buyTickets(t, event.id, ticket.id, 8, 'crew@example.org');
    const ask = async (baseUrl: string) => {
      const response = await callEndpoint(baseUrl, endpoints.checkin.getDoorList, {
        token,
        query: { eventId: event.id },
      });
      expect(response.status).toBe(200);
      return ZDoorList.parse(response.body.payload);
    };
    const lists = await Promise.all(servers.flatMap((server) => [ask(server.baseUrl), ask(server.baseUrl)]));
    const [first] = lists;
    for (const list of lists) {
      expect(list.hashing).toEqual(first!.hashing);
      expect(list.attendees).toEqual(first!.attendees);
    }
    for (const [i, attendee] of bought.attendees.entries())
      expect(first!.attendees[i]!.codeHash).toBe(scryptOf(`c:${attendee.shortCode}`, first!.hashing));
    const kept = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(doorHashes)
      .where(eq(doorHashes.eventId, event.id));
    expect(kept[0]!.count).toBe(8 + 1);
  });
});
