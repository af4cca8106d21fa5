import { createHash } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { attendees, registrations } from '../../../db/schema';

/** Namespace of the hold-limit locks among the advisory locks of the database (also in migration 0023). */
const HOLD_LIMIT_LOCK_NAMESPACE = 5_310_018;

/** Who a hold is counted against: its buyer's e-mail, and its client address when that is limited. */
export interface Holder {
  eventId: string;
  email: string;
  /** Null: the address is not limited (HOLDS_PER_ADDRESS=0) and not kept. */
  address: string | null;
}

/** A 32-bit key for one holder of one event; two holders sharing one only take turns needlessly. */
function lockKey(eventId: string, kind: 'email' | 'address', value: string): number {
  return createHash('sha256').update(`${eventId}\n${kind}\n${value}`).digest().readInt32BE(0);
}

/**
 * The transaction-scoped advisory locks that make one e-mail's (and one address's) holds of an
 * event count one after the other, on any process: a hold counts what its holder already holds
 * only once the holder's earlier hold has committed or rolled back, so racing calls cannot pass a
 * limit together. Numbers only, for transactionEndingWith's `first` statements (sent with the
 * BEGIN, no round trip of their own); taken in key order, so two holds never wait on each other.
 */
export function holderLocks(holder: Holder): SQL[] {
  const keys = holderLockKeys(holder);
  return [
    sql.raw(`SELECT ${keys.map((key) => `pg_advisory_xact_lock(${HOLD_LIMIT_LOCK_NAMESPACE}, ${key})`).join(', ')}`),
  ];
}

/** The keys of holderLocks, in the order they are taken; the batched hold takes them too (migration 0023). */
export function holderLockKeys(holder: Holder): number[] {
  const keys = [lockKey(holder.eventId, 'email', holder.email)];
  if (holder.address !== null) keys.push(lockKey(holder.eventId, 'address', holder.address));
  return keys.sort((a, b) => a - b);
}

/** A registration still holding its tickets: pending and not yet lapsed (the sweep may be behind). */
const holding = and(eq(registrations.status, 'pending'), sql`${registrations.expiresAt} > now()`);

export interface Held {
  /** Tickets held by the e-mail's pending registrations of the event. */
  emailTickets: number;
  /** Pending registrations of the event made from the address (0 when it is not limited). */
  addressHolds: number;
}

/**
 * What a holder holds of an event now, in one statement: the hold's only added round trip. Read
 * under holderLocks, so it sees every earlier hold of the same holder, committed.
 */
export async function countHeld(tx: DbOrTx, holder: Holder): Promise<Held> {
  const byAddress =
    holder.address === null
      ? sql`0`
      : sql`(SELECT count(*) FROM ${registrations} WHERE ${and(
          eq(registrations.eventId, holder.eventId),
          eq(registrations.clientAddress, holder.address),
          holding,
        )})`;
  // The holder's registrations found by the (event, e-mail) index, then kept if still held: OFFSET 0
  // keeps the status test out of the scan, as in migration 0024's batched hold
  // (docs/decisions/0060-hold-count-by-email.md).
  const byEmail = sql`(SELECT count(*) FROM (
      SELECT r.id, r.status, r.expires_at FROM ${registrations} r
      WHERE r.event_id = ${holder.eventId} AND r.email = ${holder.email} OFFSET 0) own
    JOIN ${attendees} a ON a.registration_id = own.id
    WHERE own.status = 'pending' AND own.expires_at > now())`;
  const { rows } = await tx.execute<{ emailTickets: number; addressHolds: number }>(
    sql`SELECT ${byEmail}::int AS "emailTickets", ${byAddress}::int AS "addressHolds"`,
  );
  return rows[0]!;
}

export interface HoldLapse {
  expiresAt: Date;
  tickets: number;
}

/** The holds counted by countHeld, each with its tickets, the first to lapse first (a refusal's message). */
export async function findHolds(
  tx: DbOrTx,
  eventId: string,
  by: { email: string } | { address: string },
): Promise<HoldLapse[]> {
  const rows = await tx
    .select({ expiresAt: registrations.expiresAt, tickets: sql<number>`count(${attendees.id})::int` })
    .from(registrations)
    .leftJoin(attendees, eq(attendees.registrationId, registrations.id))
    .where(
      and(
        eq(registrations.eventId, eventId),
        'email' in by ? eq(registrations.email, by.email) : eq(registrations.clientAddress, by.address),
        holding,
      ),
    )
    .groupBy(registrations.id)
    .orderBy(asc(registrations.expiresAt));
  return rows.flatMap(({ expiresAt, tickets }) => (expiresAt ? [{ expiresAt, tickets }] : []));
}
