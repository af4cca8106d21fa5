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
import { partyJson, type AttendeeDetails, type AttendeeView } from '../registrations.repo';

/**
 * Saving the details, in one statement written once: it reads the buyer's registration (by its
 * secret), its event, the event's form and the attendee slots (docs/decisions/0052-purchase-round-trips.md),
 * and in the common case writes them too (docs/decisions/0059-one-statement-a-call.md): a registration
 * still held, of a published event whose form is empty, given exactly its slots, each once. Anything
 * else is left unwritten, for the caller to check against the form and write.
 *
 * The registration is locked rather than rewritten: its answers are rewritten only when a form,
 * since emptied, left some (a row rewritten is a new version in every index of the table).
 * What it reads is as it was before its own write: the caller lays the new names over the slots.
 */
const SAVE_DETAILS = {
  name: 'details-save',
  text: `WITH given AS (
    SELECT * FROM jsonb_to_recordset($3::jsonb) AS g(id text, first_name text, last_name text, email text)
  ), fillable AS (
    SELECT r.id FROM registrations r JOIN events e ON e.id = r.event_id
    WHERE r.id = $1 AND r.qr_uuid = $2 AND r.status = 'pending' AND e.status = 'published'
      AND NOT EXISTS (SELECT 1 FROM form_questions q WHERE q.club_id = e.club_id AND q.event_id = e.id)
      AND (SELECT array_agg(a.id ORDER BY a.id) FROM attendees a WHERE a.registration_id = r.id)
        = (SELECT array_agg(g.id ORDER BY g.id) FROM given g)
  ), registration AS MATERIALIZED (
    SELECT id FROM registrations WHERE id = (SELECT id FROM fillable) AND status = 'pending' FOR NO KEY UPDATE
  ), cleared AS (
    UPDATE registrations SET answers = '{}'::jsonb
    WHERE id = (SELECT id FROM registration) AND answers <> '{}'::jsonb
  ), party AS (
    UPDATE attendees a SET first_name = g.first_name, last_name = g.last_name, email = g.email, answers = '{}'::jsonb
    FROM given g, registration r WHERE a.id = g.id AND a.registration_id = r.id
  )
  SELECT ${selectList(registrations, 'r', 'r')}, ${selectList(events, 'e', 'e')}, ${PARTY_COLUMNS},
    (SELECT coalesce(json_agg(${jsonObjectOf(formQuestions, 'q')} ORDER BY q.position, q.created_at), '[]'::json)
       FROM form_questions q WHERE q.club_id = e.club_id AND q.event_id = e.id) AS "questions",
    EXISTS (SELECT 1 FROM registration) AS "written"
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
  /** The party was written, with empty answers (an event without a form). */
  written: boolean;
}

export async function saveDetails(
  db: Queryable,
  registrationId: string,
  qrUuid: string,
  party: AttendeeDetails[],
): Promise<DetailsRead | undefined> {
  const rows = await runPrepared(db, SAVE_DETAILS, [registrationId, qrUuid, partyJson(party)]);
  const first = rows[0];
  if (!first) return undefined;
  return {
    registration: rowOf(registrations, first, 'r'),
    event: first['e.id'] === null ? undefined : rowOf(events, first, 'e'),
    questions: (first.questions as Record<string, unknown>[]).map((question) => rowOf(formQuestions, question)),
    slots: partyOf(rows),
    written: first.written === true,
  };
}
