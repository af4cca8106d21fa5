import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema';
import { PAID_MONEY } from './report.repo';

/** The statuses of paid money, as SQL parameters (the event report's own list). */
const paid = sql.join(
  PAID_MONEY.map((status) => sql`${status}`),
  sql`, `,
);

/** Paid money per event (a row per event with any): the same definitions as the event's sales report. */
const moneyByEvent = (clubFilter: ReturnType<typeof sql>) => sql`
  SELECT club_id, event_id, currency, sum(amount)::bigint AS gross, sum(refunded)::bigint AS refunded FROM (
    SELECT club_id, event_id, currency, amount, refunded_amount AS refunded FROM orders
     WHERE payment_status IN (${paid}) AND ${clubFilter}
    UNION ALL
    SELECT club_id, event_id, currency, amount, refunded_amount FROM extras_purchases
     WHERE order_id IS NULL AND payment_status IN (${paid}) AND ${clubFilter}
    UNION ALL
    SELECT club_id, event_id, currency, amount, refunded_amount FROM sponsorships
     WHERE payment_status IN (${paid}) AND ${clubFilter}
  ) paid
  GROUP BY club_id, event_id, currency`;

export interface ClubTotalsRow {
  clubId: string;
  currency: string;
  gross: number;
  refunded: number;
}

/** Each club's paid money per currency; one club, or every club with `clubId` null. */
export async function clubTotals(db: DbOrTx, clubId: string | null): Promise<ClubTotalsRow[]> {
  const filter = clubId === null ? sql`true` : sql`club_id = ${clubId}`;
  const result = await db.execute<{ club_id: string; currency: string; gross: string; refunded: string }>(sql`
    SELECT club_id, currency, sum(gross) AS gross, sum(refunded) AS refunded
      FROM (${moneyByEvent(filter)}) per_event
     GROUP BY club_id, currency ORDER BY club_id, currency`);
  return result.rows.map((row) => ({
    clubId: row.club_id,
    currency: row.currency,
    gross: Number(row.gross),
    refunded: Number(row.refunded),
  }));
}

export interface UpcomingEventRow {
  eventId: string;
  title: string;
  startDate: Date;
  status: string;
  capacity: number | null;
  currency: string;
  ticketsSold: number;
  net: number;
}

/** Dashboard rows: the club's events not yet ended, soonest first, with tickets sold and net. */
export async function upcomingEvents(db: DbOrTx, clubId: string, limit: number): Promise<UpcomingEventRow[]> {
  const result = await db.execute<{
    id: string;
    title: string;
    start_date: Date | string;
    status: string;
    capacity: number | null;
    currency: string;
    sold: string;
    net: string;
  }>(sql`
    WITH coming AS (
      SELECT id, title, start_date, status, capacity, currency FROM events
       WHERE club_id = ${clubId} AND end_date >= now() ORDER BY start_date, id LIMIT ${limit}
    ), money AS (${moneyByEvent(sql`club_id = ${clubId} AND event_id IN (SELECT id FROM coming)`)})
    SELECT c.id, c.title, c.start_date, c.status, c.capacity, c.currency,
           coalesce((SELECT sum(t.sold_count) FROM tickets t WHERE t.event_id = c.id), 0) AS sold,
           coalesce((SELECT sum(m.gross - m.refunded) FROM money m WHERE m.event_id = c.id), 0) AS net
      FROM coming c ORDER BY c.start_date, c.id`);
  return result.rows.map((row) => ({
    eventId: row.id,
    title: row.title,
    startDate: new Date(row.start_date),
    status: row.status,
    capacity: row.capacity,
    currency: row.currency,
    ticketsSold: Number(row.sold),
    net: Number(row.net),
  }));
}

/** Every club, by name: the super user's dashboard lists them all. */
export async function listClubNames(db: DbOrTx): Promise<{ id: string; name: string }[]> {
  return db.select({ id: clubs.id, name: clubs.name }).from(clubs).orderBy(clubs.name, clubs.id);
}
