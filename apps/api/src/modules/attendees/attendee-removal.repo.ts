import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  attendees,
  orders,
  registrations,
  type AttendeeRow,
  type OrderRow,
  type RegistrationRow,
} from '../../db/schema';
import type { EventScope } from '../tickets/tickets.repo';

export async function findEventAttendee(
  db: DbOrTx,
  scope: EventScope,
  attendeeId: string,
): Promise<AttendeeRow | undefined> {
  const [row] = await db
    .select()
    .from(attendees)
    .where(and(eq(attendees.id, attendeeId), eq(attendees.clubId, scope.clubId), eq(attendees.eventId, scope.eventId)));
  return row;
}

/**
 * Locks a registration's orders first, then the registration: the order in which settling a payment
 * takes them (purchase/settle/settle-order.ts), so a deletion and a payment of the same registration queue
 * instead of deadlocking, and a payment that got there first is seen as paid.
 */
export async function lockOrdersOf(tx: Tx, scope: EventScope, registrationId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.registrationId, registrationId), eq(orders.clubId, scope.clubId)))
    .orderBy(orders.id)
    .for('update');
}

export async function lockEventRegistration(
  tx: Tx,
  scope: EventScope,
  registrationId: string,
): Promise<RegistrationRow | undefined> {
  const [row] = await tx
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.id, registrationId),
        eq(registrations.clubId, scope.clubId),
        eq(registrations.eventId, scope.eventId),
      ),
    )
    .for('update');
  return row;
}

export async function countAttendeesOf(db: DbOrTx, registrationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(attendees)
    .where(eq(attendees.registrationId, registrationId));
  return row?.count ?? 0;
}

/** Its check-in goes with it (ON DELETE CASCADE). */
export async function deleteAttendeeRow(tx: Tx, scope: EventScope, attendeeId: string): Promise<void> {
  await tx.delete(attendees).where(and(eq(attendees.id, attendeeId), eq(attendees.clubId, scope.clubId)));
}

/** Attendees, check-ins and orders go with it (ON DELETE CASCADE): only for one whose orders took no money. */
export async function deleteRegistrationRow(tx: Tx, scope: EventScope, registrationId: string): Promise<void> {
  await tx
    .delete(registrations)
    .where(and(eq(registrations.id, registrationId), eq(registrations.clubId, scope.clubId)));
}

/** A registration's attendees, their check-ins with them (ON DELETE CASCADE). */
export async function deleteAttendeesOf(tx: Tx, scope: EventScope, registrationId: string): Promise<void> {
  await tx
    .delete(attendees)
    .where(and(eq(attendees.registrationId, registrationId), eq(attendees.clubId, scope.clubId)));
}

/**
 * Cancels a registration kept for its paid order. Cancelled, it is out of every attendee read (the
 * database's triggers keep `attendees.confirmed` and `checkins.confirmed` from its status), and its
 * buyer can no longer fill it in or order on it.
 */
export async function cancelRegistrationRow(tx: Tx, scope: EventScope, registrationId: string): Promise<void> {
  await tx
    .update(registrations)
    .set({ status: 'cancelled', expiresAt: null })
    .where(and(eq(registrations.id, registrationId), eq(registrations.clubId, scope.clubId)));
}

/** Marks paid orders for refund (docs/product.md section 15's `refund_required`): the admin sees money to return. */
export async function markOrdersForRefund(tx: Tx, scope: EventScope, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orders)
    .set({ paymentStatus: 'refund_required' })
    .where(and(inArray(orders.id, orderIds), eq(orders.clubId, scope.clubId), eq(orders.paymentStatus, 'paid')));
}
