import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowOf, runPrepared, selectList, type Queryable } from '../../db/prepared';
import type { AttendeeFields } from '../purchase/registrations.repo';
import { Batcher } from '../../core/batcher';
import { attendees, checkins, registrations, type CheckinRow } from '../../db/schema';

/**
 * The door's hot path: every scan and check-in is one or two statements on primary keys and unique
 * indexes, and the tenant check rides in the same statement (the door's event and the ticket's club).
 * The scan's statements are SQL written once and sent as named statements (db/prepared.ts): each
 * connection plans them once, and a scan builds no query and maps no row through the ORM
 * (docs/decisions/0055-the-door-as-written-sql.md).
 */

/** An attendee of the scanned registration as the door shows it; times come as JSON text. */
interface PartyMemberJson extends Omit<AttendeeFields, 'checkinTime'> {
  checkinTime: string | null;
}

/**
 * What the door reads of a ticket, in one statement's columns: the door's event, the scanned
 * attendee and its registration (null when the QR names nothing), the title of another event the
 * ticket is for (its sub-select runs only then), and the registration's attendees (the group at the
 * door) with their check-ins, so a scan is one round trip to the database. The door's event carries
 * the questions shown at check-in: the only answers door staff are told (door-view.mapper.ts). `e` is the door's event,
 * `a` the scanned attendee and `r` its registration.
 */
const TICKET_AT_DOOR_COLUMNS = `json_build_object('id', e.id, 'clubId', e.club_id, 'timezone', e.timezone,
    'checkinQuestions', (SELECT coalesce(json_agg(q.id), '[]'::json) FROM form_questions q
                          WHERE q.event_id = e.id AND q.show_at_checkin)) AS "door",
  CASE WHEN a.id IS NOT NULL THEN json_build_object(
    'id', a.id, 'clubId', a.club_id, 'eventId', a.event_id, 'registrationId', a.registration_id
  ) END AS "attendee",
  ${selectList(registrations, 'r', 'registration')},
  CASE WHEN a.event_id <> e.id THEN (SELECT te.title FROM events te WHERE te.id = a.event_id) END AS "ticketEventTitle",
  (SELECT coalesce(json_agg(json_build_object(
            'id', pa.id, 'registrationId', pa.registration_id, 'ticketId', pa.ticket_id, 'ticketName', t.name,
            'firstName', pa.first_name, 'lastName', pa.last_name, 'email', pa.email, 'answers', pa.answers,
            'checkinId', c.id, 'checkinTime', c.created_at, 'shortCode', pa.short_code
          ) ORDER BY pa.position), '[]'::json)
     FROM attendees pa
     JOIN tickets t ON t.id = pa.ticket_id
     LEFT JOIN checkins c ON c.attendee_id = pa.id
    WHERE pa.registration_id = a.registration_id) AS "party"`;

/** A ticket at the door of an event ($1), by its attendee ($2); no row when that event does not exist. */
const TICKET_AT_DOOR = {
  name: 'door-ticket-at-door',
  text: `SELECT ${TICKET_AT_DOOR_COLUMNS}
    FROM events e
    LEFT JOIN attendees a ON a.id = $2
    LEFT JOIN registrations r ON r.id = a.registration_id
   WHERE e.id = $1`,
};

/**
 * Door scans with "check in on scan", any number in one statement: each check-in is written (only
 * when the attendee belongs to the scanned registration and event, its registration is confirmed,
 * the scanned qrUuid is that registration's and, unless the scan's club is null (the super user),
 * it is of that club) in a CTE of the statement that reads the tickets at the door, so a scan is
 * one round trip and scans arriving together share one. The reads see the database as it was before
 * this statement's writes: `justCheckedIn` carries each new row. The rows are written in attendee
 * order so that two such statements wait on each other's check-ins (ON CONFLICT) in one order, never
 * in a circle. The database's trigger sets the check-in's club, event and registration from its
 * attendee anyway (migration 0008); an online check-in has no device (docs/decisions/0035-offline-door.md).
 */
const SCAN_AND_CHECK_IN = {
  name: 'door-scan-and-check-in',
  text: `WITH s AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
      WITH ORDINALITY AS s(event_id, attendee_id, registration_id, qr_uuid, club_id, created_by, id, n)
  ), just_checked_in AS (
    INSERT INTO checkins (id, club_id, event_id, registration_id, attendee_id, created_by, created_at, confirmed)
    SELECT s.id, sa.club_id, sa.event_id, sa.registration_id, sa.id, s.created_by, now(), true
      FROM s
      JOIN attendees sa ON sa.id = s.attendee_id AND sa.registration_id = s.registration_id
       AND sa.event_id = s.event_id AND (s.club_id IS NULL OR sa.club_id = s.club_id)
      JOIN registrations sr ON sr.id = sa.registration_id AND sr.status = 'confirmed' AND sr.qr_uuid = s.qr_uuid
     ORDER BY sa.id
    ON CONFLICT (attendee_id) DO NOTHING
    RETURNING id, created_at
  )
  SELECT s.n::int AS "n", ${TICKET_AT_DOOR_COLUMNS},
         CASE WHEN j.id IS NOT NULL THEN json_build_object('id', j.id, 'createdAt', j.created_at) END AS "justCheckedIn"
    FROM s
    JOIN events e ON e.id = s.event_id
    LEFT JOIN attendees a ON a.id = s.attendee_id
    LEFT JOIN registrations r ON r.id = a.registration_id
    LEFT JOIN just_checked_in j ON j.id = s.id`,
};

/** The check-in of an attendee as the door tells it: who, and when. */
export type DoorCheckin = Pick<CheckinRow, 'id' | 'createdAt' | 'registrationId' | 'attendeeId'>;

/** A row of the statements above; the registration's columns are `registration.<key>`. */
type TicketAtDoorColumns = {
  door: { id: string; clubId: string; timezone: string; checkinQuestions: string[] };
  attendee: { id: string; clubId: string; eventId: string; registrationId: string } | null;
  ticketEventTitle: string | null;
  party: PartyMemberJson[];
  'registration.id': string | null;
} & Record<string, unknown>;

type ScannedColumns = TicketAtDoorColumns & {
  n: number;
  justCheckedIn: { id: string; createdAt: string } | null;
};

/**
 * A row of the statements above as the door's policy reads it: the group at the door with its times
 * as dates, and the scanned attendee's check-in taken from it.
 */
function ticketAtDoorOf(row: TicketAtDoorColumns, attendeeId: string) {
  const party = row.party.map((member): AttendeeFields => ({
    ...member,
    checkinTime: member.checkinTime === null ? null : new Date(member.checkinTime),
  }));
  const scanned = party.find((member) => member.id === attendeeId);
  const checkin: DoorCheckin | null =
    scanned?.checkinId && scanned.checkinTime
      ? { id: scanned.checkinId, createdAt: scanned.checkinTime, registrationId: scanned.registrationId, attendeeId }
      : null;
  const { door, attendee, ticketEventTitle } = row;
  const registration = row['registration.id'] === null ? null : rowOf(registrations, row, 'registration');
  return { door, attendee, registration, ticketEventTitle, party, checkin };
}

/**
 * A ticket seen from the door of an event, with its registration's attendees; undefined when that
 * event does not exist.
 */
export async function findTicketAtDoor(db: Queryable, eventId: string, attendeeId: string) {
  const [row] = await runPrepared<TicketAtDoorColumns>(db, TICKET_AT_DOOR, [eventId, attendeeId]);
  return row && ticketAtDoorOf(row, attendeeId);
}
export type TicketAtDoor = NonNullable<Awaited<ReturnType<typeof findTicketAtDoor>>>;

/**
 * Plans the door's statements on a connection before its first scan: a server started while the
 * doors are open would otherwise plan them on each of its connections during the first burst
 * (docs/decisions/0055-the-door-as-written-sql.md). Empty values: nothing is read or written.
 */
export async function prepareDoor(db: Queryable): Promise<void> {
  await runPrepared(db, TICKET_AT_DOOR, ['', '']);
  await runPrepared(db, SCAN_AND_CHECK_IN, [[], [], [], [], [], [], []]);
}

export interface DoorScan {
  eventId: string;
  registrationId: string;
  attendeeId: string;
  qrUuid: string;
  /** null for the super user, who may check in at any club's door */
  clubId: string | null;
  createdBy: string;
}

const batchersOf = new WeakMap<Queryable, Batcher<DoorScan, ScannedColumns | undefined>>();

function scanBatcher(db: Queryable) {
  let batcher = batchersOf.get(db);
  if (!batcher) {
    const runBatch = async (scans: DoorScan[]) => {
      const rows = await runPrepared<ScannedColumns>(db, SCAN_AND_CHECK_IN, [
        scans.map((scan) => scan.eventId),
        scans.map((scan) => scan.attendeeId),
        scans.map((scan) => scan.registrationId),
        scans.map((scan) => scan.qrUuid),
        scans.map((scan) => scan.clubId),
        scans.map((scan) => scan.createdBy),
        scans.map(() => randomUUID()),
      ]);
      const byPosition = new Map(rows.map((row) => [row.n, row]));
      return scans.map((_, index) => byPosition.get(index + 1));
    };
    // One queue per event, served in turn: a burst at one door does not hold up another's.
    batcher = new Batcher(runBatch, { laneOf: (scan: DoorScan) => scan.eventId, mix: 'round-robin' });
    batchersOf.set(db, batcher);
  }
  return batcher;
}

/**
 * Scans a ticket at the door and checks it in with one statement (SCAN_AND_CHECK_IN above), shared
 * with the scans that arrive while the door's earlier statements run (core/batcher.ts). The ticket
 * is as it was just before; `justCheckedIn` is the check-in this scan wrote, or null when it wrote
 * none (already checked in, refused, or another scanner's check-in landed at the same moment).
 * Undefined when the door's event does not exist.
 */
export async function scanAndCheckIn(db: Queryable, scan: DoorScan) {
  const row = await scanBatcher(db).run(scan);
  if (!row) return undefined;
  const written = row.justCheckedIn;
  const justCheckedIn = written && { id: written.id, createdAt: new Date(written.createdAt) };
  return { ...ticketAtDoorOf(row, scan.attendeeId), justCheckedIn };
}

/**
 * The check-in row written for the attendee row of a statement, by `createdBy`. Only a confirmed
 * registration is checked in (the statement's conditions); the database's trigger sets `confirmed`,
 * the club, the event and the registration from the attendee anyway (migration 0008).
 */
const checkinRow = <I, C>(id: I, createdBy: C) => ({
  id,
  clubId: attendees.clubId,
  eventId: attendees.eventId,
  registrationId: attendees.registrationId,
  attendeeId: attendees.id,
  createdBy,
  createdAt: sql<Date>`now()`.as('created_at'),
  // An online check-in has no device (docs/decisions/0035-offline-door.md); listed because an
  // INSERT ... SELECT names every column of the table, in its order.
  deviceId: sql<string | null>`NULL::text`.as('device_id'),
  deviceName: sql<string | null>`NULL::text`.as('device_name'),
  confirmed: sql<boolean>`true`.as('confirmed'),
});

const param = (name: string) => sql.placeholder(name);
const insertsOf = new WeakMap<DbOrTx, ReturnType<typeof prepareInserts>>();

/**
 * The check-in row of an attendee, written only when the attendee belongs to that registration and
 * event, its registration is confirmed and, unless for the super user, it is of the actor's club.
 */
function prepareInserts(db: DbOrTx) {
  const checkinOf = (anyClub: boolean) =>
    db
      .select(
        checkinRow(
          sql<string>`${param('id')}::text`.as('id'),
          sql<string>`${param('createdBy')}::text`.as('created_by'),
        ),
      )
      .from(attendees)
      .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
      .where(
        and(
          eq(attendees.id, param('attendeeId')),
          eq(attendees.registrationId, param('registrationId')),
          eq(attendees.eventId, param('eventId')),
          eq(registrations.status, 'confirmed'),
          anyClub ? undefined : eq(attendees.clubId, param('clubId')),
        ),
      );
  const insertCheckin = (anyClub: boolean) =>
    db
      .insert(checkins)
      .select(checkinOf(anyClub))
      .onConflictDoNothing({ target: checkins.attendeeId })
      .returning()
      .prepare(anyClub ? 'door_insert_checkin_any_club' : 'door_insert_checkin');
  return { insertInClub: insertCheckin(false), insertInAnyClub: insertCheckin(true) };
}

/**
 * Checks an attendee in with one statement: the row is written only when the attendee belongs to
 * that registration and event, its registration is confirmed, and (unless `clubId` is null, for the
 * super user) it is of that club. The unique index on attendee_id lets exactly one of any number of
 * simultaneous scanners write it; the others get nothing back (as does any refusal) and the caller
 * finds out why.
 */
export async function insertCheckin(
  db: DbOrTx,
  input: { eventId: string; registrationId: string; attendeeId: string; clubId: string | null; createdBy: string },
): Promise<CheckinRow | undefined> {
  let statements = insertsOf.get(db);
  if (!statements) {
    statements = prepareInserts(db);
    insertsOf.set(db, statements);
  }
  const values = { ...input, id: randomUUID() };
  const [row] = await (input.clubId === null
    ? statements.insertInAnyClub.execute(values)
    : statements.insertInClub.execute(values));
  return row;
}

export async function deleteCheckin(
  db: DbOrTx,
  attendeeId: string,
  scope: { clubId: string | null; eventId?: string },
): Promise<CheckinRow | undefined> {
  const [row] = await db
    .delete(checkins)
    .where(
      and(
        eq(checkins.attendeeId, attendeeId),
        scope.clubId === null ? undefined : eq(checkins.clubId, scope.clubId),
        scope.eventId === undefined ? undefined : eq(checkins.eventId, scope.eventId),
      ),
    )
    .returning();
  return row;
}
