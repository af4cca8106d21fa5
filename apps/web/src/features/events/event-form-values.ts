import type { TCurrency, TEvent, TEventStatus, TSaveEventRequest } from '@clubtix/contract';
import type { FormErrors } from '@mantine/form';
import type { CalendarDate } from '../../lib/date-parsing';
import {
  checkOptionalMoment,
  checkRequiredMoment,
  checkSameDayOrder,
  END_OF_DAY,
  momentToIso,
  optionalMomentToIso,
  optionalNumber,
  START_OF_DAY,
} from '../../lib/moment-fields';
import { toWallClock } from '../../lib/zoned-time';
import { i18n } from '../../i18n/i18n';

/**
 * The event form's fields and their conversion to the save request. An instant is typed as a day
 * and a time in the event's own zone, so one request field is two form fields.
 */
export type EventFormValues = {
  title: string;
  slug: string;
  description: string;
  bannerUrl: string | null;
  venue: string;
  address: string;
  startDate: CalendarDate | null;
  startTime: string;
  endDate: CalendarDate | null;
  endTime: string;
  timezone: string;
  currency: TCurrency;
  status: TEventStatus;
  /** '' while empty, as Mantine's number input gives it. */
  capacity: number | string;
  registrationOpensDate: CalendarDate | null;
  registrationOpensTime: string;
  registrationClosesDate: CalendarDate | null;
  registrationClosesTime: string;
  donationsEnabled: boolean;
  sponsorshipsEnabled: boolean;
  maxTicketsPerOrder: number | string;
  confirmFreeByEmail: boolean;
  /** '' while empty: no reminder. */
  reminderHoursBefore: number | string;
  /** The series the event belongs to; '' for none (a select's empty choice). */
  seriesId: string;
};

/** Request paths whose errors show on another form field. */
export const EVENT_FIELD_OF: Record<string, string> = {
  registrationOpensAt: 'registrationOpensDate',
  registrationClosesAt: 'registrationClosesDate',
};

export function eventToFormValues(event: TEvent | undefined, defaults: { timezone: string }): EventFormValues {
  const timezone = event?.timezone ?? defaults.timezone;
  const wall = (iso: string | null | undefined) => (iso ? toWallClock(iso, timezone) : null);
  const start = wall(event?.startDate);
  const end = wall(event?.endDate);
  const opens = wall(event?.registrationOpensAt);
  const closes = wall(event?.registrationClosesAt);
  return {
    title: event?.title ?? '',
    slug: event?.slug ?? '',
    description: event?.description ?? '',
    bannerUrl: event?.bannerUrl ?? null,
    venue: event?.venue ?? '',
    address: event?.address ?? '',
    startDate: start?.date ?? null,
    startTime: start?.time ?? '',
    endDate: end?.date ?? null,
    endTime: end?.time ?? '',
    timezone,
    currency: event?.currency ?? 'gbp',
    status: event?.status ?? 'draft',
    capacity: event?.capacity ?? '',
    registrationOpensDate: opens?.date ?? null,
    registrationOpensTime: opens?.time ?? '',
    registrationClosesDate: closes?.date ?? null,
    registrationClosesTime: closes?.time ?? '',
    donationsEnabled: event?.donationsEnabled ?? false,
    sponsorshipsEnabled: event?.sponsorshipsEnabled ?? false,
    maxTicketsPerOrder: event?.maxTicketsPerOrder ?? 10,
    confirmFreeByEmail: event?.confirmFreeByEmail ?? false,
    reminderHoursBefore: event?.reminderHoursBefore ?? '',
    seriesId: event?.seriesId ?? '',
  };
}

/** The save request for the typed values; `id` updates that event. */
export function formValuesToRequest(values: EventFormValues, id?: string): TSaveEventRequest {
  const zone = values.timezone;
  return {
    ...(id ? { id } : {}),
    title: values.title,
    slug: values.slug.trim() === '' ? null : values.slug,
    description: values.description,
    bannerUrl: values.bannerUrl,
    venue: values.venue,
    address: values.address,
    // Undefined fails the schema, and check() below gives the message the admin reads.
    startDate: momentToIso(values.startDate, values.startTime, zone),
    endDate: momentToIso(values.endDate, values.endTime, zone),
    timezone: zone,
    currency: values.currency,
    status: values.status,
    capacity: optionalNumber(values.capacity),
    registrationOpensAt: optionalMomentToIso(
      values.registrationOpensDate,
      values.registrationOpensTime,
      zone,
      START_OF_DAY,
    ),
    registrationClosesAt: optionalMomentToIso(
      values.registrationClosesDate,
      values.registrationClosesTime,
      zone,
      END_OF_DAY,
    ),
    donationsEnabled: values.donationsEnabled,
    sponsorshipsEnabled: values.sponsorshipsEnabled,
    maxTicketsPerOrder: values.maxTicketsPerOrder === '' ? Number.NaN : Number(values.maxTicketsPerOrder),
    confirmFreeByEmail: values.confirmFreeByEmail,
    reminderHoursBefore: optionalNumber(values.reminderHoursBefore),
    seriesId: values.seriesId === '' ? null : values.seriesId,
  };
}

/** Checks of the typed day and time fields, in the words of those fields. */
export function checkEventForm(values: EventFormValues): FormErrors {
  const errors: FormErrors = {};
  const start = { dateField: 'startDate', timeField: 'startTime', date: values.startDate, time: values.startTime };
  const end = { dateField: 'endDate', timeField: 'endTime', date: values.endDate, time: values.endTime };
  const opens = {
    dateField: 'registrationOpensDate',
    timeField: 'registrationOpensTime',
    date: values.registrationOpensDate,
    time: values.registrationOpensTime,
  };
  const closes = {
    dateField: 'registrationClosesDate',
    timeField: 'registrationClosesTime',
    date: values.registrationClosesDate,
    time: values.registrationClosesTime,
  };
  // The form loads the `events` catalogue before it validates.
  checkSameDayOrder(errors, start, end, i18n.t('events:form.endBeforeStart'));
  checkSameDayOrder(errors, opens, closes, i18n.t('events:form.closesBeforeOpens'));
  checkRequiredMoment(errors, start, i18n.t('events:form.start'));
  checkRequiredMoment(errors, end, i18n.t('events:form.end'));
  checkOptionalMoment(errors, opens);
  checkOptionalMoment(errors, closes);
  if (values.maxTicketsPerOrder === '') errors.maxTicketsPerOrder = i18n.t('events:form.maxPerOrderRequired');
  return errors;
}
