import type { TFormQuestion, TQuestionType, ZSaveFormRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { FormQuestionRow } from '../../db/schema';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { loadManagedEvent, loadVisibleEvent } from '../events/events.service';
import { deleteQuestionsExcept, findQuestionsByEvent, lockForm, upsertQuestion } from './forms.repo';

export function toQuestionDto(row: FormQuestionRow): TFormQuestion {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type as TQuestionType,
    label: row.label,
    required: row.required,
    options: row.options,
    position: row.position,
    perAttendee: row.perAttendee,
    showAtCheckin: row.showAtCheckin,
  };
}

export async function findFormQuestions(deps: Deps, actor: Actor | null, eventId: string): Promise<TFormQuestion[]> {
  const event = await loadVisibleEvent(deps, actor, eventId);
  return (await findQuestionsByEvent(deps.db, { clubId: event.clubId, eventId: event.id })).map(toQuestionDto);
}

/**
 * Replaces the whole form in one transaction: kept questions keep their ids (and so their answers).
 * An id of another event's question is not this form's, so it comes in as a new question.
 */
export async function saveForm(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ZSaveFormRequest>,
): Promise<TFormQuestion[]> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  return deps.db.transaction(async (tx) => {
    await lockForm(tx, event.id);
    await deleteQuestionsExcept(
      tx,
      scope,
      input.questions.flatMap((question) => (question.id ? [question.id] : [])),
    );
    for (const [position, question] of input.questions.entries()) {
      const { id, ...fields } = question;
      await upsertQuestion(tx, id, { ...fields, ...scope, position });
    }
    return (await findQuestionsByEvent(tx, scope)).map(toQuestionDto);
  });
}
