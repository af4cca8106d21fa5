import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import type { AttendeeFields } from '../purchase/registrations.repo';
import { DoorBatcher } from './door-batcher';
import { attendees, checkins, events, registrations, tickets, type CheckinRow } from '../../db/schema';

/**
 * The door's hot path: every scan and check-in is one or two statements on primary keys and unique
 * indexes, and the tenant check rides in the same statement (the door's event and the ticket's club).
 */

const ticketEvent = alias(events, 'ticket_event');
const param = (name: string) => sql.placeholder(name);

/** An attendee of the scanned registration as the door shows it; times come as JSON text. */
interface PartyMemberJson extends Omit<AttendeeFields, 'checkinTime'> {
  checkinTime: string | null;
}

/**
 * The scanned registration's attendees (the group at the door) in the same statement as the ticket,
 * so a scan is one round trip to the database.
 */
const party = sql<PartyMemberJson[]>`(
  SELECT coalesce(json_agg(json_build_object(
           'id', a.id, 'registrationId', a.registration_id, 'ticketId', a.ticket_id, 'ticketName', t.name,
           'firstName', a.first_name, 'lastName', a.last_name, 'email', a.email, 'answers', a.answers,
           'checkinId', c.id, 'checkinTime', c.created_at, 'shortCode', a.short_code
         ) ORDER BY a.position), '[]'::json)
    FROM ${attendees} a
    JOIN ${tickets} t ON t.id = a.ticket_id
    LEFT JOIN ${checkins} c ON c.attendee_id = a.id
   WHERE a.registration_id = ${attendees.registrationId}
)`;

/**
 * The door's statements are prepared once per connection: planning a five-table join costs
 * PostgreSQL several times what running it on primary keys does.
 */
const ticketAtDoorFields = {
  door: { id: events.id, clubId: events.clubId, timezone: events.timezone },
  attendee: {
    id: attendees.id,
    clubId: attendees.clubId,
    eventId: attendees.eventId,
    registrationId: attendees.registrationId,
  },
  registration: registrations,
  // Only for a ticket of another event, to say which: the sub-select runs only then.
  ticketEventTitle: sql<string | null>`CASE WHEN ${attendees.eventId} <> ${events.id} THEN (
    SELECT ${ticketEvent.title} FROM ${events} ${ticketEvent} WHERE ${ticketEvent.id} = ${attendees.eventId}
  ) END`,
  party,
};

/**
 * The check-in row written for the attendee row of a statement, by `createdBy`. Only a confirmed
 * registration is checked in (the statements' conditions); the database's trigger sets `confirmed`,
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
  // Drizzle's INSERT ... SELECT takes every column in the table's order: an online check-in has no device.
  deviceId: sql<string | null>`NULL::text`.as('device_id'),
  deviceName: sql<string | null>`NULL::text`.as('device_name'),
  confirmed: sql<boolean>`true`.as('confirmed'),
});

const preparedOf = new WeakMap<DbOrTx, ReturnType<typeof prepareDoorStatements>>();

function prepareDoorStatements(db: DbOrTx) {
  const ticketAtDoor = db
    .select(ticketAtDoorFields)
    .from(events)
    .leftJoin(attendees, eq(attendees.id, param('attendeeId')))
    .leftJoin(registrations, eq(registrations.id, attendees.registrationId))
    .where(eq(events.id, param('eventId')))
    .prepare('door_ticket_at_door');
  /**
   * The check-in row of an attendee, written only when the attendee belongs to that registration and
   * event, its registration is confirmed and, unless for the super user, it is of the actor's club.
   */
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
  /**
   * Door scans with "check in on scan", any number in one statement: each check-in is written (as
   * insertCheckin, and only when the scanned qrUuid is its registration's) in a CTE of the statement
   * that reads the tickets at the door, so a scan is one round trip and scans arriving together
   * share one. The reads see the database as it was before this statement's writes:
   * `justCheckedIn` carries each new row. The rows are written in attendee order so that two such
   * statements wait on each other's check-ins (ON CONFLICT) in one order, never in a circle.
   */
  const scanned = db
    .$with('scanned', {
      n: sql<number>``.as('scan_n'),
      eventId: sql<string>``.as('scan_event_id'),
      attendeeId: sql<string>``.as('scan_attendee_id'),
      registrationId: sql<string>``.as('scan_registration_id'),
      qrUuid: sql<string>``.as('scan_qr_uuid'),
      clubId: sql<string | null>``.as('scan_club_id'),
      createdBy: sql<string>``.as('scan_created_by'),
      id: sql<string>``.as('scan_id'),
    })
    .as(
      sql`SELECT * FROM unnest(${param('eventIds')}::text[], ${param('attendeeIds')}::text[],
            ${param('registrationIds')}::text[], ${param('qrUuids')}::text[], ${param('clubIds')}::text[],
            ${param('createdBys')}::text[], ${param('ids')}::text[])
          WITH ORDINALITY AS s(scan_event_id, scan_attendee_id, scan_registration_id, scan_qr_uuid, scan_club_id,
            scan_created_by, scan_id, scan_n)`,
    );
  const written = db.$with('just_checked_in').as(
    db
      .insert(checkins)
      .select(
        db
          .select(checkinRow(scanned.id, scanned.createdBy))
          .from(scanned)
          .innerJoin(
            attendees,
            and(
              eq(attendees.id, scanned.attendeeId),
              eq(attendees.registrationId, scanned.registrationId),
              eq(attendees.eventId, scanned.eventId),
              sql`(${scanned.clubId} IS NULL OR ${attendees.clubId} = ${scanned.clubId})`,
            ),
          )
          .innerJoin(
            registrations,
            and(
              eq(registrations.id, attendees.registrationId),
              eq(registrations.status, 'confirmed'),
              eq(registrations.qrUuid, scanned.qrUuid),
            ),
          )
          .orderBy(attendees.id),
      )
      .onConflictDoNothing({ target: checkins.attendeeId })
      .returning({ id: checkins.id, createdAt: checkins.createdAt }),
  );
  const scanAndCheckIn = db
    .with(scanned, written)
    .select({
      n: sql<number>`${scanned.n}::int`,
      ...ticketAtDoorFields,
      justCheckedIn: { id: written.id, createdAt: written.createdAt },
    })
    .from(scanned)
    .innerJoin(events, eq(events.id, scanned.eventId))
    .leftJoin(attendees, eq(attendees.id, scanned.attendeeId))
    .leftJoin(registrations, eq(registrations.id, attendees.registrationId))
    .leftJoin(written, eq(written.id, scanned.id))
    .prepare('door_scan_and_check_in');
  return {
    ticketAtDoor,
    insertInClub: insertCheckin(false),
    insertInAnyClub: insertCheckin(true),
    scanAndCheckIn,
  };
}

function doorStatements(db: DbOrTx) {
  let prepared = preparedOf.get(db);
  if (!prepared) {
    prepared = prepareDoorStatements(db);
    preparedOf.set(db, prepared);
  }
  return prepared;
}

/**
 * A ticket seen from the door of an event, with its registration's attendees; undefined when that
 * event does not exist.
 */
export async function findTicketAtDoor(db: DbOrTx, eventId: string, attendeeId: string) {
  const [row] = await doorStatements(db).ticketAtDoor.execute({ eventId, attendeeId });
  return row && withParty(row, attendeeId);
}
export type TicketAtDoor = NonNullable<Awaited<ReturnType<typeof findTicketAtDoor>>>;

/** The check-in of an attendee as the door tells it: who, and when. */
export type DoorCheckin = Pick<CheckinRow, 'id' | 'createdAt' | 'registrationId' | 'attendeeId'>;

/** The group at the door with its times as dates, and the scanned attendee's check-in taken from it. */
function withParty<R extends { party: PartyMemberJson[] | null }>(row: R, attendeeId: string) {
  const { party: members, ...rest } = row;
  const party = (members ?? []).map((member): AttendeeFields => ({
    ...member,
    checkinTime: member.checkinTime === null ? null : new Date(member.checkinTime),
  }));
  const scanned = party.find((member) => member.id === attendeeId);
  const checkin: DoorCheckin | null =
    scanned?.checkinId && scanned.checkinTime
      ? { id: scanned.checkinId, createdAt: scanned.checkinTime, registrationId: scanned.registrationId, attendeeId }
      : null;
  return { ...rest, party, checkin };
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

type ScannedRow = Awaited<ReturnType<ReturnType<typeof prepareDoorStatements>['scanAndCheckIn']['execute']>>[number];

const batchersOf = new WeakMap<DbOrTx, DoorBatcher<DoorScan, ScannedRow | undefined>>();

function scanBatcher(db: DbOrTx) {
  let batcher = batchersOf.get(db);
  if (!batcher) {
    const statement = doorStatements(db).scanAndCheckIn;
    const runBatch = async (scans: DoorScan[]) => {
      const rows = await statement.execute({
        eventIds: scans.map((scan) => scan.eventId),
        attendeeIds: scans.map((scan) => scan.attendeeId),
        registrationIds: scans.map((scan) => scan.registrationId),
        qrUuids: scans.map((scan) => scan.qrUuid),
        clubIds: scans.map((scan) => scan.clubId),
        createdBys: scans.map((scan) => scan.createdBy),
        ids: scans.map(() => randomUUID()),
      });
      const byPosition = new Map(rows.map((row) => [row.n, row]));
      return scans.map((_, index) => byPosition.get(index + 1));
    };
    // One queue per event, served in turn: a burst at one door does not hold up another's.
    batcher = new DoorBatcher(runBatch, 2, 100, (scan: DoorScan) => scan.eventId);
    batchersOf.set(db, batcher);
  }
  return batcher;
}

/**
 * Scans a ticket at the door and checks it in with one statement (see scanAndCheckIn above), shared
 * with the scans that arrive while the door's earlier statements run (door-batcher.ts). The ticket
 * is as it was just before; `justCheckedIn` is the check-in this scan wrote, or null when it wrote
 * none (already checked in, refused, or another scanner's check-in landed at the same moment).
 * Undefined when the door's event does not exist.
 */
export async function scanAndCheckIn(db: DbOrTx, scan: DoorScan) {
  const row = await scanBatcher(db).run(scan);
  if (!row) return undefined;
  const { n: _position, ...found } = row;
  return withParty(found, scan.attendeeId);
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
  const statements = doorStatements(db);
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
