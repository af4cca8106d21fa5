import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, checkins, registrations, tickets } from '../../db/schema';
import type { AttendeeView } from '../purchase/registrations.repo';

export interface AttendeeListRow extends AttendeeView {
  buyerEmail: string;
  registeredAt: Date;
}

export interface AttendeeFilter {
  eventId: string;
  search?: string;
  checkedIn?: boolean;
  sortBy: 'name' | 'createdAt' | 'checkinTime';
  offset: number;
  limit: number;
}

/*
 * The list of a 50,000-attendee event answers in milliseconds (docs/performance.md) because each
 * read follows an index of migrations 0006 and 0007 on one table: the event's confirmed attendees
 * in name order (attendees_list_name_idx) or registration order (attendees_export_idx), counted
 * (attendees_confirmed_idx), its check-ins by time (checkins_confirmed_time_idx), and a search's
 * matches (attendees_search_trgm_idx). The page's ids are chosen first; only those rows are then
 * joined to their registration, ticket and check-in. The SQL is written out, as the planner sees it.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const looksLikeIdPrefix = (text: string) => /^[0-9a-f-]{6,}$/i.test(text);

/** An order, and the same read backwards: from the end of the list, for pages past its middle. */
type Order = { forwards: SQL; backwards: SQL };

// ASC puts nulls last and DESC first (PostgreSQL's default), so the indexes read either way.
const NAME_ORDER: Order = {
  forwards: sql`lower(a.last_name) ASC, lower(a.first_name) ASC, a.id ASC`,
  backwards: sql`lower(a.last_name) DESC, lower(a.first_name) DESC, a.id DESC`,
};
const REGISTRATION_ORDER: Order = {
  forwards: sql`a.created_at ASC, a.registration_id ASC, a.position ASC, a.id ASC`,
  backwards: sql`a.created_at DESC, a.registration_id DESC, a.position DESC, a.id DESC`,
};
const CHECKIN_ORDER: Order = {
  forwards: sql`c.created_at DESC, c.attendee_id DESC`,
  backwards: sql`c.created_at ASC, c.attendee_id ASC`,
};

async function idsOf(db: DbOrTx, query: SQL): Promise<string[]> {
  const result = await db.execute<{ id: string }>(query);
  return result.rows.map((row) => row.id);
}

async function countOf(db: DbOrTx, query: SQL): Promise<number> {
  const result = await db.execute<{ total: number }>(query);
  return result.rows[0]?.total ?? 0;
}

/** A run of the list in one order: how many it holds, and a window of their ids. */
interface Run {
  count(): Promise<number>;
  ids(direction: keyof Order, offset: number, limit: number): Promise<string[]>;
}

/** The ids from `offset`, read from whichever end is nearer, so no page reads more than half the run. */
async function windowOf(run: Run, total: number, offset: number, limit: number): Promise<string[]> {
  const size = Math.max(0, Math.min(limit, total - offset));
  if (size === 0) return [];
  if (offset <= total - offset - size) return run.ids('forwards', offset, size);
  return (await run.ids('backwards', total - offset - size, size)).reverse();
}

const isCheckedIn = sql`EXISTS (SELECT 1 FROM checkins c WHERE c.attendee_id = a.id)`;
const countAll = (db: DbOrTx, eventId: string) =>
  countOf(db, sql`SELECT count(*)::int AS total FROM attendees a WHERE a.event_id = ${eventId} AND a.confirmed`);
const countCheckedIn = (db: DbOrTx, eventId: string) =>
  countOf(db, sql`SELECT count(*)::int AS total FROM checkins c WHERE c.event_id = ${eventId} AND c.confirmed`);

/** The event's confirmed attendees (checked in or not, as asked), by name or by registration. */
function attendeeRun(db: DbOrTx, eventId: string, order: Order, checkedIn: boolean | undefined): Run {
  const checkin = checkedIn === undefined ? sql`` : checkedIn ? sql` AND ${isCheckedIn}` : sql` AND NOT ${isCheckedIn}`;
  return {
    async count() {
      if (checkedIn === true) return countCheckedIn(db, eventId);
      if (checkedIn === undefined) return countAll(db, eventId);
      // Not checked in: all less the checked in, two index reads rather than a look-up per attendee.
      const [all, checked] = await Promise.all([countAll(db, eventId), countCheckedIn(db, eventId)]);
      return all - checked;
    },
    ids: (direction, offset, limit) =>
      idsOf(
        db,
        sql`SELECT a.id FROM attendees a WHERE a.event_id = ${eventId} AND a.confirmed${checkin}
            ORDER BY ${order[direction]} LIMIT ${limit} OFFSET ${offset}`,
      ),
  };
}

/** The event's checked-in attendees, the latest check-in first. */
function checkinRun(db: DbOrTx, eventId: string): Run {
  return {
    count: () => countCheckedIn(db, eventId),
    ids: (direction, offset, limit) =>
      idsOf(
        db,
        sql`SELECT c.attendee_id AS id FROM checkins c WHERE c.event_id = ${eventId} AND c.confirmed
            ORDER BY ${CHECKIN_ORDER[direction]} LIMIT ${limit} OFFSET ${offset}`,
      ),
  };
}

/** A page of the whole list, the count from an index and the page read from either end of one. */
async function listPageIds(db: DbOrTx, filter: AttendeeFilter): Promise<{ ids: string[]; total: number }> {
  const { eventId, offset, limit } = filter;
  if (filter.sortBy !== 'checkinTime' || filter.checkedIn === false) {
    const order = filter.sortBy === 'createdAt' ? REGISTRATION_ORDER : NAME_ORDER;
    const run = attendeeRun(db, eventId, order, filter.checkedIn);
    const total = await run.count();
    return { ids: await windowOf(run, total, offset, limit), total };
  }
  // By check-in time: the checked in, latest first, then (unless only they were asked for) the rest by name.
  const checked = checkinRun(db, eventId);
  const pending = attendeeRun(db, eventId, NAME_ORDER, false);
  const [checkedCount, pendingCount] = await Promise.all([checked.count(), filter.checkedIn ? 0 : pending.count()]);
  const head = await windowOf(checked, checkedCount, offset, limit);
  const rest = limit - head.length;
  const tail = rest > 0 ? await windowOf(pending, pendingCount, Math.max(0, offset - checkedCount), rest) : [];
  return { ids: [...head, ...tail], total: checkedCount + pendingCount };
}

/**
 * A page of what a search finds, with their count, in one statement: attendees whose "first last",
 * e-mail or registration's e-mail holds the text (attendees_search_trgm_idx), and for what looks
 * like a registration id, that registration's (registrations_id_prefix_idx). Sorted in the list's
 * orders, the checked in first by time when sorting by check-in.
 */
async function searchPageIds(db: DbOrTx, filter: AttendeeFilter): Promise<{ ids: string[]; total: number }> {
  const search = filter.search!;
  const { eventId } = filter;
  const byRegistration = looksLikeIdPrefix(search)
    ? sql` OR a.registration_id = ANY (ARRAY(SELECT id FROM registrations
             WHERE id LIKE ${`${escapeLike(search.toLowerCase())}%`} AND event_id = ${eventId}))`
    : sql``;
  const checkin =
    filter.checkedIn === undefined ? sql`` : filter.checkedIn ? sql` AND c.id IS NOT NULL` : sql` AND c.id IS NULL`;
  const order =
    filter.sortBy === 'checkinTime'
      ? sql`c.created_at DESC NULLS LAST, c.attendee_id DESC NULLS LAST, ${NAME_ORDER.forwards}`
      : (filter.sortBy === 'createdAt' ? REGISTRATION_ORDER : NAME_ORDER).forwards;
  const found = sql`FROM attendees a LEFT JOIN checkins c ON c.attendee_id = a.id
    WHERE a.event_id = ${eventId} AND a.confirmed
      AND (a.search_text ILIKE ${`%${escapeLike(search)}%`}${byRegistration})${checkin}`;
  const result = await db.execute<{ id: string; total: number }>(
    sql`SELECT a.id, count(*) OVER ()::int AS total ${found} ORDER BY ${order} LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  );
  const ids = result.rows.map((row) => row.id);
  // Past the last page no row carries the count.
  const total = result.rows[0]?.total ?? (await countOf(db, sql`SELECT count(*)::int AS total ${found}`));
  return { ids, total };
}

/** One page of an event's confirmed attendees and the count of all that match. */
export async function findAttendeePage(
  db: DbOrTx,
  filter: AttendeeFilter,
): Promise<{ rows: AttendeeListRow[]; total: number }> {
  const { ids, total } = filter.search ? await searchPageIds(db, filter) : await listPageIds(db, filter);
  if (ids.length === 0) return { rows: [], total };
  const rows = await db
    .select({
      attendee: attendees,
      ticketName: tickets.name,
      checkinId: checkins.id,
      checkinTime: checkins.createdAt,
      buyerEmail: registrations.email,
      registeredAt: registrations.createdAt,
    })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .leftJoin(checkins, eq(checkins.attendeeId, attendees.id))
    .where(and(eq(attendees.eventId, filter.eventId), inArray(attendees.id, ids)));
  const place = new Map(ids.map((id, index) => [id, index]));
  return {
    rows: rows
      .sort((a, b) => place.get(a.attendee.id)! - place.get(b.attendee.id)!)
      .map((row) => ({
        ...row.attendee,
        ticketName: row.ticketName,
        checkinId: row.checkinId,
        checkinTime: row.checkinTime,
        buyerEmail: row.buyerEmail,
        registeredAt: row.registeredAt,
      })),
    total,
  };
}
