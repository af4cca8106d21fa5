import { checkAnswers, trimAnswers, type TAnswers, type TFormQuestion } from '@clubtix/contract';
import type { RegistrationRow } from '../../../db/schema';
import { AppError, type FieldSaid } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { findQuestionsByEvent } from '../../forms/forms.repo';
import { toQuestionDto } from '../../forms/forms.service';
import { findAttendeesOf } from '../registrations.repo';

/** Answers checked against questions, each problem at its field's path (`answers.<questionId>`, …). */
export function answerErrors(
  questions: TFormQuestion[],
  answers: Record<string, string | string[]>,
  path: string,
): FieldSaid[] {
  // Each problem said again in the request's language: the check is the contract's, and cheap.
  return checkAnswers(questions, answers).map((problem, index) => ({
    path: `${path}.${problem.questionId}`,
    message: (language) => checkAnswers(questions, answers, language)[index]?.message ?? problem.message,
  }));
}

/**
 * The answers to these questions only: keys a body makes up are not stored, so what the lists of
 * attendees answer is bounded by the form (docs/decisions/0020).
 */
export function answersTo(questions: TFormQuestion[], answers: TAnswers): TAnswers {
  return Object.fromEntries(questions.flatMap((q) => (q.id in answers ? [[q.id, answers[q.id]!]] : [])));
}

/**
 * A save's answers as they are kept: trimmed, blank ones left out, as the form sends them. Done here
 * too, before the check and the write, so that the list, the export and the door show one value
 * whoever calls (docs/decisions/0021-slugs-export-and-answers.md).
 */
export function withTrimmedAnswers<T extends { answers: TAnswers; attendees: { answers: TAnswers }[] }>(body: T): T {
  return {
    ...body,
    answers: trimAnswers(body.answers),
    attendees: body.attendees.map((attendee) => ({ ...attendee, answers: trimAnswers(attendee.answers) })),
  };
}

/** The 400 of a form not satisfied: the first problem as the message, all of them as errors. */
export const formProblem = (errors: FieldSaid[]) => new AppError('BAD_INPUT', errors[0]!.message, errors);

/**
 * The saved details checked against the event's form, as /registration/save checks them (same
 * paths and messages): for a buyer who goes to the order or the payment without saving.
 */
export async function assertFormAnswered(deps: Deps, registration: RegistrationRow): Promise<void> {
  const [rows, party] = await Promise.all([
    findQuestionsByEvent(deps.db, { clubId: registration.clubId, eventId: registration.eventId }),
    findAttendeesOf(deps.db, [registration.id]),
  ]);
  const questions = rows.map(toQuestionDto);
  const perAttendee = questions.filter((q) => q.perAttendee);
  const errors = [
    ...answerErrors(
      questions.filter((q) => !q.perAttendee),
      registration.answers,
      'answers',
    ),
    ...party.flatMap((slot, index) => answerErrors(perAttendee, slot.answers, `attendees.${index}.answers`)),
  ];
  if (errors.length > 0) throw formProblem(errors);
}
