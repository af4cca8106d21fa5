import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { attendees, orders, passPurchases, registrations } from '../../../db/schema';
import { giveBackUsesOfPending } from '../../discounts/discount-uses.repo';
import { releaseSeats, type TicketLine } from '../seats.repo';

/**
 * Releases holds whose time ran out, without anyone asking (docs/product.md section 15, step 5). Any
 * process may run it at any moment: SKIP LOCKED hands each lapsed registration to exactly one.
 * `seatsFreed` hears of each event whose tickets came back, once they are back (after the commit).
 */
export async function expireLapsedHolds(
  db: Db,
  options: { eventId?: string; limit?: number; seatsFreed?: (eventId: string) => void } = {},
): Promise<number> {
  const freed = await releasePendingHolds(db, (tx) =>
    tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          eq(registrations.status, 'pending'),
          sql`${registrations.expiresAt} < now()`,
          options.eventId ? eq(registrations.eventId, options.eventId) : undefined,
        ),
      )
      .orderBy(registrations.expiresAt)
      .limit(options.limit ?? 200)
      .for('update', { skipLocked: true }),
  );
  for (const eventId of freed.eventIds) options.seatsFreed?.(eventId);
  return freed.count;
}

/** No payment has started on the registration's order: nothing is on its way to pay for it. */
const noPaymentStarted = sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.registrationId} = ${registrations.id} AND ${orders.paymentIntentId} IS NOT NULL)`;

/**
 * A buyer who starts over lets their earlier hold go (DECISIONS 23): the pending holds of this event
 * held by these e-mails, except one whose payment has started (it may still be paid). One indexed
 * look (registrations_email_idx) when there are none, the usual case; the release itself re-reads
 * them under lock, so a hold another process releases or confirms meanwhile is skipped. The seats
 * are back once it answers; the caller tells the waiting list after its own new hold
 * (`seatsFreed`), so the offers do not take what the buyer is holding again.
 */
export async function releaseEarlierHolds(db: Db, eventId: string, emails: string[]): Promise<number> {
  const earlier = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        inArray(registrations.email, emails),
        eq(registrations.status, 'pending'),
        // A season pass's place is no earlier hold of a booking: it lapses with its pass alone.
        isNull(registrations.passPurchaseId),
        noPaymentStarted,
      ),
    );
  if (earlier.length === 0) return 0;
  const freed = await releasePendingHolds(db, (tx) =>
    tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          inArray(
            registrations.id,
            earlier.map((row) => row.id),
          ),
          eq(registrations.status, 'pending'),
          noPaymentStarted,
        ),
      )
      .for('update', { skipLocked: true }),
  );
  return freed.count;
}

/**
 * Marks the pending registrations `pick` locks as expired and gives back their codes' uses and their
 * seats, in one transaction: the one release of a hold, whatever lets it go.
 */
async function releasePendingHolds(
  db: Db,
  pick: (tx: Tx) => Promise<{ id: string }[]>,
): Promise<{ count: number; eventIds: string[] }> {
  return db.transaction(async (tx) => {
    const ids = (await pick(tx)).map((row) => row.id);
    if (ids.length === 0) return { count: 0, eventIds: [] };
    await tx.update(registrations).set({ status: 'expired' }).where(inArray(registrations.id, ids));
    // A season pass's places lapse together (one expires_at), and its purchase with them
    // (docs/decisions/0080-series-and-passes.md); a late payment takes them again (pass.payable.ts).
    // One a settlement holds is skipped: the settlement decides it, and the two never wait on each other.
    await tx.execute(sql`
      UPDATE ${passPurchases} SET status = 'expired'
      WHERE id IN (SELECT p.id FROM ${passPurchases} p
                   WHERE p.status = 'pending'
                     AND p.id IN (SELECT r.pass_purchase_id FROM ${registrations} r
                                  WHERE r.id IN (${sql.join(
                                    ids.map((id) => sql`${id}`),
                                    sql`, `,
                                  )}) AND r.pass_purchase_id IS NOT NULL)
                   FOR UPDATE SKIP LOCKED)`);
    // Their codes' uses first, as a hold takes the code's row before the seat counters.
    await giveBackUsesOfPending(tx, ids);
    const perTicket = await tx
      .select({ ticketId: attendees.ticketId, eventId: attendees.eventId, quantity: sql<number>`count(*)::int` })
      .from(attendees)
      .where(inArray(attendees.registrationId, ids))
      .groupBy(attendees.ticketId, attendees.eventId);
    const byEvent = new Map<string, TicketLine[]>();
    for (const row of perTicket) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row]);
    const eventIds = [...byEvent.keys()].sort();
    for (const eventId of eventIds) await releaseSeats(tx, eventId, byEvent.get(eventId)!, false);
    return { count: ids.length, eventIds };
  });
}
