/**
 * The rows of a season pass bought (db/schema/seasons.ts): the purchase, a payable of the pipeline,
 * and its places, one registration with one attendee at each event of its series
 * (docs/decisions/0080-series-and-passes.md).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  attendees,
  events,
  passes,
  passPurchases,
  registrations,
  type EventRow,
  type PassPurchaseRow,
  type RegistrationRow,
} from '../../db/schema';

export async function insertPassPurchase(
  tx: Tx,
  values: Pick<
    PassPurchaseRow,
    | 'clubId'
    | 'passId'
    | 'seriesId'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'expiresAt'
    | 'amount'
    | 'currency'
    | 'language'
  >,
): Promise<PassPurchaseRow> {
  const [row] = await tx.insert(passPurchases).values(values).returning();
  return row!;
}

/**
 * The pass's place at one event: a registration (its qr_uuid the pass's QR secret), pending while the
 * purchase is and confirmed once it is, with one attendee, the holder, on the pass's ticket type
 * there, with the pass's short code. The caller has moved the counters (seats.repo.ts).
 */
export async function insertPassPlace(
  tx: Tx,
  purchase: PassPurchaseRow,
  place: { eventId: string; ticketId: string },
): Promise<void> {
  const [registration] = await tx
    .insert(registrations)
    .values({
      clubId: purchase.clubId,
      eventId: place.eventId,
      email: purchase.email,
      qrUuid: purchase.qrSecret,
      ...(purchase.status === 'confirmed'
        ? { status: 'confirmed', confirmedAt: new Date(), expiresAt: null }
        : { status: 'pending', expiresAt: purchase.expiresAt }),
      source: 'pass',
      language: purchase.language,
      passPurchaseId: purchase.id,
    })
    .returning({ id: registrations.id });
  await tx.insert(attendees).values({
    clubId: purchase.clubId,
    eventId: place.eventId,
    registrationId: registration!.id,
    ticketId: place.ticketId,
    firstName: purchase.firstName,
    lastName: purchase.lastName,
    email: purchase.email,
    position: 0,
    shortCode: purchase.shortCode,
  });
}

export async function findPassPurchase(db: DbOrTx, id: string): Promise<PassPurchaseRow | undefined> {
  const [row] = await db.select().from(passPurchases).where(eq(passPurchases.id, id));
  return row;
}

export async function findClubPassPurchase(
  db: DbOrTx,
  id: string,
  clubId: string | null,
): Promise<PassPurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(passPurchases)
    .where(and(eq(passPurchases.id, id), clubId === null ? undefined : eq(passPurchases.clubId, clubId)));
  return row;
}

export async function findPassPurchaseByIntent(
  db: DbOrTx,
  paymentIntentId: string,
): Promise<PassPurchaseRow | undefined> {
  const [row] = await db.select().from(passPurchases).where(eq(passPurchases.paymentIntentId, paymentIntentId));
  return row;
}

/** The purchase's row locked until the transaction ends: one settlement or refund of it at a time. */
export async function lockPassPurchase(tx: Tx, id: string): Promise<PassPurchaseRow | undefined> {
  const [row] = await tx.select().from(passPurchases).where(eq(passPurchases.id, id)).for('update');
  return row;
}

/**
 * The purchase's places locked until the transaction ends, after its own row: the lapse sweep skips
 * locked registrations (hold/holds.repo.ts), so a settlement never confirms a place the sweep is
 * letting go, as an order's settlement locks its registration (settlement/settlement.repo.ts).
 */
export async function lockPassRegistrations(tx: Tx, passPurchaseId: string): Promise<void> {
  await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.passPurchaseId, passPurchaseId))
    .orderBy(asc(registrations.id))
    .for('update');
}

/** Points a pending purchase to an intent; false when it was settled meanwhile. */
export async function setPassPurchaseIntent(
  db: DbOrTx,
  id: string,
  intent: { id: string; provider: string },
): Promise<boolean> {
  const rows = await db
    .update(passPurchases)
    .set({ paymentIntentId: intent.id, provider: intent.provider })
    .where(and(eq(passPurchases.id, id), eq(passPurchases.paymentStatus, 'pending')))
    .returning({ id: passPurchases.id });
  return rows.length > 0;
}

/** Marks it paid (its places confirmed) or to refund, once: only a row still pending changes. */
export async function markPassPurchasePaid(
  db: DbOrTx,
  id: string,
  status: 'paid' | 'refund_required',
): Promise<boolean> {
  const rows = await db
    .update(passPurchases)
    .set({
      paymentStatus: status,
      paidAt: new Date(),
      ...(status === 'paid' ? { status: 'confirmed', expiresAt: null } : {}),
    })
    .where(and(eq(passPurchases.id, id), eq(passPurchases.paymentStatus, 'pending')))
    .returning({ id: passPurchases.id });
  return rows.length > 0;
}

export async function addRefundToPassPurchase(tx: Tx, id: string, amount: number): Promise<PassPurchaseRow> {
  const [row] = await tx
    .update(passPurchases)
    .set({
      refundedAmount: sql`${passPurchases.refundedAmount} + ${amount}`,
      paymentStatus: sql`CASE WHEN ${passPurchases.refundedAmount} + ${amount} >= ${passPurchases.amount} THEN 'refunded' ELSE 'partially_refunded' END`,
    })
    .where(eq(passPurchases.id, id))
    .returning();
  return row!;
}

export async function setPassPurchaseStatus(db: DbOrTx, id: string, status: 'cancelled' | 'expired'): Promise<void> {
  await db.update(passPurchases).set({ status }).where(eq(passPurchases.id, id));
}

/** A pass's place at an event as a settlement, a refund or the mail reads it. */
export interface PassPlace {
  registration: Pick<RegistrationRow, 'id' | 'eventId' | 'status' | 'expiresAt'>;
  ticketId: string;
  attendeeId: string;
  checkedIn: boolean;
  event: Pick<EventRow, 'id' | 'title' | 'startDate' | 'endDate' | 'timezone' | 'venue' | 'status'>;
}

/** The purchase's places, one per event, in event id order (the order the counters are taken in). */
export async function findPassPlaces(db: DbOrTx, passPurchaseId: string): Promise<PassPlace[]> {
  const rows = await db
    .select({
      registration: {
        id: registrations.id,
        eventId: registrations.eventId,
        status: registrations.status,
        expiresAt: registrations.expiresAt,
      },
      ticketId: attendees.ticketId,
      attendeeId: attendees.id,
      checkedIn: sql<boolean>`EXISTS (SELECT 1 FROM checkins c WHERE c.attendee_id = ${attendees.id})`,
      event: {
        id: events.id,
        title: events.title,
        startDate: events.startDate,
        endDate: events.endDate,
        timezone: events.timezone,
        venue: events.venue,
        status: events.status,
      },
    })
    .from(registrations)
    .innerJoin(attendees, eq(attendees.registrationId, registrations.id))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.passPurchaseId, passPurchaseId))
    .orderBy(asc(registrations.eventId));
  return rows;
}

/** Confirms the places of a paid pass (the registrations' trigger marks their attendees). */
export async function confirmPassRegistrations(tx: Tx, registrationIds: string[], at: Date): Promise<void> {
  if (registrationIds.length === 0) return;
  await tx
    .update(registrations)
    .set({ status: 'confirmed', confirmedAt: at, expiresAt: null })
    .where(inArray(registrations.id, registrationIds));
}

export async function findPassName(db: DbOrTx, passId: string): Promise<string> {
  const [row] = await db.select({ name: passes.name }).from(passes).where(eq(passes.id, passId));
  return row?.name ?? '';
}

/**
 * What a pass's refund mail names (mail/refund-mail.ts): the pass, from the first to the last event
 * it admits to; undefined when it holds no place (nothing to say when).
 */
export async function findPassRefundSubject(
  db: DbOrTx,
  passPurchaseId: string,
): Promise<Pick<EventRow, 'title' | 'startDate' | 'endDate' | 'timezone' | 'status'> | undefined> {
  const purchase = await findPassPurchase(db, passPurchaseId);
  const places = await findPassPlaces(db, passPurchaseId);
  if (!purchase || places.length === 0) return undefined;
  const byStart = [...places].sort((a, b) => a.event.startDate.getTime() - b.event.startDate.getTime());
  const first = byStart[0]!.event;
  const last = byStart.at(-1)!.event;
  return {
    title: await findPassName(db, purchase.passId),
    startDate: first.startDate,
    endDate: last.endDate,
    timezone: first.timezone,
    status: 'published',
  };
}

/**
 * The purchases of a series' passes that hold places now (confirmed, or pending and not lapsed) and
 * have none at `eventId` yet, in id order.
 */
export async function findPassPurchasesToPlace(tx: Tx, seriesId: string, eventId: string): Promise<PassPurchaseRow[]> {
  return tx
    .select()
    .from(passPurchases)
    .where(
      and(
        eq(passPurchases.seriesId, seriesId),
        sql`(${passPurchases.status} = 'confirmed' OR (${passPurchases.status} = 'pending' AND ${passPurchases.expiresAt} > now()))`,
        sql`NOT EXISTS (SELECT 1 FROM ${registrations} r WHERE r.pass_purchase_id = ${passPurchases.id} AND r.event_id = ${eventId})`,
      ),
    )
    .orderBy(asc(passPurchases.id));
}
