import {
  checkAnswers,
  trimAnswers,
  type TAttendeeListItem,
  type TFormQuestion,
  type TUpdateAttendeeRequest,
} from '@clubtix/contract';
import { currentLanguage } from '../../i18n/i18n';

export type Answer = string | string[];

export interface AttendeeEditValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  email: string;
  answers: Record<string, Answer>;
}

/** The dialog as the attendee stands: empty texts where nothing was given yet (a hand-added ticket). */
export function initialEditValues(attendee: TAttendeeListItem): AttendeeEditValues {
  return {
    firstName: attendee.firstName ?? '',
    lastName: attendee.lastName ?? '',
    email: attendee.email ?? '',
    answers: { ...attendee.answers },
  };
}

export function toUpdateRequest(
  values: AttendeeEditValues,
  ids: { eventId: string; attendeeId: string },
): TUpdateAttendeeRequest {
  return {
    ...ids,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    answers: trimAnswers(values.answers),
  };
}

/**
 * Whether saving hands the ticket to another address, as the server decides it (case and spaces
 * are the same person): the dialog says the ticket will be mailed there.
 */
export function isTransfer(before: string | null, typed: string): boolean {
  const after = typed.trim().toLowerCase();
  return after !== '' && (before ?? '').trim().toLowerCase() !== after;
}

/** The contract's answer rules for the per-attendee questions, at the server's paths (`answers.<id>`). */
export function editAnswerErrors(values: AttendeeEditValues, questions: TFormQuestion[]): Record<string, string> {
  const perAttendee = questions.filter((question) => question.perAttendee);
  return Object.fromEntries(
    checkAnswers(perAttendee, trimAnswers(values.answers), currentLanguage()).map((p) => [
      `answers.${p.questionId}`,
      p.message,
    ]),
  );
}
