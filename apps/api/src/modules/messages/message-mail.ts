import type { EventRow } from '../../db/schema';
import { escapeHtml, eventWhen, oneLine } from '../mail/ticket-mail-content';

/**
 * An organiser's message as mailed (docs/decisions/0040-messages-and-reminders.md): the text as typed,
 * and HTML that shows the same characters (escaped, line breaks kept), never the organiser's markup.
 */
export function composeMessageMail(
  event: Pick<EventRow, 'title' | 'startDate' | 'endDate' | 'timezone'>,
  message: { subject: string; body: string },
  test = false,
): { subject: string; text: string; html: string } {
  const subject = `${test ? '[Test] ' : ''}${oneLine(message.subject)}`;
  const footer = `You receive this because you have a ticket for ${oneLine(event.title)}, ${eventWhen(event)}.`;
  const paragraphs = message.body
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`);
  return {
    subject,
    text: `${message.body.trim()}\n\n--\n${footer}\n`,
    html: [
      '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;">',
      ...paragraphs,
      `<hr><p style="color:#555;font-size:13px;">${escapeHtml(footer)}</p>`,
      '</div>',
    ].join(''),
  };
}
