import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { formQuestions, type FormQuestionRow } from '../../db/schema';

export type QuestionValues = Omit<FormQuestionRow, 'id' | 'createdAt'>;

export type FormScope = { clubId: string; eventId: string };

/** Namespace of the form locks among the advisory locks of the database. */
const FORM_LOCK_NAMESPACE = 5_310_002;

/** Holds an event's form until the transaction ends: two saves of one form run one after the other. */
export async function lockForm(tx: Tx, eventId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FORM_LOCK_NAMESPACE}, hashtext(${eventId}))`);
}

export async function findQuestionsByEvent(db: DbOrTx, scope: FormScope): Promise<FormQuestionRow[]> {
  return db
    .select()
    .from(formQuestions)
    .where(and(eq(formQuestions.clubId, scope.clubId), eq(formQuestions.eventId, scope.eventId)))
    .orderBy(asc(formQuestions.position), asc(formQuestions.createdAt));
}

export async function deleteQuestionsExcept(db: DbOrTx, scope: FormScope, keep: string[]) {
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
      .where(
        and(
          eq(formQuestions.id, id),
          eq(formQuestions.clubId, values.clubId),
          eq(formQuestions.eventId, values.eventId),
        ),
      )
      .returning({ id: formQuestions.id });
    if (updated.length > 0) return;
  }
  await db.insert(formQuestions).values(values);
}
