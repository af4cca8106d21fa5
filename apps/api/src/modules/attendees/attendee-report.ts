import type { TAnswers, TFormQuestion } from '@clubtix/contract';
import { localDateTime } from '../checkin/local-time';

/** What one row of the report is made of (attendee-export.repo.ts reads it). */
export interface ReportAttendee {
  registrationId: string;
  ticketName: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  buyerEmail: string;
  answers: TAnswers;
  registrationAnswers: TAnswers;
  /** Unit price of the attendee's ticket on the registration's paid order, minor units; null: none paid. */
  paidPrice: number | null;
  checkinTime: Date | null;
}

export interface ReportEvent {
  timezone: string;
  currency: string;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * programs skip first) as a formula once it is edited or saved as CSV. Such text is written with a
 * leading apostrophe (OWASP's advice for CSV injection), so it stays text everywhere.
 */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function answerText(answer: TAnswers[string] | undefined): string {
  if (answer === undefined) return '';
  return inertText(Array.isArray(answer) ? answer.join(', ') : answer);
}

export function reportHeader(event: ReportEvent, questions: TFormQuestion[]): string[] {
  return [
    'Registration ID',
    'Ticket',
    'First name',
    'Last name',
    'E-mail',
    'Buyer e-mail',
    ...questions.map((question) => inertText(question.label)),
    `Paid amount (${event.currency.toUpperCase()})`,
    'Checked in at',
  ];
}

/**
 * One attendee as a row of cells. The paid amount is a number in major units (12.5 for 1250), so
 * that the column adds up; the currency is in its header. It is what this attendee's ticket cost on
 * the paid order: extras belong to the order, not to an attendee, and are left out; an imported or
 * hand-confirmed attendee paid 0. Check-in time is on the event's clock, dd/mm/yyyy hh:mm.
 */
export function reportRow(
  event: ReportEvent,
  questions: TFormQuestion[],
  attendee: ReportAttendee,
): (string | number)[] {
  return [
    attendee.registrationId,
    inertText(attendee.ticketName),
    inertText(attendee.firstName ?? ''),
    inertText(attendee.lastName ?? ''),
    inertText(attendee.email ?? ''),
    inertText(attendee.buyerEmail),
    ...questions.map((question) =>
      answerText(question.perAttendee ? attendee.answers[question.id] : attendee.registrationAnswers[question.id]),
    ),
    (attendee.paidPrice ?? 0) / 100,
    attendee.checkinTime ? localDateTime(attendee.checkinTime, event.timezone) : '',
  ];
}
