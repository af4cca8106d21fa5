import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sponsorshipPackages, sponsorships, type SponsorshipRow } from '../../db/schema';

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
    'id' | 'createdAt' | 'paymentStatus' | 'provider' | 'paymentIntentId' | 'paidAt' | 'registrationId'
  >,
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

export async function findSponsorshipsBy(db: DbOrTx, where: { eventId?: string; registrationId?: string }) {
  return flatten(
    await select(db)
      .where(
        and(
          where.eventId ? eq(sponsorships.eventId, where.eventId) : undefined,
          where.registrationId ? eq(sponsorships.registrationId, where.registrationId) : undefined,
        ),
      )
      .orderBy(desc(sponsorships.createdAt)),
  );
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

/** Marks it paid once: only a row still pending changes. */
export async function markSponsorshipPaid(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(sponsorships)
    .set({ paymentStatus: 'paid', paidAt: new Date() })
    .where(and(eq(sponsorships.id, id), eq(sponsorships.paymentStatus, 'pending')))
    .returning({ id: sponsorships.id });
  return rows.length > 0;
}
