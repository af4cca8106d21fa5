import { isTimeZone } from '@clubtix/contract';
import type { FormErrors } from '@mantine/form';
import { parseTime, type CalendarDate } from './date-parsing';
import { i18n } from '../i18n/i18n';
import { fromWallClock } from './zoned-time';

/**
 * Forms type an instant as two fields, a day and a time on the event's clock. These helpers turn
 * the pair into the ISO instant a request carries and say what is missing in the fields' words.
 */

export interface MomentFields {
  dateField: string;
  timeField: string;
  date: CalendarDate | null;
  time: string;
}

// An optional moment given as a day alone: a window opens at the day's start and closes at its end.
export const START_OF_DAY = '00:00';
export const END_OF_DAY = '23:59';

/** The ISO instant, or undefined when the day, time or zone cannot be read (the form says why). */
export function momentToIso(
  date: CalendarDate | null,
  time: string,
  zone: string,
  defaultTime?: string,
): string | undefined {
  const parsed = time.trim() === '' && defaultTime ? defaultTime : parseTime(time);
  if (!date || !parsed || !isTimeZone(zone)) return undefined;
  return fromWallClock({ date, time: parsed }, zone);
}

/** Like momentToIso, with null for a moment left empty. */
export function optionalMomentToIso(
  date: CalendarDate | null,
  time: string,
  zone: string,
  defaultTime: string,
): string | null | undefined {
  if (!date && time.trim() === '') return null;
  return momentToIso(date, time, zone, defaultTime);
}

/**
 * Adds the messages of a required moment ("Start date is required") to `errors`. When only the
 * time is at fault, the date field is set to null: the schema's "must be a date and time" about
 * the request's instant would otherwise show on a date that is fine.
 */
export function checkRequiredMoment(errors: FormErrors, moment: MomentFields, label: string): void {
  let timeError: string | null = null;
  if (moment.time.trim() === '') timeError = i18n.t('common:time.required', { label });
  else if (!parseTime(moment.time)) timeError = i18n.t('common:time.invalid');
  if (timeError) errors[moment.timeField] = timeError;
  if (!moment.date) errors[moment.dateField] = i18n.t('common:date.required', { label });
  else if (timeError) errors[moment.dateField] = null;
}

/** Adds the messages of an optional moment: a time must be readable and come with a day. */
export function checkOptionalMoment(errors: FormErrors, moment: MomentFields): void {
  if (moment.time.trim() === '') return;
  if (!parseTime(moment.time)) {
    errors[moment.timeField] = i18n.t('common:time.invalid');
    if (moment.date) errors[moment.dateField] = null;
  } else if (!moment.date) {
    errors[moment.dateField] = i18n.t('common:date.forTime');
  }
}

/**
 * Two moments on the same day in the wrong order: the times are at fault, not the days, so the
 * message goes on the end's time field and the schema's one about the request's instant, which
 * would show on the end's date, is set aside (null).
 */
export function checkSameDayOrder(errors: FormErrors, start: MomentFields, end: MomentFields, message: string): void {
  const startTime = parseTime(start.time);
  const endTime = parseTime(end.time);
  if (!start.date || !end.date || !startTime || !endTime || !isSameDay(start.date, end.date)) return;
  if (endTime < startTime) {
    errors[end.timeField] = message;
    errors[end.dateField] = null;
  }
}

function isSameDay(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** '' while a number field is empty, as Mantine's number input gives it. */
export function optionalNumber(value: number | string): number | null {
  return value === '' ? null : Number(value);
}
