import { and, asc, eq, type SQL } from 'drizzle-orm';
import { LIST_CAPS } from '@clubtix/contract';
import type { DbOrTx } from '../../db/client';
import { sponsorshipPackages as packages, type SponsorshipPackageRow } from '../../db/schema';

export type PackageValues = Omit<SponsorshipPackageRow, 'id' | 'createdAt' | 'updatedAt'>;

const inClub = (clubId: string | null): SQL | undefined => (clubId === null ? undefined : eq(packages.clubId, clubId));

export async function findPackageById(
  db: DbOrTx,
  id: string,
  clubId: string | null,
): Promise<SponsorshipPackageRow | undefined> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), inClub(clubId)));
  return row;
}

export async function findPackagesByEvent(
  db: DbOrTx,
  scope: { clubId: string; eventId: string },
  activeOnly: boolean,
): Promise<SponsorshipPackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.clubId, scope.clubId),
        eq(packages.eventId, scope.eventId),
        activeOnly ? eq(packages.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(packages.amount), asc(packages.createdAt))
    .limit(LIST_CAPS.packages);
}

export async function insertPackage(db: DbOrTx, values: PackageValues): Promise<SponsorshipPackageRow> {
  const [row] = await db.insert(packages).values(values).returning();
  return row!;
}

export async function updatePackage(
  db: DbOrTx,
  id: string,
  clubId: string,
  values: Partial<PackageValues>,
): Promise<SponsorshipPackageRow | undefined> {
  const [row] = await db
    .update(packages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(packages.id, id), eq(packages.clubId, clubId)))
    .returning();
  return row;
}

export async function deletePackage(db: DbOrTx, id: string, clubId: string): Promise<void> {
  await db.delete(packages).where(and(eq(packages.id, id), eq(packages.clubId, clubId)));
}
