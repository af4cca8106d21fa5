import { DEFAULT_LANGUAGE, formatMoney, type TCurrency, type TLanguage } from '@clubtix/contract';
import type { Config } from '../../config';
import { translatorFor, type Translate } from '../../core/i18n';
import type { DbOrTx } from '../../db/client';
import type { EventRow, OrderRow, RefundRow } from '../../db/schema';
import { escapeHtml, eventWhen, htmlStart, oneLine } from './mail-format';
import { queueMails } from './mail-queue';
import type { ComposedMail } from './ticket-mail-content';

/** What was refunded: the mail words it so (an order when left out). */
export type RefundedKind = 'order' | 'sponsorship' | 'donation' | 'extras' | 'pass';

/** What the buyer's (or giver's) refund mail tells (docs/product.md section 19). */
export interface RefundNews {
  event: Pick<EventRow, 'title' | 'startDate' | 'endDate' | 'timezone' | 'status'>;
  kind?: RefundedKind;
  /** The order (or other payable) after the refund: its refundedAmount counts this one. */
  order: Pick<OrderRow, 'amount' | 'currency' | 'refundedAmount'>;
  refund: Pick<RefundRow, 'id' | 'amount' | 'reason' | 'releasedTickets' | 'source'>;
  /** The language the buyer (or giver) paid in. */
  language?: TLanguage;
}

/** Whether the tickets or voucher still admit; nothing to say of a sponsorship or donation. */
function doorLine(t: Translate, kind: RefundedKind, released: boolean): string[] {
  if (kind === 'order') return [t(released ? 'mail.refundTicketsCancelled' : 'mail.refundTicketsValid')];
  if (kind === 'extras') return [t(released ? 'mail.refundVoucherCancelled' : 'mail.refundVoucherValid')];
  if (kind === 'pass') return [t(released ? 'mail.refundPassCancelled' : 'mail.refundPassValid')];
  return [];
}

/**
 * The mail to the buyer: what was refunded, what stays paid, and whether the tickets still admit, in
 * the buyer's language; the organiser's reason stays as typed.
 */
export function composeRefundMail({
  event,
  order,
  refund,
  kind = 'order',
  language = DEFAULT_LANGUAGE,
}: RefundNews): Omit<ComposedMail, 'attachments'> {
  const t = translatorFor(language);
  const money = (minor: number) => formatMoney(minor, order.currency as TCurrency, language);
  const title = oneLine(event.title);
  const left = order.amount - order.refundedAmount;
  const amount = money(refund.amount);
  const subject = t('mail.refundSubject', { amount, title });
  const lines = [
    refund.source === 'cancellation'
      ? t('mail.refundCancelled', { title, amount })
      : t('mail.refundOf', { amount, kind, title }),
    left > 0
      ? t('mail.refundStaysPaid', { left: money(left), total: money(order.amount) })
      : t('mail.refundFull', { kind }),
    ...doorLine(t, kind, refund.releasedTickets),
    ...(refund.reason ? [t('mail.refundReason', { reason: refund.reason })] : []),
    t('mail.refundBankDelay'),
  ];
  const when = eventWhen(event, language);
  const text = [subject, '', `${t('mail.whenLabel')} ${when}`, '', ...lines].join('\n');
  const html = [
    htmlStart(language),
    `<h1 style="font-size:22px;">${escapeHtml(event.title)}</h1>`,
    `<p><strong>${escapeHtml(t('mail.whenLabel'))}</strong> ${escapeHtml(when)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

/**
 * Queues the refund mail in the refund's own transaction. Money news always goes out, past every
 * quota, and once per refund (its dedupe key), however often the refund is answered again.
 */
export async function queueRefundMail(
  db: DbOrTx,
  config: Config,
  mail: RefundNews & { clubId: string; to: string },
): Promise<void> {
  await queueMails(db, config, [
    {
      clubId: mail.clubId,
      to: mail.to,
      ...composeRefundMail(mail),
      dedupeKey: `refund:${mail.refund.id}`,
      quota: 'always',
    },
  ]);
}
