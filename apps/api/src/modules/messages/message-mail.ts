import { DEFAULT_LANGUAGE, type TLanguage } from '@clubtix/contract';
import { translatorFor } from '../../core/i18n';
import type { EventRow } from '../../db/schema';
import { escapeHtml, eventWhen, oneLine } from '../mail/mail-format';

/**
 * An organiser's message as mailed (docs/decisions/0040-messages-and-reminders.md): the text as typed,
 * and HTML that shows the same characters (escaped, line breaks kept), never the organiser's markup.
 * The organiser's subject and body stay in the language they were written in; the frame around them
 * (the test mark, the footer) speaks the reader's (docs/decisions/0048-mails-in-the-buyers-language.md).
 */
export function composeMessageMail(
  event: Pick<EventRow, 'title' | 'startDate' | 'endDate' | 'timezone'>,
  message: { subject: string; body: string },
  test = false,
  language: TLanguage = DEFAULT_LANGUAGE,
): { subject: string; text: string; html: string } {
  const t = translatorFor(language);
  const subject = test ? t('mail.messageTestSubject', { subject: oneLine(message.subject) }) : oneLine(message.subject);
  const footer = t('mail.messageFooter', { title: oneLine(event.title), when: eventWhen(event, language) });
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
      `<hr><p lang="${language}" style="color:#555;font-size:13px;">${escapeHtml(footer)}</p>`,
      '</div>',
    ].join(''),
  };
}
