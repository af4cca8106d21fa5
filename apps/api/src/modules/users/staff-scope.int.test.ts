import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ROLE_STAFF, type TEvent, type BodyOf } from '@clubtix/contract';
import { staffEvents, users } from '../../db/schema';
import { buyTickets, doorEvent, qrOf, scan } from '../../../test/door';
import { createEvent } from '../../../test/catalogue';
import {
  bearerOf,
  call,
  createClubWithAdmin,
  createTestApp,
  expectError,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * A door-staff member's reach never widens by itself (docs/decisions/0061-staff-scope.md): staff
 * work every event of their club only when saved with `allEvents`, otherwise exactly the events
 * listed, and none when none is listed. Each attack of the review that found "no events = all
 * events" is replayed here and refused.
 */
let t: TestApp;
let admin: string;
let clubId: string;
let counter = 0;

async function saveStaff(body: Omit<BodyOf<typeof endpoints.appUser.save>, 'name' | 'clubId'> & { name?: string }) {
  return callEndpoint(t, endpoints.appUser.save, { token: admin, body: { name: 'Door Volunteer', clubId, ...body } });
}

async function createStaff(scope: { eventIds?: string[]; allEvents?: boolean }) {
  const email = `scope-${counter++}@example.org`;
  const saved = await saveStaff({ email, password: TEST_PASSWORD, role: ROLE_STAFF, ...scope });
  expect(saved.status, saved.text).toBe(200);
  return { user: saved.body.payload!, token: bearerOf(await signIn(t, email)) };
}

const eventsOf = async (token: string) => {
  const response = await callEndpoint(t, endpoints.event.getAllEvents, { token, query: { clubId } });
  expect(response.status).toBe(200);
  return response.body.payload!.map((event) => event.id).sort();
};

/** Every door call of staff at an event: each must answer 404 where they do not work. */
async function doorCallsAt(token: string, eventId: string, ticketId: string, qr: string) {
  return {
    scan: await scan(t, token, eventId, qr),
    attendees: await callEndpoint(t, endpoints.attendees.getAttendees, { token, query: { eventId } }),
    statistics: await callEndpoint(t, endpoints.checkin.getStatistics, { token, query: { eventId } }),
    boxOffice: await callEndpoint(t, endpoints.boxoffice.sell, {
      token,
      body: { eventId, tickets: [{ ticketId, quantity: 1 }], paymentMethod: 'cash' },
    }),
    doorList: await callEndpoint(t, endpoints.checkin.getDoorList, { token, query: { eventId } }),
    event: await callEndpoint(t, endpoints.event.getEventByEventIdnClubId, { token, query: { eventId, clubId } }),
  };
}

let kept: { event: TEvent; ticket: { id: string }; qr: string };

beforeAll(async () => {
  t = await createTestApp();
  const world = await createClubWithAdmin(t);
  admin = world.admin.token;
  clubId = world.club.id;
  const { event, ticket } = await doorEvent(t, admin, { title: 'Kept event' });
  kept = { event, ticket, qr: qrOf(await buyTickets(t, event.id, ticket.id)) };
});

afterAll(async () => {
  await t?.close();
});

describe('staff limited to one event that is then removed', () => {
  it('work no event at all: their list is empty and every door call at another event is 404', async () => {
    const doomed = await createEvent(t, admin, { title: 'Removed event' });
    const staff = await createStaff({ eventIds: [doomed.id] });
    expect(staff.user).toMatchObject({ allEvents: false, eventIds: [doomed.id] });
    expect(await eventsOf(staff.token)).toEqual([doomed.id]);

    const removed = await callEndpoint(t, endpoints.event.removeEvent, { token: admin, query: { eventId: doomed.id } });
    expect(removed.status, removed.text).toBe(200);

    expect(await eventsOf(staff.token)).toEqual([]);
    const first = await callEndpoint(t, endpoints.event.getFirstEvent, { token: staff.token });
    expect(first.status).toBe(200);
    expect(first.body.payload).toBeNull();
    for (const [name, response] of Object.entries(
      await doorCallsAt(staff.token, kept.event.id, kept.ticket.id, kept.qr),
    )) {
      expect(response.status, name).toBe(404);
      expectError(response, 404, 'NOT_FOUND');
    }
    const listed = await callEndpoint(t, endpoints.appUser.getAppUsers, { token: admin, query: { clubId } });
    const member = listed.body.payload!.appUsers.find((u) => u.id === staff.user.id);
    expect(member).toMatchObject({ allEvents: false, eventIds: [] });
  });
});

describe('staff with no events listed', () => {
  it('saved with eventIds [] (allEvents false) work no event', async () => {
    const staff = await createStaff({ eventIds: [] });
    expect(staff.user).toMatchObject({ allEvents: false, eventIds: [] });
    expect(await eventsOf(staff.token)).toEqual([]);
    const calls = await doorCallsAt(staff.token, kept.event.id, kept.ticket.id, kept.qr);
    for (const [name, response] of Object.entries(calls)) expect(response.status, name).toBe(404);
  });

  it('saved with neither field work no event (allEvents defaults to false)', async () => {
    const staff = await createStaff({});
    expect(staff.user).toMatchObject({ allEvents: false, eventIds: [] });
    expect(await eventsOf(staff.token)).toEqual([]);
    expectError(await scan(t, staff.token, kept.event.id, kept.qr), 404, 'NOT_FOUND');
  });

  it('whose events are emptied by an edit work none, whatever they worked before', async () => {
    const staff = await createStaff({ eventIds: [kept.event.id] });
    expect((await scan(t, staff.token, kept.event.id, kept.qr)).status).toBe(200);
    const emptied = await saveStaff({ id: staff.user.id, email: staff.user.email, eventIds: [] });
    expect(emptied.body.payload).toMatchObject({ allEvents: false, eventIds: [] });
    expect(await eventsOf(staff.token)).toEqual([]);
    expectError(await scan(t, staff.token, kept.event.id, kept.qr), 404, 'NOT_FOUND');
  });
});

describe('staff of all events', () => {
  it('work every event of the club, one created after them included', async () => {
    const staff = await createStaff({ allEvents: true });
    expect(staff.user).toMatchObject({ allEvents: true, eventIds: [] });
    const { event: later, ticket } = await doorEvent(t, admin, { title: 'Added later' });
    const qr = qrOf(await buyTickets(t, later.id, ticket.id));
    expect(await eventsOf(staff.token)).toEqual(expect.arrayContaining([kept.event.id, later.id]));
    const calls = await doorCallsAt(staff.token, later.id, ticket.id, qr);
    for (const [name, response] of Object.entries(calls))
      expect(response.status, `${name}: ${response.text}`).toBe(200);
  });

  it('keep their scope on an edit naming neither field; naming events makes them chosen events', async () => {
    const staff = await createStaff({ allEvents: true });
    const renamed = await saveStaff({ id: staff.user.id, name: 'Lead', email: staff.user.email });
    expect(renamed.body.payload).toMatchObject({ name: 'Lead', allEvents: true, eventIds: [] });
    const chosen = await saveStaff({ id: staff.user.id, email: staff.user.email, eventIds: [kept.event.id] });
    expect(chosen.body.payload).toMatchObject({ allEvents: false, eventIds: [kept.event.id] });
    const kept2 = await saveStaff({ id: staff.user.id, email: staff.user.email });
    expect(kept2.body.payload).toMatchObject({ allEvents: false, eventIds: [kept.event.id] });
    const all = await saveStaff({ id: staff.user.id, email: staff.user.email, allEvents: true });
    expect(all.body.payload).toMatchObject({ allEvents: true, eventIds: [] });
    const rows = await t.db.select().from(staffEvents).where(eq(staffEvents.userId, staff.user.id));
    expect(rows).toEqual([]);
    const none = await saveStaff({ id: staff.user.id, email: staff.user.email, allEvents: false });
    expect(none.body.payload).toMatchObject({ allEvents: false, eventIds: [] });
    expect(await eventsOf(staff.token)).toEqual([]);
  });

  it('are refused with events named beside them, and an admin is refused them: 400, nothing written', async () => {
    const both = await saveStaff({
      email: 'both@example.org',
      password: TEST_PASSWORD,
      role: ROLE_STAFF,
      allEvents: true,
      eventIds: [kept.event.id],
    });
    expectError(both, 400, 'BAD_INPUT');
    expect(both.body.errors?.[0]?.path).toBe('eventIds');
    const adminWithAll = await saveStaff({ email: 'both@example.org', password: TEST_PASSWORD, allEvents: true });
    expectError(adminWithAll, 400, 'BAD_INPUT');
    expect(adminWithAll.body.errors?.[0]?.path).toBe('allEvents');
    const notBoolean = await call(t, 'POST', '/appUser/save', {
      token: admin,
      body: {
        name: 'Door Volunteer',
        clubId,
        email: 'both@example.org',
        password: TEST_PASSWORD,
        role: 5,
        allEvents: 'yes',
      },
    });
    expectError(notBoolean, 400, 'BAD_INPUT');
    expect(notBoolean.body.errors?.[0]?.path).toBe('allEvents');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'both@example.org'));
    expect(row).toBeUndefined();
  });
});

describe("migration 0025's backfill", () => {
  /** The statement the migration ran, read from the migration itself. */
  function backfillStatement(): string {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const migration = readFileSync(
      path.join(here, '../../db/migrations/0025_staff-scope-uploads-door-hashes.sql'),
      'utf8',
    );
    const statement = migration
      .split('--> statement-breakpoint')
      .map((part) => part.replace(/^\s*--.*$/gm, '').trim())
      .find((part) => part.includes('"all_events" = true'));
    if (!statement) throw new Error('The migration has no backfill of all_events');
    return statement;
  }

  it('gives every event to staff saved before it with none listed, and nothing to the others', async () => {
    // As staff stood before the migration: none listed meant every event.
    const before = await createStaff({ eventIds: [] });
    const limited = await createStaff({ eventIds: [kept.event.id] });
    const owner = await callEndpoint(t, endpoints.appUser.getAppUsers, { token: admin, query: { clubId } });
    const adminRow = owner.body.payload!.appUsers.find((u) => u.role === 10)!;
    await t.db.execute(sql.raw(backfillStatement()));
    const read = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.allEvents;
    expect(await read(before.user.id)).toBe(true);
    expect(await read(limited.user.id)).toBe(false);
    expect(await read(adminRow.id)).toBe(false);
    // Their session reads the new scope within the actor cache's second; a fresh sign-in at once.
    const fresh = bearerOf(await signIn(t, before.user.email));
    expect(await eventsOf(fresh)).toEqual(expect.arrayContaining([kept.event.id]));
    expect((await scan(t, fresh, kept.event.id, kept.qr)).status).toBe(200);
  });
});
