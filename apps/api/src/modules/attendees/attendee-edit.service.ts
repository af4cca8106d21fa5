import { trimAnswers, type TAttendee, type ZUpdateAttendeeRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { loadManagedEvent } from '../events/events.service';
import { findFormQuestions } from '../forms/forms.service';
import { mailLanguage } from '../mail/mail-format';
import { lockClubMail } from '../mail/outbox.repo';
import { queueTicketResend } from '../mail/ticket-mail';
import { answerErrors, answersTo, formProblem } from '../purchase/details/form-answers';
import { toAttendeeDto } from '../purchase/registrations.mapper';
import { lockEventAttendee, writeAttendee } from './attendee-edit.repo';

/** The mails of transfers: limited like every mail to an address nobody proved (outbox quotas). */
export const transferTopic = (attendeeId: string) => `ticket-transfer:${attendeeId}`;

/** Whether the edit hands the ticket to another address (case and spaces are not a new person). */
export function isTransfer(before: string | null, after: string): boolean {
  return (before ?? '').trim().toLowerCase() !== after.trim().toLowerCase();
}

/**
 * POST /registration/updateAttendee (docs/product.md section 20): an admin of the event's club
 * corrects an attendee, answers checked as the buyer's save checks them (form-answers.ts, same
 * paths and messages). A changed e-mail of a confirmed registration is a transfer: the new address
 * gets the ticket mail, queued in the same transaction under the club's mail lock and quotas, so a
 * refused mail (429) leaves the attendee unchanged.
 */
export async function updateAttendee(
  deps: Deps,
  actor: Actor,
  body: z.output<typeof ZUpdateAttendeeRequest>,
): Promise<TAttendee> {
  const event = await loadManagedEvent(deps, actor, body.eventId);
  const perAttendee = (await findFormQuestions(deps, actor, event.id)).filter((q) => q.perAttendee);
  const given = trimAnswers(body.answers);
  const errors = answerErrors(perAttendee, given, 'answers');
  if (errors.length > 0) throw formProblem(errors);
  const values = {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    answers: answersTo(perAttendee, given),
  };
  const { saved, mailed } = await deps.db.transaction(async (tx) => {
    // The club's mail lock first, as every mail-queueing path takes it (outbox.repo.ts).
    await lockClubMail(tx, event.clubId);
    const found = await lockEventAttendee(tx, body.attendeeId, event.id);
    if (!found) throw notFound('Attendee');
    const transfer = isTransfer(found.attendee.email, values.email) && found.status === 'confirmed';
    await writeAttendee(tx, found.attendee.id, values);
    const saved = { ...found.attendee, ...values };
    if (transfer) {
      const ticket = {
        registrationId: saved.registrationId,
        qrUuid: found.qrUuid,
        attendeeId: saved.id,
        firstName: saved.firstName,
        lastName: saved.lastName,
        email: saved.email,
        ticketName: saved.ticketName,
        shortCode: saved.shortCode,
      };
      await queueTicketResend(tx, deps.config, event, {
        to: values.email,
        tickets: [ticket],
        topic: transferTopic(saved.id),
        // The buyer named the new holder, in the language the buyer bought in.
        language: mailLanguage(found.language),
      });
    }
    return { saved, mailed: transfer };
  });
  // Delivery starts after the commit; the timer retries whatever this does not get through.
  if (mailed) void deps.mail.flush().catch(() => undefined);
  return toAttendeeDto(saved);
}
