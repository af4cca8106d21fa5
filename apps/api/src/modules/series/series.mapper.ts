import type { TSeries, TSeriesDate } from '@clubtix/contract';
import type { SeriesRow } from '../../db/schema';
import type { SeriesDateRow } from './series.repo';

export function toSeriesDto(row: SeriesRow): TSeries {
  return {
    id: row.id,
    clubId: row.clubId,
    slug: row.slug,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSeriesDateDto(row: SeriesDateRow): TSeriesDate {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    timezone: row.timezone,
    available: row.available,
  };
}
