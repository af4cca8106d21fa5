import {
  checkAnswers,
  trimAnswers,
  type TAnswers,
  type TFormQuestion,
  type TRegistration,
  type TSaveRegistrationRequest,
} from '@clubtix/contract';
import { currentLanguage } from '../../i18n/i18n';

export type Answer = string | string[];

export interface AttendeeValues {
  attendeeId: string;
  /** Shown as the section's heading; not sent. */
  ticketName: string;
  firstName: string;
  lastName: string;
  email: string;
  answers: Record<string, Answer>;
}

export interface AttendeeFormValues extends Record<string, unknown> {
  attendees: AttendeeValues[];
  answers: Record<string, Answer>;
}

/**
 * The form as the registration stands: empty slots for a fresh hold, the saved details when the
 * buyer comes back from checkout. The buyer's e-mail fills the first attendee's, as the buyer is
 * most often one of the party; they can change it.
 */
export function initialAttendeeValues(registration: TRegistration): AttendeeFormValues {
  return {
    attendees: registration.attendees.map((attendee, index) => ({
      attendeeId: attendee.attendeeId,
      ticketName: attendee.ticketName,
      firstName: attendee.firstName ?? '',
      lastName: attendee.lastName ?? '',
      email: attendee.email ?? (index === 0 ? registration.email : ''),
      answers: { ...attendee.answers },
    })),
    answers: { ...registration.answers },
  };
}

/** Answers worth sending, as the server keeps them: trimmed, blank ones and empty choices left out. */
export function cleanAnswers(answers: Record<string, Answer>): TAnswers {
  return trimAnswers(answers);
}

export function toSaveRequest(
  values: AttendeeFormValues,
  secret: { registrationId: string; qrUuid: string },
): TSaveRegistrationRequest {
  return {
    registrationId: secret.registrationId,
    qrUuid: secret.qrUuid,
    attendees: values.attendees.map((attendee) => ({
      attendeeId: attendee.attendeeId,
      firstName: attendee.firstName,
      lastName: attendee.lastName,
      email: attendee.email,
      answers: cleanAnswers(attendee.answers),
    })),
    answers: cleanAnswers(values.answers),
  };
}

/**
 * The contract's answer rules (the very ones the server runs) as form errors, at the paths the
 * server reports them: `attendees.<i>.answers.<questionId>` and `answers.<questionId>`.
 */
export function answerErrors(values: AttendeeFormValues, questions: TFormQuestion[]): Record<string, string> {
  const perAttendee = questions.filter((question) => question.perAttendee);
  const once = questions.filter((question) => !question.perAttendee);
  const errors: Record<string, string> = {};
  values.attendees.forEach((attendee, index) => {
    for (const problem of checkAnswers(perAttendee, cleanAnswers(attendee.answers), currentLanguage())) {
      errors[`attendees.${index}.answers.${problem.questionId}`] = problem.message;
    }
  });
  for (const problem of checkAnswers(once, cleanAnswers(values.answers), currentLanguage())) {
    errors[`answers.${problem.questionId}`] = problem.message;
  }
  return errors;
}
