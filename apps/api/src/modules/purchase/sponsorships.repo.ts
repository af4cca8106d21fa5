import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  registrations,
  sponsorshipPackages,
  sponsorships,
  type SponsorshipPackageRow,
  type SponsorshipRow,
} from '../../db/schema';
import { holdsStock } from '../extras/extras-stock.repo';

export interface SponsorshipView extends SponsorshipRow {
  packageName: string | null;
}

const inClub = (clubId: string | null): SQL | undefined =>
  clubId === null ? undefined : eq(sponsorships.clubId, clubId);

function select(db: DbOrTx) {
  return db
    .select({ sponsorship: sponsorships, packageName: sponsorshipPackages.name })
    .from(sponsorships)
    .leftJoin(sponsorshipPackages, eq(sponsorshipPackages.id, sponsorships.packageId));
}

const flatten = (rows: { sponsorship: SponsorshipRow; packageName: string | null }[]): SponsorshipView[] =>
  rows.map((row) => ({ ...row.sponsorship, packageName: row.packageName }));

export async function insertSponsorship(
  db: DbOrTx,
  values: Omit<
    SponsorshipRow,
    | 'id'
    | 'createdAt'
    | 'paymentStatus'
    | 'provider'
    | 'paymentIntentId'
    | 'paidAt'
    | 'refundedAmount'
    | 'logoUrl'
    | 'showPublicly'
  > &
    Partial<Pick<SponsorshipRow, 'logoUrl' | 'showPublicly'>>,
): Promise<SponsorshipRow> {
  const [row] = await db.insert(sponsorships).values(values).returning();
  return row!;
}

export async function findSponsorshipView(
  db: DbOrTx,
  id: string,
  clubId: string | null,
): Promise<SponsorshipView | undefined> {
  return flatten(await select(db).where(and(eq(sponsorships.id, id), inClub(clubId))))[0];
}

/** "Paid" lists those refunded in part too, as the totals count them (docs/decisions/0027). */
const ofStatus = (status: string) =>
  status === 'paid'
    ? inArray(sponsorships.paymentStatus, ['paid', 'partially_refunded'])
    : eq(sponsorships.paymentStatus, status);

/** Newest first, `limit` of them from `offset`. */
export async function findSponsorshipsBy(
  db: DbOrTx,
  where: { eventId?: string; registrationId?: string; paymentStatus?: string | undefined },
  window: { limit: number; offset: number },
) {
  return flatten(
    await select(db)
      .where(
        and(
          where.eventId ? eq(sponsorships.eventId, where.eventId) : undefined,
          where.registrationId ? eq(sponsorships.registrationId, where.registrationId) : undefined,
          where.paymentStatus ? ofStatus(where.paymentStatus) : undefined,
        ),
      )
      .orderBy(desc(sponsorships.createdAt), desc(sponsorships.id))
      .limit(window.limit)
      .offset(window.offset),
  );
}

/** Paid, refunded in part included; the totals count what was kept (amount less refunded). */
const paid = sql`${sponsorships.paymentStatus} in ('paid', 'partially_refunded')`;
const kept = sql`${sponsorships.amount} - ${sponsorships.refundedAmount}`;
const donation = sql`${sponsorships.packageId} IS NULL`;
/** A count or a sum of minor units as a JavaScript number (a bigint sum stays exact below 2^53). */
const bigNumber = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);

/** An event's donations and sponsorships counted, and the paid ones summed, per currency. */
export async function sumSponsorshipsOfEvent(db: DbOrTx, event: { id: string; clubId: string }) {
  return db
    .select({
      currency: sponsorships.currency,
      count: bigNumber(sql`count(*)`),
      paidCount: bigNumber(sql`count(*) FILTER (WHERE ${paid})`),
      donationCount: bigNumber(sql`count(*) FILTER (WHERE ${paid} AND ${donation})`),
      total: bigNumber(sql`coalesce(sum(${kept}) FILTER (WHERE ${paid}), 0)`),
      donations: bigNumber(sql`coalesce(sum(${kept}) FILTER (WHERE ${paid} AND ${donation}), 0)`),
    })
    .from(sponsorships)
    .where(and(eq(sponsorships.eventId, event.id), eq(sponsorships.clubId, event.clubId)))
    .groupBy(sponsorships.currency)
    .orderBy(sponsorships.currency);
}

export async function findSponsorshipByIntent(
  db: DbOrTx,
  paymentIntentId: string,
): Promise<SponsorshipRow | undefined> {
  const [row] = await db.select().from(sponsorships).where(eq(sponsorships.paymentIntentId, paymentIntentId));
  return row;
}

export async function updateSponsorship(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<SponsorshipRow, 'paymentStatus' | 'provider' | 'paymentIntentId' | 'paidAt'>>,
): Promise<void> {
  await db.update(sponsorships).set(values).where(eq(sponsorships.id, id));
}

/**
 * Marks it paid once (or, paid after its hold lapsed with its package taken meanwhile, to refund):
 * only a row still pending changes.
 */
export async function markSponsorshipPaid(
  db: DbOrTx,
  id: string,
  status: 'paid' | 'refund_required' = 'paid',
): Promise<boolean> {
  const rows = await db
    .update(sponsorships)
    .set({ paymentStatus: status, paidAt: new Date() })
    .where(and(eq(sponsorships.id, id), eq(sponsorships.paymentStatus, 'pending')))
    .returning({ id: sponsorships.id });
  return rows.length > 0;
}

/**
 * The registration a sponsorship is given with, by its buyer's secret and within its event; held
 * (FOR KEY SHARE) until the transaction ends, so it cannot be deleted before the sponsorship names it.
 */
export async function findRegistrationForGift(
  tx: Tx,
  claim: { registrationId: string; qrUuid: string; eventId: string },
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.id, claim.registrationId),
        eq(registrations.qrUuid, claim.qrUuid),
        eq(registrations.eventId, claim.eventId),
      ),
    )
    .for('key share');
  return row;
}

/** A package with a quantity, locked until the transaction ends; undefined when it has none (or is gone). */
export async function lockLimitedPackage(tx: Tx, id: string): Promise<SponsorshipPackageRow | undefined> {
  const [row] = await tx
    .select()
    .from(sponsorshipPackages)
    .where(and(eq(sponsorshipPackages.id, id), isNotNull(sponsorshipPackages.quantity)))
    .for('update');
  return row;
}

/** How many sponsorships hold a package: paid, or pending within RESERVATION_MINUTES (each takes one). */
export async function countPackageTaken(
  tx: DbOrTx,
  pkg: { id: string; eventId: string },
  reservationMinutes: number,
  excludeSponsorshipId?: string,
): Promise<number> {
  const [row] = await tx
    .select({ taken: sql<number>`count(*)::int` })
    .from(sponsorships)
    .where(
      and(
        eq(sponsorships.eventId, pkg.eventId),
        eq(sponsorships.packageId, pkg.id),
        holdsStock(sponsorships, reservationMinutes),
        excludeSponsorshipId ? ne(sponsorships.id, excludeSponsorshipId) : undefined,
      ),
    );
  return row?.taken ?? 0;
}

/**
 * The paid sponsors of an event's packages who chose to be shown (docs/product.md section 21), first
 * paid first, at most `perPackage` of each package: name and logo only, nothing else leaves here.
 */
export async function findPublicSponsors(db: DbOrTx, eventId: string, packageIds: string[], perPackage: number) {
  if (packageIds.length === 0) return [];
  const ranked = db
    .select({
      packageId: sponsorships.packageId,
      name: sponsorships.name,
      logoUrl: sponsorships.logoUrl,
      paidAt: sponsorships.paidAt,
      rank: sql<number>`row_number() over (partition by ${sponsorships.packageId} order by ${sponsorships.paidAt}, ${sponsorships.id})`.as(
        'rank',
      ),
    })
    .from(sponsorships)
    .where(
      and(
        eq(sponsorships.eventId, eventId),
        inArray(sponsorships.packageId, packageIds),
        eq(sponsorships.showPublicly, true),
        inArray(sponsorships.paymentStatus, ['paid', 'partially_refunded']),
      ),
    )
    .as('ranked');
  return db
    .select({ packageId: ranked.packageId, name: ranked.name, logoUrl: ranked.logoUrl })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perPackage}`)
    .orderBy(asc(ranked.paidAt), asc(ranked.rank));
}

/** Points a pending sponsorship to an intent; false when it was settled meanwhile. */
export async function attachSponsorshipIntent(
  db: DbOrTx,
  id: string,
  intent: { id: string; provider: string },
): Promise<boolean> {
  const rows = await db
    .update(sponsorships)
    .set({ paymentIntentId: intent.id, provider: intent.provider })
    .where(and(eq(sponsorships.id, id), eq(sponsorships.paymentStatus, 'pending')))
    .returning({ id: sponsorships.id });
  return rows.length > 0;
}

/** A sponsorship locked until the transaction ends: two refunds of it, or a refund and a webhook, queue here. */
export async function lockSponsorshipForRefund(tx: Tx, id: string): Promise<SponsorshipRow | undefined> {
  const [row] = await tx.select().from(sponsorships).where(eq(sponsorships.id, id)).for('update');
  return row;
}

/** Counts a refund: partially_refunded, or refunded once nothing is left (a refunded one holds no package place). */
export async function addRefundToSponsorship(tx: Tx, id: string, amount: number): Promise<SponsorshipRow> {
  const [row] = await tx
    .update(sponsorships)
    .set({
      refundedAmount: sql`${sponsorships.refundedAmount} + ${amount}`,
      paymentStatus: sql`case when ${sponsorships.refundedAmount} + ${amount} >= ${sponsorships.amount} then 'refunded' else 'partially_refunded' end`,
    })
    .where(eq(sponsorships.id, id))
    .returning();
  return row!;
}
