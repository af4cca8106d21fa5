import type { TAnswers, TFormQuestion } from '@clubtix/contract';
import { localDateTime } from '../../core/local-time';

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
  /**
   * How the registration's paid order was paid: its provider (a box-office method such as `cash`, or
   * an online provider), '' for a paid order with none (a free booking), null when no order was paid.
   */
  paidWith: string | null;
  checkinTime: Date | null;
}

export interface ReportEvent {
  timezone: string;
  currency: string;
}

/**
 * The number format "Text" (built-in 49). Every text column of the report has it: a cell of someone's
 * text that starts with = + - @ stays text in Excel and LibreOffice, also when edited, and shows
 * exactly as typed (`+49 1234`, not `'+49 1234`). exceljs 4.4 writes no quotePrefix attribute;
 * the Text format is its equivalent (docs/decisions/0021-slugs-export-and-answers.md).
 */
export const TEXT_FORMAT = '@';

/** A box-office sale says its method, as the orders list does (docs/decisions/0038-vouchers-at-the-door.md). */
const DOOR_METHODS: Record<string, string> = {
  cash: 'Box office · cash',
  card_terminal: 'Box office · card terminal',
  complimentary: 'Box office · complimentary',
};

/** The "Payment method" cell: empty for an attendee whose registration has no paid order (imported, say). */
export function paymentMethodText(paidWith: string | null): string {
  if (paidWith === null) return '';
  if (paidWith === '') return 'Free';
  return Object.hasOwn(DOOR_METHODS, paidWith) ? (DOOR_METHODS[paidWith] ?? '') : 'Online';
}

function answerText(answer: TAnswers[string] | undefined): string {
  if (answer === undefined) return '';
  return Array.isArray(answer) ? answer.join(', ') : answer;
}

/** The paid amount is the one number column; its index in a row of `questionCount` questions. */
export const amountColumn = (questionCount: number) => 6 + questionCount;

export function reportHeader(event: ReportEvent, questions: TFormQuestion[]): string[] {
  return [
    'Registration ID',
    'Ticket',
    'First name',
    'Last name',
    'E-mail',
    'Buyer e-mail',
    ...questions.map((question) => question.label),
    `Paid amount (${event.currency.toUpperCase()})`,
    'Payment method',
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
    attendee.ticketName,
    attendee.firstName ?? '',
    attendee.lastName ?? '',
    attendee.email ?? '',
    attendee.buyerEmail,
    ...questions.map((question) =>
      answerText(question.perAttendee ? attendee.answers[question.id] : attendee.registrationAnswers[question.id]),
    ),
    (attendee.paidPrice ?? 0) / 100,
    paymentMethodText(attendee.paidWith),
    attendee.checkinTime ? localDateTime(attendee.checkinTime, event.timezone) : '',
  ];
}
