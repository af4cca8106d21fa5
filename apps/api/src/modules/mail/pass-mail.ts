import { formatMoney, formatShortCode, passQrText, type TCurrency } from '@clubtix/contract';
import type { Config } from '../../config';
import { translatorFor } from '../../core/i18n';
import type { DbOrTx } from '../../db/client';
import type { EventRow, MailAttachment, PassPurchaseRow } from '../../db/schema';
import { escapeHtml, eventWhen, htmlStart, mailLanguage, oneLine } from './mail-format';
import { queueMails } from './mail-queue';
import { MAIL_TOPICS } from './ticket-mail';

/** What the pass mail lists: each event of the series the pass admits to. */
export type PassMailEvent = Pick<EventRow, 'title' | 'startDate' | 'endDate' | 'timezone'>;

/**
 * The season pass mailed to its holder once paid (DECISIONS 18): one QR (passQrText, read at the door
 * of every event of the series), its short code and the dates it admits to, in the buyer's language,
 * with the pass as a PDF.
 * Queued in the transaction that marks it paid; its dedupe key makes a second confirmation queue
 * nothing. A paid purchase's own mail goes past every quota; a free one's address nobody proved, so
 * it is limited, as a free extra's voucher is.
 */
export async function queuePassMail(
  db: DbOrTx,
  config: Config,
  purchase: PassPurchaseRow,
  passName: string,
  dates: PassMailEvent[],
): Promise<void> {
  const language = mailLanguage(purchase.language);
  const t = translatorFor(language);
  const name = oneLine(passName);
  const subject = t('mail.passSubject', { name });
  const holder = `${purchase.firstName} ${purchase.lastName}`;
  const code = formatShortCode(purchase.shortCode);
  const paid = formatMoney(purchase.amount, purchase.currency as TCurrency, language);
  const lines = dates.map((event) => `${oneLine(event.title)}: ${eventWhen(event, language)}`);
  const cid = `pass-${purchase.id}@clubtix`;
  const text = [
    subject,
    '',
    holder,
    `${t('mail.paidLabel')} ${paid}`,
    `${t('mail.ticketCodeLabel')} ${code}`,
    '',
    t('mail.passDates'),
    ...lines.map((line) => `- ${line}`),
    '',
    t('mail.passHint'),
  ].join('\n');
  const html = [
    htmlStart(language),
    `<h1 style="font-size:22px;">${escapeHtml(passName)}</h1>`,
    `<p><strong>${escapeHtml(holder)}</strong></p>`,
    `<p><strong>${escapeHtml(t('mail.paidLabel'))}</strong> ${escapeHtml(paid)}</p>`,
    `<img src="cid:${escapeHtml(cid)}" width="240" height="240" alt="${escapeHtml(t('mail.ticketQrAlt', { name: holder }))}">`,
    `<p style="font-family:'Courier New',monospace;font-size:18px;letter-spacing:2px;">${escapeHtml(t('mail.ticketCodeLabel'))} <strong>${escapeHtml(code)}</strong></p>`,
    `<p><strong>${escapeHtml(t('mail.passDates'))}</strong></p>`,
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(t('mail.passHint'))}</p>`,
    '</body></html>',
  ].join('');
  const attachments: MailAttachment[] = [
    { kind: 'qr', filename: 'pass-qr.png', cid, text: passQrText(purchase.id, purchase.qrSecret) },
    // The pass as a PDF, drawn when the mail is sent (tickets-pdf/pass-pdf.ts).
    { kind: 'passPdf', passPurchaseId: purchase.id, qrSecret: purchase.qrSecret },
  ];
  await queueMails(db, config, [
    {
      clubId: purchase.clubId,
      to: purchase.email,
      subject,
      text,
      html,
      attachments,
      dedupeKey: `pass:${purchase.id}`,
      ...(purchase.amount > 0 ? { quota: 'always' } : { quota: 'limited', topic: MAIL_TOPICS.freePass }),
    },
  ]);
}
