import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { formQuestions, type FormQuestionRow } from '../../db/schema';

export type QuestionValues = Omit<FormQuestionRow, 'id' | 'createdAt'>;

export async function findQuestionsByEvent(db: DbOrTx, eventId: string): Promise<FormQuestionRow[]> {
  return db
    .select()
    .from(formQuestions)
    .where(eq(formQuestions.eventId, eventId))
    .orderBy(asc(formQuestions.position), asc(formQuestions.createdAt));
}

export async function deleteQuestionsExcept(db: DbOrTx, scope: { clubId: string; eventId: string }, keep: string[]) {
  await db
    .delete(formQuestions)
    .where(
      and(
        eq(formQuestions.clubId, scope.clubId),
        eq(formQuestions.eventId, scope.eventId),
        keep.length > 0 ? notInArray(formQuestions.id, keep) : undefined,
      ),
    );
}

export async function upsertQuestion(db: DbOrTx, id: string | undefined, values: QuestionValues): Promise<void> {
  if (id) {
    const updated = await db
      .update(formQuestions)
      .set(values)
      .where(and(eq(formQuestions.id, id), eq(formQuestions.clubId, values.clubId), eq(formQuestions.eventId, values.eventId)))
      .returning({ id: formQuestions.id });
    if (updated.length > 0) return;
  }
  await db.insert(formQuestions).values(values);
}
