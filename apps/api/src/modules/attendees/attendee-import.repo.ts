import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { attendees, registrations } from '../../db/schema';
import type { EventScope } from '../tickets/tickets.repo';
import type { ImportRow } from './import-rows';

/** Namespace of the import locks among the advisory locks of the database. */
const IMPORT_LOCK_NAMESPACE = 5_310_006;
/** Rows per INSERT. */
const INSERT_CHUNK = 5000;
const LOOKUP_CHUNK = 5000;

/**
 * Holds an event's imports until the transaction ends: two uploads of the same file at once run one
 * after the other, so the second sees the first's attendees and skips them.
 */
export async function lockEventImports(tx: Tx, eventId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_NAMESPACE}, hashtext(${eventId}))`);
}

/** The e-mail and names of the event's confirmed attendees with one of these e-mails (stored lower-case, as ZEmail leaves them). */
export async function findConfirmedPeople(
  tx: Tx,
  scope: EventScope,
  emails: string[],
): Promise<{ email: string; firstName: string | null; lastName: string | null }[]> {
  const found: { email: string; firstName: string | null; lastName: string | null }[] = [];
  for (let start = 0; start < emails.length; start += LOOKUP_CHUNK) {
    const rows = await tx
      .select({ email: attendees.email, firstName: attendees.firstName, lastName: attendees.lastName })
      .from(attendees)
      .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
      .where(
        and(
          eq(attendees.clubId, scope.clubId),
          eq(attendees.eventId, scope.eventId),
          eq(registrations.status, 'confirmed'),
          inArray(attendees.email, emails.slice(start, start + LOOKUP_CHUNK)),
        ),
      );
    found.push(...rows.map((row) => ({ ...row, email: row.email ?? '' })));
  }
  return found;
}

/**
 * One confirmed registration per row (source 'import', its own qrUuid, the row's e-mail as the
 * buyer's) with its one attendee. Each table takes a chunk in one statement that unnests arrays:
 * a handful of parameters instead of one per cell, several times faster than a VALUES list.
 */
export async function insertImportedAttendees(
  tx: Tx,
  scope: EventScope & { ticketId: string },
  rows: ImportRow[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const registrationIds = chunk.map(() => randomUUID());
    const text = (values: string[]) => sql`${sql.param(values)}::text[]`;
    await tx.execute(sql`
      INSERT INTO ${registrations} (id, club_id, event_id, email, qr_uuid, status, answers, confirmed_at, source)
      SELECT u.id, ${scope.clubId}, ${scope.eventId}, u.email, u.qr_uuid, 'confirmed', u.answers::jsonb, ${now}, 'import'
      FROM unnest(
        ${text(registrationIds)},
        ${text(chunk.map((row) => row.email))},
        ${text(chunk.map(() => randomUUID()))},
        ${text(chunk.map((row) => JSON.stringify(row.registrationAnswers)))}
      ) AS u(id, email, qr_uuid, answers)`);
    await tx.execute(sql`
      INSERT INTO ${attendees} (id, club_id, event_id, registration_id, ticket_id, first_name, last_name, email, answers)
      SELECT u.id, ${scope.clubId}, ${scope.eventId}, u.registration_id, ${scope.ticketId}, u.first_name, u.last_name,
             u.email, u.answers::jsonb
      FROM unnest(
        ${text(chunk.map(() => randomUUID()))},
        ${text(registrationIds)},
        ${text(chunk.map((row) => row.firstName))},
        ${text(chunk.map((row) => row.lastName))},
        ${text(chunk.map((row) => row.email))},
        ${text(chunk.map((row) => JSON.stringify(row.answers)))}
      ) AS u(id, registration_id, first_name, last_name, email, answers)`);
  }
}

const statisticsRefreshes = new WeakMap<Db, { again: boolean; done: Promise<void> }>();

/**
 * ANALYZE of the tables an import fills, after its commit and before its answer. Until then the
 * planner sees an event's freshly imported attendees as autovacuum last saw the tables (never, on a
 * new database) and plans the door's statement for that: measured in docs/performance.md,
 * "Check-in under load and after an import" (docs/decisions/0050-door-under-load-and-after-import.md).
 * One at a time per database; an import that ends meanwhile waits for one more pass after it, which
 * sees its rows. A failure changes nothing an organiser sees: autovacuum analyzes the tables later
 * anyway, so it is dropped.
 */
export function refreshImportedStatistics(db: Db): Promise<void> {
  const running = statisticsRefreshes.get(db);
  if (running) {
    running.again = true;
    return running.done;
  }
  const state = { again: true, done: Promise.resolve() };
  state.done = (async () => {
    try {
      while (state.again) {
        state.again = false;
        await db.execute(sql`ANALYZE ${registrations}, ${attendees}`);
      }
    } catch {
      // See above: the statistics come with autovacuum instead.
    } finally {
      statisticsRefreshes.delete(db);
    }
  })();
  statisticsRefreshes.set(db, state);
  return state.done;
}
