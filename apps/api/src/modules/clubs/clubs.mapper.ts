import type { TClub, TClubSettings, TClubWithAdmins } from '@clubtix/contract';
import type { ClubRow, UserRow } from '../../db/schema';

export function toClubDto(row: ClubRow): TClub {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    website: row.website,
    logoUrl: row.logoUrl,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admins' read: the public fields and the club's contact address. */
export function toClubSettingsDto(row: ClubRow): TClubSettings {
  return { ...toClubDto(row), contactEmail: row.contactEmail };
}

export function toClubWithAdminsDto(row: ClubRow, admins: UserRow[]): TClubWithAdmins {
  return {
    ...toClubSettingsDto(row),
    admins: admins.map((admin) => ({ id: admin.id, name: admin.name, email: admin.email })),
  };
}
