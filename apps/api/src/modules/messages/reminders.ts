import type { Deps } from '../../core/deps';
import type { EventRow } from '../../db/schema';
import { queueMails, type QueuedMail } from '../mail/mail-queue';
import { translate } from '../../core/i18n';
import { eventWhen, mailLanguage, oneLine } from '../mail/mail-format';
import { composeTicketMail, type TicketEntry } from '../mail/ticket-mail-content';
import { claimDueReminders, findEventsByIds, type ClaimedReminder } from './reminders.repo';

type ReminderDeps = Pick<Deps, 'db' | 'config'>;

/** Attendees claimed per transaction: a sweep of a big event goes in bounded steps. */
const REMINDER_BATCH = 200;

const addressOf = (reminder: ClaimedReminder) => (reminder.email?.trim() || reminder.buyerEmail).toLowerCase();

/** One mail per registration and address, with that address's tickets, subject saying it is a reminder. */
function reminderMails(deps: ReminderDeps, claimed: ClaimedReminder[], events: Map<string, EventRow>): QueuedMail[] {
  const groups = new Map<string, ClaimedReminder[]>();
  for (const reminder of claimed) {
    const key = `${reminder.registrationId}\n${addressOf(reminder)}`;
    groups.set(key, [...(groups.get(key) ?? []), reminder]);
  }
  return [...groups.values()].flatMap((group) => {
    const first = group[0]!;
    const event = events.get(first.eventId);
    if (!event) return [];
    const tickets: TicketEntry[] = group.map((reminder) => ({ ...reminder }));
    // The buyer's language, as their ticket mail spoke it.
    const language = mailLanguage(first.language);
    const mail = composeTicketMail(deps.config, event, tickets, { language });
    return [
      {
        ...mail,
        subject: translate(language, 'mail.reminderSubject', {
          title: oneLine(event.title),
          when: eventWhen(event, language),
        }),
        clubId: first.clubId,
        to: addressOf(first),
        dedupeKey: `reminder:${first.attendeeId}`,
        // Expected by everyone who bought: counted in the club's day, never refused (like the ticket mail).
        quota: 'always',
      },
    ];
  });
}

/**
 * One pass of the reminder sweep, run in every process (docs/product.md section 21): claims due
 * attendees batch by batch and queues their reminders in the same transaction. Answers how many
 * attendees were reminded.
 */
export async function sendDueReminders(deps: ReminderDeps): Promise<number> {
  let reminded = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const claimed = await claimDueReminders(tx, REMINDER_BATCH);
      if (claimed.length === 0) return 0;
      const events = await findEventsByIds(tx, [...new Set(claimed.map((reminder) => reminder.eventId))]);
      await queueMails(tx, deps.config, reminderMails(deps, claimed, new Map(events.map((e) => [e.id, e]))));
      return claimed.length;
    });
    reminded += count;
    if (count < REMINDER_BATCH) return reminded;
  }
}
