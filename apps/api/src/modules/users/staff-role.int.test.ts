import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOOR_PAGE_SIZE,
  endpoints,
  extrasQrText,
  ROLE_STAFF,
  type Endpoint,
  type TAppUser,
  type TEvent,
  type TExtrasVoucher,
  type TRegistration,
} from '@clubtix/contract';
import { payFor } from '../../../test/buying';
import { anyString, createExtras, saveForm } from '../../../test/catalogue';
import { doorEvent, buyTickets, qrOf, scan, scanAndCheckIn } from '../../../test/door';
import { doorLeaks } from '../../../test/door-staff';
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
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

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
/** Staff limited to event A, and staff of every event of the club (allEvents). */
let limited: { user: TAppUser; token: string };
let everywhere: { user: TAppUser; token: string };

async function createStaff(email: string, scope: { eventIds?: string[]; allEvents?: boolean }) {
  const saved = await callEndpoint(t, endpoints.appUser.save, {
    token: admin,
    body: { name: 'Door Volunteer', email, password: TEST_PASSWORD, clubId, role: ROLE_STAFF, ...scope },
  });
  expect(saved.status).toBe(200);
  const signedIn = await signIn(t, email);
  expect(signedIn.status).toBe(200);
  return { user: saved.body.payload!, token: bearerOf(signedIn) };
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
  limited = await createStaff('door-a@example.org', { eventIds: [eventA.id] });
  everywhere = await createStaff('door-all@example.org', { allEvents: true });
});

afterAll(async () => {
  await t?.close();
});

describe('door staff accounts', () => {
  it('are created by an admin with their events, sign in as role 5 and are listed', async () => {
    expect(limited.user).toMatchObject({ role: ROLE_STAFF, allEvents: false, eventIds: [eventA.id], clubId });
    expect(everywhere.user).toMatchObject({ role: ROLE_STAFF, allEvents: true, eventIds: [] });
    const me = await callEndpoint(t, endpoints.auth.getAccount, { token: limited.token });
    expect(me.status).toBe(200);
    expect(me.body.payload).toMatchObject({ currentUser: { role: ROLE_STAFF, clubId } });
    const listed = await callEndpoint(t, endpoints.appUser.getAppUsers, { token: admin, query: { clubId } });
    const users = listed.body.payload!.appUsers;
    expect(users.find((user) => user.id === limited.user.id)).toMatchObject({ role: 5, eventIds: [eventA.id] });
    expect(users.filter((user) => user.role === 10)).toHaveLength(1);
  });

  it('are refused events of another club or for an admin, and keep their events on an update without any', async () => {
    const other = await createClubWithAdmin(t);
    const { event: foreign } = await doorEvent(t, other.admin.token);
    const refused = await callEndpoint(t, endpoints.appUser.save, {
      token: admin,
      body: { name: 'X', email: 'x@example.org', password: TEST_PASSWORD, clubId, role: 5, eventIds: [foreign.id] },
    });
    expectError(refused, 400, 'BAD_INPUT');
    expect(refused.body.errors?.[0]?.path).toBe('eventIds.0');
    const adminWithEvents = await callEndpoint(t, endpoints.appUser.save, {
      token: admin,
      body: { name: 'X', email: 'x@example.org', password: TEST_PASSWORD, clubId, eventIds: [eventA.id] },
    });
    expectError(adminWithEvents, 400, 'BAD_INPUT');
    const renamed = await callEndpoint(t, endpoints.appUser.save, {
      token: admin,
      body: { id: limited.user.id, name: 'Door Lead', email: limited.user.email, clubId },
    });
    expect(renamed.body.payload).toMatchObject({ name: 'Door Lead', role: 5, eventIds: [eventA.id] });
  });

  it('cannot create users, not even other staff', async () => {
    const before = await tableCounts();
    const attempt = await callEndpoint(t, endpoints.appUser.save, {
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
    // The event's first door list makes its hashing key, once: made before counting, so that the
    // walk's (allowed) door-list read has nothing left to write.
    expect(
      (await callEndpoint(t, endpoints.checkin.getDoorList, { token: admin, query: { eventId: eventA.id } })).status,
    ).toBe(200);
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
    const undone = await callEndpoint(t, endpoints.checkin.delete, {
      token: limited.token,
      body: { attendeeId: registration.attendees[0]!.attendeeId, eventId: eventA.id },
    });
    expect(undone.status).toBe(200);
    const attendees = await callEndpoint(t, endpoints.attendees.getAttendees, {
      token: limited.token,
      query: { eventId: eventA.id },
    });
    expect(attendees.status).toBe(200);
    const stats = await callEndpoint(t, endpoints.checkin.getStatistics, {
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
      await callEndpoint(t, endpoints.checkin.save, {
        token: limited.token,
        body: { eventId: eventB.id, registrationId: registration.registrationId, attendeeId },
      }),
      await callEndpoint(t, endpoints.checkin.getStatistics, { token: limited.token, query: { eventId: eventB.id } }),
      await callEndpoint(t, endpoints.attendees.getAttendees, { token: limited.token, query: { eventId: eventB.id } }),
      await callEndpoint(t, endpoints.checkin.getDoorList, { token: limited.token, query: { eventId: eventB.id } }),
      await callEndpoint(t, endpoints.checkin.sync, {
        token: limited.token,
        body: { eventId: eventB.id, deviceId: 'gate-a', checkins: [{ attendeeId, at: new Date().toISOString() }] },
      }),
      await callEndpoint(t, endpoints.checkin.unredeemExtrasPurchase, {
        token: limited.token,
        body: { extrasPurchaseId: 'no-such-voucher', eventId: eventB.id },
      }),
      await callEndpoint(t, endpoints.event.getEventByEventIdnClubId, {
        token: limited.token,
        query: { eventId: eventB.id, clubId },
      }),
    ];
    for (const attempt of attempts) expectError(attempt, 404, 'NOT_FOUND');
    expect(await tableCounts()).toEqual(before);
    const undoNothing = await callEndpoint(t, endpoints.checkin.delete, {
      token: limited.token,
      body: { attendeeId, eventId: eventB.id },
    });
    expectError(undoNothing, 404, 'NOT_FOUND');
  });

  it('list only the events they work; staff of every event list them all', async () => {
    const listOf = async (token: string) => {
      const response = await callEndpoint(t, endpoints.event.getAllEvents, { token, query: { clubId } });
      return response.body.payload!.map((event) => event.id).sort();
    };
    expect(await listOf(limited.token)).toEqual([eventA.id]);
    expect(await listOf(everywhere.token)).toEqual([eventA.id, eventB.id].sort());
    const first = await callEndpoint(t, endpoints.event.getFirstEvent, { token: limited.token });
    expect(first.body.payload!.id).toBe(eventA.id);
  });
});

describe('what door staff are told: the door view, walked over every endpoint marked for staff', () => {
  /** Texts that must reach no staff answer: secrets, the buyer's e-mail, answers not shown at check-in. */
  const secrets: string[] = [];
  const walked = new Set<string>();
  let event: TEvent;
  let ticketId: string;
  let registration: TRegistration;
  let voucher: TExtrasVoucher;
  let shownQuestion: string;

  /** A staff call whose answer (success or refusal) must carry nothing the door is not told. */
  async function asStaff(endpoint: Endpoint, options: { query?: Record<string, string | number>; body?: unknown }) {
    walked.add(endpoint.path);
    const response = await call(t, endpoint.method, endpoint.path, { token: everywhere.token, ...options });
    expect(response.status, `${endpoint.path}: ${response.text}`).toBeLessThan(500);
    expect(doorLeaks(response.body, secrets), `${endpoint.path}: ${response.text}`).toEqual([]);
    return response;
  }

  beforeAll(async () => {
    ({
      event,
      ticket: { id: ticketId },
    } = await doorEvent(t, admin, { title: 'Door C' }));
    const [shown, hidden, registrationWide] = await saveForm(t, admin, event.id, [
      { type: 0, label: 'Dietary needs', showAtCheckin: true, perAttendee: true },
      { type: 0, label: 'Phone number', perAttendee: true },
      { type: 0, label: 'Company', perAttendee: false },
    ]);
    shownQuestion = shown!.id;
    const lunch = await createExtras(t, admin, event.id, { name: 'Lunch box', price: 1200 });
    const init = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId: event.id, email: 'buyer-c@example.org', tickets: [{ ticketId, quantity: 2 }] },
      }),
    ).registration;
    const held = expectPayload(
      await callEndpoint(t, endpoints.registration.save, {
        body: {
          registrationId: init.registrationId,
          qrUuid: init.qrUuid,
          attendees: init.attendees.map((slot, i) => ({
            attendeeId: slot.attendeeId,
            firstName: `Guest${i}`,
            lastName: 'Doorway',
            // The first guest is the buyer: the door names the voucher's holder by that name.
            email: i === 0 ? 'buyer-c@example.org' : `guest-c${i}@example.org`,
            answers: { [shown!.id]: 'Vegetarian', [hidden!.id]: `HIDDEN-PHONE-${i}` },
          })),
          answers: { [registrationWide!.id]: 'HIDDEN-COMPANY' },
        },
      }),
    );
    const paid = await payFor(t, held, [{ extrasId: lunch.id, quantity: 1 }]);
    registration = paid.registration;
    voucher = paid.extrasVouchers[0]!;
    const [order] = expectPayload(
      await callEndpoint(t, endpoints.order.getOrdersByEventId, { token: admin, query: { eventId: event.id } }),
    );
    secrets.push(
      registration.qrUuid,
      voucher.qrUuid,
      order!.id,
      paid.paymentIntentId,
      'buyer-c@example.org',
      'HIDDEN-PHONE-0',
      'HIDDEN-PHONE-1',
      'HIDDEN-COMPANY',
    );
  });

  it('tells staff names, ticket, short code, check-in state and the answers shown at check-in, and no more', async () => {
    const [ada, bob] = registration.attendees;
    const scanned = await asStaff(endpoints.checkin.scanByRegistrationId, {
      body: { eventId: event.id, payload: qrOf(registration, ada) },
    });
    expect(scanned.body.payload).toMatchObject({
      attendee: { firstName: 'Guest0', lastName: 'Doorway', ticketName: 'Adult', checkinTime: null },
    });
    expect((scanned.body.payload as { attendee: { answers: object } }).attendee.answers).toEqual({
      [shownQuestion]: 'Vegetarian',
    });
    expect((scanned.body.payload as { attendee: { shortCode: string } }).attendee.shortCode).toBe(ada!.shortCode);
    await asStaff(endpoints.checkin.scanByRegistrationId, {
      body: { eventId: event.id, payload: ada!.shortCode, checkin: true },
    });
    await asStaff(endpoints.checkin.save, {
      body: { eventId: event.id, registrationId: registration.registrationId, attendeeId: bob!.attendeeId },
    });
    // Already in: the 409 says when, and no more.
    const again = await asStaff(endpoints.checkin.save, {
      body: { eventId: event.id, registrationId: registration.registrationId, attendeeId: bob!.attendeeId },
    });
    expectError(again, 409, 'ALREADY_CHECKED_IN');
    await asStaff(endpoints.checkin.delete, { body: { eventId: event.id, attendeeId: bob!.attendeeId } });
    await asStaff(endpoints.checkin.getStatistics, { query: { eventId: event.id } });

    const voucherQr = extrasQrText(voucher.id, voucher.qrUuid);
    const seen = await asStaff(endpoints.checkin.scanByExtrasPurchaseId, {
      body: { eventId: event.id, payload: voucherQr, redeem: false },
    });
    expect(seen.body.payload).toMatchObject({
      quantity: 1,
      extras: { name: 'Lunch box' },
      redeemedAt: null,
      holderName: 'Guest0 Doorway',
    });
    await asStaff(endpoints.checkin.scanByExtrasPurchaseId, { body: { eventId: event.id, payload: voucherQr } });
    const twice = await asStaff(endpoints.checkin.scanByExtrasPurchaseId, {
      body: { eventId: event.id, payload: voucherQr },
    });
    expectError(twice, 409, 'CONFLICT', /^Already redeemed at .+: 1 × Lunch box, Guest0 Doorway$/);
    await asStaff(endpoints.checkin.unredeemExtrasPurchase, {
      body: { eventId: event.id, extrasPurchaseId: voucher.id },
    });

    await asStaff(endpoints.checkin.getDoorList, { query: { eventId: event.id } });
    await asStaff(endpoints.checkin.sync, {
      body: {
        eventId: event.id,
        deviceId: 'gate-c',
        checkins: [{ attendeeId: bob!.attendeeId, at: new Date().toISOString() }],
      },
    });

    // The search finds a guest by the buyer's e-mail, and answers names, never the address.
    const found = await asStaff(endpoints.attendees.getAttendees, {
      query: { eventId: event.id, searchKeyword: 'buyer-c@example.org' },
    });
    expect((found.body.payload as { total: number }).total).toBe(2);
    const browsed = await asStaff(endpoints.attendees.getAttendees, { query: { eventId: event.id } });
    expect((browsed.body.payload as { attendees: unknown[] }).attendees).toHaveLength(2);

    secrets.push('desk@example.org');
    const sold = await asStaff(endpoints.boxoffice.sell, {
      body: {
        eventId: event.id,
        tickets: [{ ticketId, quantity: 1 }],
        extras: [],
        attendees: [{ firstName: 'Walk', lastName: 'In', email: 'desk@example.org' }],
        email: 'desk@example.org',
        paymentMethod: 'cash',
        checkIn: true,
      },
    });
    expect(sold.body.payload).toMatchObject({
      registration: { status: 'confirmed', attendees: [{ firstName: 'Walk', checkinTime: anyString }] },
    });

    await asStaff(endpoints.event.getFirstEvent, {});
    await asStaff(endpoints.event.getEventByEventIdnClubId, { query: { eventId: event.id, clubId } });

    const marked = allEndpoints.filter(({ endpoint }) => endpoint.staff).map(({ endpoint }) => endpoint.path);
    expect([...walked].sort()).toEqual(marked.sort());
  });

  it('lets staff read at most DOOR_PAGE_SIZE attendees a page (400 naming pageSize past it)', async () => {
    const ok = await callEndpoint(t, endpoints.attendees.getAttendees, {
      token: everywhere.token,
      query: { eventId: event.id, pageSize: DOOR_PAGE_SIZE },
    });
    expect(ok.status).toBe(200);
    const tooMany = await callEndpoint(t, endpoints.attendees.getAttendees, {
      token: everywhere.token,
      query: { eventId: event.id, pageSize: 500 },
    });
    expectError(tooMany, 400, 'BAD_INPUT');
    expect(tooMany.body.errors?.[0]?.path).toBe('pageSize');
    // An admin still reads 500 a page, with the e-mails and the money.
    const asAdmin = await callEndpoint(t, endpoints.attendees.getAttendees, {
      token: admin,
      query: { eventId: event.id, pageSize: 500 },
    });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.text).toContain('buyer-c@example.org');
    expect(asAdmin.text).toContain('paidAmount');
  });

  it("names a voucher's holder only when one name holds its e-mail", async () => {
    const bob = registration.attendees[1];
    const sameEmail = await callEndpoint(t, endpoints.registration.updateAttendee, {
      token: admin,
      body: {
        eventId: event.id,
        attendeeId: bob!.attendeeId,
        firstName: 'Bob',
        lastName: 'Doorway',
        email: 'buyer-c@example.org',
        answers: {},
      },
    });
    expect(sameEmail.status, sameEmail.text).toBe(200);
    const seen = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token: everywhere.token,
      body: { eventId: event.id, payload: extrasQrText(voucher.id, voucher.qrUuid), redeem: false },
    });
    // Guest0 and Bob on one e-mail: the door names neither.
    expect(seen.body.payload).toMatchObject({ holderName: null });
  });

  it('tells nobody at the door a qrUuid: admins scanning tickets and vouchers included', async () => {
    const scanned = await scan(t, admin, event.id, qrOf(registration, registration.attendees[0]));
    expect(scanned.status).toBe(200);
    expect(scanned.body.payload).toMatchObject({ registration: { email: 'buyer-c@example.org' } });
    const voucherSeen = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token: admin,
      body: { eventId: event.id, payload: extrasQrText(voucher.id, voucher.qrUuid), redeem: false },
    });
    expect(voucherSeen.status).toBe(200);
    const sold = await callEndpoint(t, endpoints.boxoffice.sell, {
      token: admin,
      body: { eventId: event.id, tickets: [{ ticketId, quantity: 1 }], paymentMethod: 'cash' },
    });
    expect(sold.status).toBe(200);
    for (const response of [scanned, voucherSeen, sold]) {
      expect(response.text).not.toContain('qrUuid');
      expect(response.text).not.toContain(registration.qrUuid);
      expect(response.text).not.toContain(voucher.qrUuid);
    }
  });
});
