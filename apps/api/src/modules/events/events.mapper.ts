import type { TCurrency, TEvent, TEventStatus } from '@clubtix/contract';
import type { EventRow } from '../../db/schema';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toEventDto(row: EventRow): TEvent {
  return {
    id: row.id,
    clubId: row.clubId,
    slug: row.slug,
    title: row.title,
    description: row.description,
    bannerUrl: row.bannerUrl,
    venue: row.venue,
    address: row.address,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    timezone: row.timezone,
    currency: row.currency as TCurrency,
    status: row.status as TEventStatus,
    capacity: row.capacity,
    registrationOpensAt: iso(row.registrationOpensAt),
    registrationClosesAt: iso(row.registrationClosesAt),
    donationsEnabled: row.donationsEnabled,
    sponsorshipsEnabled: row.sponsorshipsEnabled,
    maxTicketsPerOrder: row.maxTicketsPerOrder,
    confirmFreeByEmail: row.confirmFreeByEmail,
    reminderHoursBefore: row.reminderHoursBefore,
    seriesId: row.seriesId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
