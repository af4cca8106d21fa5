import { momentToIso } from '../../lib/moment-fields';
import type { EventFormValues } from './event-form-values';

/** The notes' keys; the form reads them from the `events` catalogue, scheduleNotes.<key>. */
export const SCHEDULE_NOTES = {
  startsInPast: 'startsInPast',
  endsBeforeStart: 'endsBeforeStart',
} as const;

/**
 * What the event form says about its schedule while it is typed (docs/decisions/0024):
 * a start in the past is a warning (it may be meant: an event recorded afterwards), an end before
 * the start is the server's refusal said before saving. Moments not yet readable say nothing.
 */
export function scheduleNotes(
  values: Pick<EventFormValues, 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'timezone'>,
  now: Date = new Date(),
): Array<(typeof SCHEDULE_NOTES)[keyof typeof SCHEDULE_NOTES]> {
  const start = momentToIso(values.startDate, values.startTime, values.timezone);
  const end = momentToIso(values.endDate, values.endTime, values.timezone);
  const notes: Array<(typeof SCHEDULE_NOTES)[keyof typeof SCHEDULE_NOTES]> = [];
  if (start && Date.parse(start) < now.getTime()) notes.push(SCHEDULE_NOTES.startsInPast);
  if (start && end && Date.parse(end) < Date.parse(start)) notes.push(SCHEDULE_NOTES.endsBeforeStart);
  return notes;
}
