import {
  events,
  formQuestions,
  registrations,
  type EventRow,
  type FormQuestionRow,
  type RegistrationRow,
} from '../../../db/schema';
import { jsonObjectOf, rowOf, runPrepared, selectList, type Queryable } from '../../../db/prepared';
import { PARTY_COLUMNS, PARTY_JOINS, partyOf } from '../party-rows';
import type { AttendeeView } from '../registrations.repo';

/**
 * What saving the details reads, in one statement written once (docs/decisions/0052-purchase-round-trips.md):
 * the buyer's registration (by its secret), its event, the event's form and the attendee slots.
 */
const READ_DETAILS = {
  name: 'details-read',
  text: `SELECT ${selectList(registrations, 'r', 'r')}, ${selectList(events, 'e', 'e')}, ${PARTY_COLUMNS},
    (SELECT coalesce(json_agg(${jsonObjectOf(formQuestions, 'q')} ORDER BY q.position, q.created_at), '[]'::json)
       FROM form_questions q WHERE q.club_id = e.club_id AND q.event_id = e.id) AS "questions"
  FROM registrations r
  LEFT JOIN events e ON e.id = r.event_id
  ${PARTY_JOINS}
  WHERE r.id = $1 AND r.qr_uuid = $2
  ORDER BY a.position`,
};

export interface DetailsRead {
  registration: RegistrationRow;
  event: EventRow | undefined;
  questions: FormQuestionRow[];
  slots: AttendeeView[];
}

export async function readDetails(
  db: Queryable,
  registrationId: string,
  qrUuid: string,
): Promise<DetailsRead | undefined> {
  const rows = await runPrepared(db, READ_DETAILS, [registrationId, qrUuid]);
  const first = rows[0];
  if (!first) return undefined;
  return {
    registration: rowOf(registrations, first, 'r'),
    event: first['e.id'] === null ? undefined : rowOf(events, first, 'e'),
    questions: (first.questions as Record<string, unknown>[]).map((question) => rowOf(formQuestions, question)),
    slots: partyOf(rows),
  };
}
