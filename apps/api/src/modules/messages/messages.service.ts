import {
  fillPlaceholders,
  hasPlaceholders,
  type TLanguage,
  type TMessage,
  type TMessageLog,
  type TSendMessageResponse,
  type ZSendMessageRequest,
} from '@clubtix/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import type { EventRow, MessageRow } from '../../db/schema';
import { loadManagedEvent } from '../events/events.service';
import { mailLanguage } from '../mail/mail-format';
import { mailsLeftToday, queueBulkMails } from '../mail/mail-queue';
import { composeMessageMail } from './message-mail';
import { audienceAddresses, insertMessage, listMessages, ticketIdsOfEvent } from './messages.repo';

type SendInput = z.output<typeof ZSendMessageRequest>;

/**
 * The mail one reader gets: the message's placeholders filled with their name and the event's title
 * (contract messages.ts); a message with none is composed once per language the audience reads.
 */
function contentFor(event: EventRow, input: SendInput) {
  const made = new Map<TLanguage, ReturnType<typeof composeMessageMail>>();
  const isPersonal = hasPlaceholders(input.subject) || hasPlaceholders(input.body);
  return (language: TLanguage, person: { firstName: string | null; lastName: string | null }) => {
    if (isPersonal) {
      const values = { firstName: person.firstName ?? '', lastName: person.lastName ?? '', eventTitle: event.title };
      const filled = { subject: fillPlaceholders(input.subject, values), body: fillPlaceholders(input.body, values) };
      return composeMessageMail(event, filled, input.test, language);
    }
    let content = made.get(language);
    if (!content) {
      content = composeMessageMail(event, input, input.test, language);
      made.set(language, content);
    }
    return content;
  };
}

/**
 * POST /message/send (docs/product.md section 21; docs/decisions/0040-messages-and-reminders.md): one
 * mail per distinct address of the audience, all queued in one transaction with the message's log row,
 * inside the club's daily limit or not at all (429). A test goes to the sender alone, in the sender's
 * language (`language`, the request's); each attendee's mail frames the message in their own.
 */
export async function sendMessage(
  deps: Deps,
  actor: Actor,
  input: SendInput,
  language: TLanguage,
): Promise<TSendMessageResponse> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  if (typeof input.audience === 'object') {
    const known = await ticketIdsOfEvent(deps.db, event, input.audience.ticketIds);
    if (input.audience.ticketIds.some((id) => !known.has(id))) throw notFound('Ticket');
  }
  const contentOf = contentFor(event, input);
  return deps.db.transaction(async (tx) => {
    const audience = await audienceAddresses(tx, event, input.audience);
    // A test shows the sender what the first of the audience will read (the sender's name with none).
    const sample = audience[0] ?? { firstName: actor.name, lastName: null };
    const addresses = input.test
      ? [{ to: actor.email.toLowerCase(), language, firstName: sample.firstName, lastName: sample.lastName }]
      : audience.map((row) => ({ ...row, language: mailLanguage(row.language) }));
    if (input.dryRun) {
      const { remainingToday } = await queueBulkMails(tx, deps.config, event.clubId, [], true);
      return { queued: 0, recipients: addresses.length, remainingToday };
    }
    const message = input.test
      ? null
      : await insertMessage(tx, {
          clubId: event.clubId,
          eventId: event.id,
          subject: input.subject,
          body: input.body,
          audience: input.audience,
          recipients: addresses.length,
          sentBy: actor.name,
        });
    const { remainingToday } = await queueBulkMails(
      tx,
      deps.config,
      event.clubId,
      addresses.map(({ to, language: read, ...person }) => ({
        to,
        ...contentOf(read, person),
        messageId: message?.id ?? null,
        dedupeKey: message ? `message:${message.id}:${to}` : null,
      })),
    );
    return { queued: addresses.length, recipients: addresses.length, remainingToday };
  });
}

const toMessageDto = (row: MessageRow & { sent: number; pending: number; failed: number }): TMessage => ({
  id: row.id,
  eventId: row.eventId,
  subject: row.subject,
  body: row.body,
  audience: row.audience,
  recipients: row.recipients,
  sent: row.sent,
  pending: row.pending,
  failed: row.failed,
  sentBy: row.sentBy,
  createdAt: row.createdAt.toISOString(),
});

/** GET /message/getByEventId: the event's messages, newest first, and the mails the club has left today. */
export async function getMessages(deps: Deps, actor: Actor, eventId: string): Promise<TMessageLog> {
  const event = await loadManagedEvent(deps, actor, eventId);
  const [rows, remainingToday] = await Promise.all([
    listMessages(deps.db, event),
    mailsLeftToday(deps.db, deps.config, event.clubId),
  ]);
  return { messages: rows.map(toMessageDto), remainingToday };
}
