import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ROLE_STAFF, type Endpoint, type TAppUser, type TEvent } from '@clubtix/contract';
import { doorEvent, buyTickets, qrOf, scan, scanAndCheckIn } from '../../../test/door';
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

/**
 * Door staff (role 5, docs/product.md section 20, docs/decisions/0032-door-staff.md): every admin
 * endpoint of the contract not marked `staff` answers them 403 and changes nothing; the marked ones
 * work within the events they work, and any other event of their club answers 404.
 */
let t: TestApp;
let admin: string;
let clubId: string;
let eventA: TEvent;
let eventB: TEvent;
let ticketB: string;
let ticketA: string;
/** Staff limited to event A, and staff of every event of the club. */
let limited: { user: TAppUser; token: string };
let everywhere: { user: TAppUser; token: string };

async function createStaff(email: string, eventIds: string[] | undefined) {
  const saved = await call(t, 'POST', '/appUser/save', {
    token: admin,
    body: { name: 'Door Volunteer', email, password: TEST_PASSWORD, clubId, role: ROLE_STAFF, eventIds },
  });
  expect(saved.status).toBe(200);
  const signedIn = await signIn(t, email);
  expect(signedIn.status).toBe(200);
  return { user: saved.body.payload as TAppUser, token: bearerOf(signedIn) };
}

/** Rows in every table of the database: what a refused call must leave as it was. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await t.db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const [row] = (await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ${sql.identifier(name)}`)).rows;
    counts[name] = Number(row?.n);
  }
  return counts;
}

const allEndpoints = Object.entries(endpoints).flatMap(([group, table]) =>
  Object.entries(table as Record<string, Endpoint>).map(([name, endpoint]) => ({ key: `${group}.${name}`, endpoint })),
);

beforeAll(async () => {
  t = await createTestApp();
  const world = await createClubWithAdmin(t);
  admin = world.admin.token;
  clubId = world.club.id;
  ({
    event: eventA,
    ticket: { id: ticketA },
  } = await doorEvent(t, admin, { title: 'Door A' }));
  ({
    event: eventB,
    ticket: { id: ticketB },
  } = await doorEvent(t, admin, { title: 'Door B' }));
  limited = await createStaff('door-a@example.org', [eventA.id]);
  everywhere = await createStaff('door-all@example.org', []);
});

afterAll(async () => {
  await t?.close();
});

describe('door staff accounts', () => {
  it('are created by an admin with their events, sign in as role 5 and are listed', async () => {
    expect(limited.user).toMatchObject({ role: ROLE_STAFF, eventIds: [eventA.id], clubId });
    expect(everywhere.user).toMatchObject({ role: ROLE_STAFF, eventIds: [] });
    const me = await call(t, 'GET', '/auth/getAccount', { token: limited.token });
    expect(me.status).toBe(200);
    expect(me.body.payload).toMatchObject({ currentUser: { role: ROLE_STAFF, clubId } });
    const listed = await call(t, 'GET', '/appUser/getAppUsers', { token: admin, query: { clubId } });
    const users = (listed.body.payload as { appUsers: TAppUser[] }).appUsers;
    expect(users.find((user) => user.id === limited.user.id)).toMatchObject({ role: 5, eventIds: [eventA.id] });
    expect(users.filter((user) => user.role === 10)).toHaveLength(1);
  });

  it('are refused events of another club or for an admin, and keep their events on an update without any', async () => {
    const other = await createClubWithAdmin(t);
    const { event: foreign } = await doorEvent(t, other.admin.token);
    const refused = await call(t, 'POST', '/appUser/save', {
      token: admin,
      body: { name: 'X', email: 'x@example.org', password: TEST_PASSWORD, clubId, role: 5, eventIds: [foreign.id] },
    });
    expectError(refused, 400, 'BAD_INPUT');
    expect(refused.body.errors?.[0]?.path).toBe('eventIds.0');
    const adminWithEvents = await call(t, 'POST', '/appUser/save', {
      token: admin,
      body: { name: 'X', email: 'x@example.org', password: TEST_PASSWORD, clubId, eventIds: [eventA.id] },
    });
    expectError(adminWithEvents, 400, 'BAD_INPUT');
    const renamed = await call(t, 'POST', '/appUser/save', {
      token: admin,
      body: { id: limited.user.id, name: 'Door Lead', email: limited.user.email, clubId },
    });
    expect(renamed.body.payload).toMatchObject({ name: 'Door Lead', role: 5, eventIds: [eventA.id] });
  });

  it('cannot create users, not even other staff', async () => {
    const before = await tableCounts();
    const attempt = await call(t, 'POST', '/appUser/save', {
      token: everywhere.token,
      body: { name: 'Friend', email: 'friend@example.org', password: TEST_PASSWORD, clubId, role: 5 },
    });
    expectError(attempt, 403, 'FORBIDDEN');
    expect(await tableCounts()).toEqual(before);
  });
});

describe('every endpoint of the contract with a staff token', () => {
  it('answers 403 and changes nothing unless the contract marks it for staff', async () => {
    // Signing out ends every session of its user: that call is made by a staff member of its own.
    const leaving = await createStaff('door-leaving@example.org', { eventIds: [eventA.id] });
    const before = await tableCounts();
    const guarded = allEndpoints.filter(({ endpoint }) => endpoint.access !== 'public');
    expect(guarded.length).toBeGreaterThan(40);
    for (const { key, endpoint } of guarded) {
      // A plausible request: the gate answers before any of it is looked at.
      const ids = { eventId: eventA.id, clubId, id: eventA.id };
      const response = await call(t, endpoint.method, endpoint.path, {
        token: endpoint === endpoints.auth.signout ? leaving.token : everywhere.token,
        query: ids,
        ...(endpoint.method === 'GET' ? {} : { body: { ...ids, name: 'Taken over' } }),
      });
      const allowed = endpoint.staff === true || endpoint.access === 'signedIn';
      expect(response.status, key).toBeLessThan(500);
      if (allowed) expect(response.status, key).not.toBe(403);
      else expect(response.status, key).toBe(403);
      if (!allowed) expectError(response, 403, 'FORBIDDEN');
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('marks exactly the door, the event reads and the attendee search for staff', () => {
    const marked = allEndpoints.filter(({ endpoint }) => endpoint.staff).map(({ endpoint }) => endpoint.path);
    for (const path of marked) {
      expect(path).toMatch(
        /^\/(checkin|registration\/(scanByExtrasPurchaseId|unredeemExtrasPurchase|getAttendees)|event\/get|boxoffice)/,
      );
    }
  });
});

describe('staff limited to some events', () => {
  it('work the door of their event', async () => {
    const registration = await buyTickets(t, eventA.id, ticketA);
    const admitted = await scanAndCheckIn(t, limited.token, eventA.id, qrOf(registration));
    expect(admitted.status).toBe(200);
    expect(admitted.body.payload).toMatchObject({ justCheckedIn: true });
    const undone = await call(t, 'DELETE', '/checkin/delete', {
      token: limited.token,
      body: { attendeeId: registration.attendees[0]!.attendeeId, eventId: eventA.id },
    });
    expect(undone.status).toBe(200);
    const attendees = await call(t, 'GET', '/registration/getAttendees', {
      token: limited.token,
      query: { eventId: eventA.id },
    });
    expect(attendees.status).toBe(200);
    const stats = await call(t, 'GET', '/checkin/getStatistics', {
      token: limited.token,
      query: { eventId: eventA.id },
    });
    expect(stats.status).toBe(200);
  });

  it("get 404 on another event's door, attendees and reads, and nothing is written", async () => {
    const registration = await buyTickets(t, eventB.id, ticketB);
    const attendeeId = registration.attendees[0]!.attendeeId;
    const before = await tableCounts();
    const attempts = [
      await scan(t, limited.token, eventB.id, qrOf(registration)),
      await scanAndCheckIn(t, limited.token, eventB.id, qrOf(registration)),
      await call(t, 'POST', '/checkin/save', {
        token: limited.token,
        body: { eventId: eventB.id, registrationId: registration.registrationId, attendeeId },
      }),
      await call(t, 'GET', '/checkin/getStatistics', { token: limited.token, query: { eventId: eventB.id } }),
      await call(t, 'GET', '/registration/getAttendees', { token: limited.token, query: { eventId: eventB.id } }),
      await call(t, 'GET', '/checkin/getDoorList', { token: limited.token, query: { eventId: eventB.id } }),
      await call(t, 'POST', '/checkin/sync', {
        token: limited.token,
        body: { eventId: eventB.id, deviceId: 'gate-a', checkins: [{ attendeeId, at: new Date().toISOString() }] },
      }),
      await call(t, 'POST', '/registration/unredeemExtrasPurchase', {
        token: limited.token,
        body: { extrasPurchaseId: 'no-such-voucher', eventId: eventB.id },
      }),
      await call(t, 'GET', '/event/getEventByEventIdnClubId', {
        token: limited.token,
        query: { eventId: eventB.id, clubId },
      }),
    ];
    for (const attempt of attempts) expectError(attempt, 404, 'NOT_FOUND');
    expect(await tableCounts()).toEqual(before);
    const undoNothing = await call(t, 'DELETE', '/checkin/delete', {
      token: limited.token,
      body: { attendeeId, eventId: eventB.id },
    });
    expectError(undoNothing, 404, 'NOT_FOUND');
  });

  it('list only the events they work; staff of every event list them all', async () => {
    const listOf = async (token: string) => {
      const response = await call(t, 'GET', '/event/getAllEvents', { token, query: { clubId } });
      return (response.body.payload as TEvent[]).map((event) => event.id).sort();
    };
    expect(await listOf(limited.token)).toEqual([eventA.id]);
    expect(await listOf(everywhere.token)).toEqual([eventA.id, eventB.id].sort());
    const first = await call(t, 'GET', '/event/getFirstEvent', { token: limited.token });
    expect((first.body.payload as TEvent).id).toBe(eventA.id);
  });
});
