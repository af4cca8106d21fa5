import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkins, extrasPurchases, type AttendeeRow, type CheckinRow } from '../../db/schema';
import type { OrderVoucherRow } from '../extras/order-vouchers.repo';

/** Checks a whole party in, in the sale's own transaction: a new registration has no check-ins yet. */
export async function checkInParty(db: DbOrTx, party: AttendeeRow[], createdBy: string): Promise<CheckinRow[]> {
  if (party.length === 0) return [];
  return db
    .insert(checkins)
    .values(
      party.map((attendee) => ({
        id: randomUUID(),
        clubId: attendee.clubId,
        eventId: attendee.eventId,
        registrationId: attendee.registrationId,
        attendeeId: attendee.id,
        createdBy,
      })),
    )
    .returning();
}

/**
 * The extras sold at the counter are handed over there and then: their vouchers are redeemed by the
 * sale itself, in its transaction, so none is left for a door to scan (docs/decisions/0069-money-screens-agree.md).
 */
export async function handOverVouchers(db: DbOrTx, vouchers: OrderVoucherRow[]): Promise<OrderVoucherRow[]> {
  if (vouchers.length === 0) return vouchers;
  // Redeemed at the instant it was paid: how the extras list tells a hand-over from a door's scan.
  const rows = await db
    .update(extrasPurchases)
    .set({ redeemedAt: sql`${extrasPurchases.paidAt}` })
    .where(
      inArray(
        extrasPurchases.id,
        vouchers.map((voucher) => voucher.id),
      ),
    )
    .returning({ id: extrasPurchases.id, redeemedAt: extrasPurchases.redeemedAt });
  const redeemed = new Map(rows.map((row) => [row.id, row.redeemedAt]));
  return vouchers.map((voucher) => ({ ...voucher, redeemedAt: redeemed.get(voucher.id) ?? null }));
}
