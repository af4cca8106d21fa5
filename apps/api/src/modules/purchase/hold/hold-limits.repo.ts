import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { attendees, registrations } from '../../../db/schema';

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
 * The keys of the transaction-scoped advisory locks the hold takes first (db/functions/clubtix_hold.sql),
 * in key order: one e-mail's (and one address's) holds of an event are counted one after the other,
 * on any process, so racing calls cannot pass a limit together.
 */
export function holderLockKeys(holder: Holder): number[] {
  const keys = [lockKey(holder.eventId, 'email', holder.email)];
  if (holder.address !== null) keys.push(lockKey(holder.eventId, 'address', holder.address));
  return keys.sort((a, b) => a - b);
}

/** A registration still holding its tickets: pending and not yet lapsed (the sweep may be behind). */
const holding = and(eq(registrations.status, 'pending'), sql`${registrations.expiresAt} > now()`);

export interface HoldLapse {
  expiresAt: Date;
  tickets: number;
}

/** The holds of an e-mail or an address still held, each with its tickets, the first to lapse first (a refusal's message). */
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
