import { and, eq, sql } from 'drizzle-orm';
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
 * takes them (payments.service.ts), so a deletion and a payment of the same registration queue
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

/** Attendees, check-ins and unpaid orders go with it (ON DELETE CASCADE). */
export async function deleteRegistrationRow(tx: Tx, scope: EventScope, registrationId: string): Promise<void> {
  await tx
    .delete(registrations)
    .where(and(eq(registrations.id, registrationId), eq(registrations.clubId, scope.clubId)));
}
