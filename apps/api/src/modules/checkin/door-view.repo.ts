import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendees, formQuestions } from '../../db/schema';

/** The questions of an event marked "Show at check-in": the only answers door staff are shown. */
export async function findCheckinQuestionIds(db: DbOrTx, eventId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: formQuestions.id })
    .from(formQuestions)
    .where(and(eq(formQuestions.eventId, eventId), eq(formQuestions.showAtCheckin, true)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Whose a voucher is, by name: the one name among the event's confirmed attendees holding the
 * voucher's e-mail (attendees_email_idx). None, or several different names (one buyer typing their
 * address for everyone), name nobody: null.
 */
export async function findVoucherHolderName(db: DbOrTx, eventId: string, email: string): Promise<string | null> {
  if (!email) return null;
  const rows = await db
    .selectDistinct({
      name: sql<string>`trim(coalesce(${attendees.firstName}, '') || ' ' || coalesce(${attendees.lastName}, ''))`,
    })
    .from(attendees)
    .where(
      and(
        eq(attendees.eventId, eventId),
        eq(attendees.email, email),
        eq(attendees.confirmed, true),
        or(isNotNull(attendees.firstName), isNotNull(attendees.lastName)),
      ),
    )
    .limit(2);
  const names = rows.map((row) => row.name).filter(Boolean);
  return names.length === 1 ? names[0]! : null;
}
