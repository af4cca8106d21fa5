import { formQuestions, registrations, type FormQuestionRow, type RegistrationRow } from '../../../db/schema';
import type { Answers } from '../../../db/schema';
import { jsonObjectOf, rowOf, runPrepared, selectList, type Queryable } from '../../../db/prepared';
import { PARTY_COLUMNS, PARTY_JOINS, partyOf } from '../party-rows';
import { partyJson, type AttendeeDetails, type AttendeeView } from '../registrations.repo';

/**
 * Saving the details, in one statement written once, the only writer of a buyer's details: it reads
 * the buyer's registration (by its secret), its event, the event's form and the attendee slots
 * (docs/decisions/0052-purchase-round-trips.md), and writes the given names and answers when the
 * registration is still held, of a published event, given exactly its slots, each once, and either
 * the form is empty or the caller has checked the answers against it ($5): an event without a form
 * is saved in this one statement (docs/decisions/0059-one-statement-a-call.md), one with a form in
 * a second call once its answers are checked. Why a registration cannot be filled in is answered as
 * a reason code (`refusal`), which the service words.
 *
 * The registration is locked rather than rewritten when its answers stay the same (a row rewritten
 * is a new version in every index of the table); the lock makes a settlement confirming it at the
 * same moment wait, or be waited for and seen. An attendee of another registration is never
 * touched: the join is on both ids. What it reads is as it was before its own write: the caller
 * lays the new details over the slots.
 */
const SAVE_DETAILS = {
  name: 'details-save',
  text: `WITH given AS (
    SELECT * FROM jsonb_to_recordset($3::jsonb) AS g(id text, first_name text, last_name text, email text, answers jsonb)
  ), fillable AS (
    SELECT r.id FROM registrations r JOIN events e ON e.id = r.event_id
    WHERE r.id = $1 AND r.qr_uuid = $2 AND r.status = 'pending' AND e.status = 'published'
      AND ($5::boolean OR NOT EXISTS (SELECT 1 FROM form_questions q WHERE q.club_id = e.club_id AND q.event_id = e.id))
      AND (SELECT array_agg(a.id ORDER BY a.id) FROM attendees a WHERE a.registration_id = r.id)
        = (SELECT array_agg(g.id ORDER BY g.id) FROM given g)
  ), registration AS MATERIALIZED (
    SELECT id FROM registrations WHERE id = (SELECT id FROM fillable) AND status = 'pending' FOR NO KEY UPDATE
  ), answered AS (
    UPDATE registrations SET answers = $4::jsonb
    WHERE id = (SELECT id FROM registration) AND answers <> $4::jsonb
  ), party AS (
    UPDATE attendees a SET first_name = g.first_name, last_name = g.last_name, email = g.email, answers = g.answers
    FROM given g, registration r WHERE a.id = g.id AND a.registration_id = r.id
  )
  SELECT ${selectList(registrations, 'r', 'r')}, ${PARTY_COLUMNS},
    (SELECT coalesce(json_agg(${jsonObjectOf(formQuestions, 'q')} ORDER BY q.position, q.created_at), '[]'::json)
       FROM form_questions q WHERE q.club_id = e.club_id AND q.event_id = e.id) AS "questions",
    CASE WHEN r.status IN ('expired', 'cancelled', 'confirmed') THEN r.status
         WHEN e.id IS NULL OR e.status <> 'published' THEN 'no_event' END AS "refusal",
    EXISTS (SELECT 1 FROM registration) AS "written"
  FROM registrations r
  LEFT JOIN events e ON e.id = r.event_id
  ${PARTY_JOINS}
  WHERE r.id = $1 AND r.qr_uuid = $2
  ORDER BY a.position`,
};

/** Why a registration's details cannot be saved: its status, or its event no longer on sale. */
export type DetailsRefusal = 'expired' | 'cancelled' | 'confirmed' | 'no_event';

export interface DetailsRead {
  registration: RegistrationRow;
  questions: FormQuestionRow[];
  slots: AttendeeView[];
  refusal: DetailsRefusal | null;
  /** The details given were written. */
  written: boolean;
}

/** What a buyer gives: the registration's answers and each attendee's details. */
export interface GivenDetails {
  answers: Answers;
  party: AttendeeDetails[];
  /** The answers were checked against the event's form (else only an event without a form is written). */
  checked: boolean;
}

export async function saveDetails(
  db: Queryable,
  registrationId: string,
  qrUuid: string,
  given: GivenDetails,
): Promise<DetailsRead | undefined> {
  const rows = await runPrepared(db, SAVE_DETAILS, [
    registrationId,
    qrUuid,
    partyJson(given.party),
    JSON.stringify(given.answers),
    given.checked,
  ]);
  const first = rows[0];
  if (!first) return undefined;
  return {
    registration: rowOf(registrations, first, 'r'),
    questions: (first.questions as Record<string, unknown>[]).map((question) => rowOf(formQuestions, question)),
    slots: partyOf(rows),
    refusal: first.refusal as DetailsRefusal | null,
    written: first.written === true,
  };
}
