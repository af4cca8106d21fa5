import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { EventRow, RegistrationRow } from '../../db/schema';
import { findAttendeesOf } from '../registrations/registrations.repo';
import { queueMail } from './outbox.repo';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function qrViewerUrl(
  config: Config,
  eventId: string,
  registrationId: string,
  attendeeId: string,
  qrUuid: string,
) {
  return `${config.publicUrl}/event/${eventId}/qr/${registrationId}/${attendeeId}/${qrUuid}`;
}

/**
 * Queues the tickets of a confirmed registration to its buyer: each attendee's QR viewer link.
 * `dedupe` false sends again (a resend asked for by an admin or the buyer).
 */
export async function queueTicketMail(
  db: DbOrTx,
  config: Config,
  event: EventRow,
  registration: RegistrationRow,
  options: { dedupe: boolean; to?: string } = { dedupe: true },
): Promise<void> {
  const attendees = await findAttendeesOf(db, [registration.id]);
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: event.timezone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(event.startDate);
  const lines = attendees.map((a) => ({
    name: [a.firstName, a.lastName].filter(Boolean).join(' ') || 'Attendee',
    ticket: a.ticketName,
    url: qrViewerUrl(config, event.id, registration.id, a.id, registration.qrUuid),
  }));
  const text = [
    `Your tickets for ${event.title}`,
    `${when}${event.venue ? ` at ${event.venue}` : ''}`,
    '',
    ...lines.map((l) => `${l.name} (${l.ticket}): ${l.url}`),
    '',
    'Show the QR code of each ticket at the door.',
  ].join('\n');
  const html = `<h1>${escapeHtml(event.title)}</h1><p>${escapeHtml(when)}${event.venue ? ` at ${escapeHtml(event.venue)}` : ''}</p><ul>${lines
    .map(
      (l) =>
        `<li>${escapeHtml(l.name)} (${escapeHtml(l.ticket)}): <a href="${escapeHtml(l.url)}">show the QR code</a></li>`,
    )
    .join('')}</ul><p>Show the QR code of each ticket at the door.</p>`;
  await queueMail(db, {
    clubId: registration.clubId,
    to: options.to ?? registration.email,
    subject: `Your tickets for ${event.title}`,
    text,
    html,
    dedupeKey: options.dedupe ? `tickets:${registration.id}` : null,
  });
}
