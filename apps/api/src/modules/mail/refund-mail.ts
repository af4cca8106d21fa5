import { formatMoney, type TCurrency } from '@clubtix/contract';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { EventRow, OrderRow, RefundRow } from '../../db/schema';
import { queueMails } from './mail-queue';
import { escapeHtml, eventWhen, type ComposedMail } from './ticket-mail-content';

/** What was refunded: the mail words it so (an order when left out). */
export type RefundedKind = 'order' | 'sponsorship' | 'donation' | 'extras';

/** What the buyer's (or giver's) refund mail tells (docs/product.md section 19). */
export interface RefundNews {
  event: Pick<EventRow, 'title' | 'startDate' | 'endDate' | 'timezone' | 'status'>;
  kind?: RefundedKind;
  /** The order (or other payable) after the refund: its refundedAmount counts this one. */
  order: Pick<OrderRow, 'amount' | 'currency' | 'refundedAmount'>;
  refund: Pick<RefundRow, 'id' | 'amount' | 'reason' | 'releasedTickets' | 'source'>;
}

const WHAT: Record<RefundedKind, (title: string) => string> = {
  order: (title) => `your order for ${title}`,
  sponsorship: (title) => `your sponsorship of ${title}`,
  donation: (title) => `your donation to ${title}`,
  extras: (title) => `your extras for ${title}`,
};

/** Whether the tickets or voucher still admit; nothing to say of a sponsorship or donation. */
function doorLine(kind: RefundedKind, released: boolean): string[] {
  if (kind === 'order') {
    return [
      released
        ? 'Your tickets and vouchers for this event are cancelled: they no longer admit at the door.'
        : 'Your tickets are still valid: keep them for the door.',
    ];
  }
  if (kind === 'extras') {
    return [
      released
        ? 'Your voucher is cancelled: it no longer admits at the door.'
        : 'Your voucher is still valid: keep it for the door.',
    ];
  }
  return [];
}

/** The mail to the buyer: what was refunded, what stays paid, and whether the tickets still admit. */
export function composeRefundMail({
  event,
  order,
  refund,
  kind = 'order',
}: RefundNews): Omit<ComposedMail, 'attachments'> {
  const money = (minor: number) => formatMoney(minor, order.currency as TCurrency);
  const title = event.title.replace(/\s+/g, ' ').trim();
  const left = order.amount - order.refundedAmount;
  const subject = `Refund of ${money(refund.amount)} for ${title}`;
  const lines = [
    refund.source === 'cancellation'
      ? `${title} has been cancelled. We have refunded ${money(refund.amount)} to the card you paid with.`
      : `We have refunded ${money(refund.amount)} of ${WHAT[kind](title)} to the card you paid with.`,
    left > 0
      ? `${money(left)} of the ${money(order.amount)} you paid stays paid.`
      : `Your ${kind === 'extras' ? 'purchase' : kind} is now fully refunded.`,
    ...doorLine(kind, refund.releasedTickets),
    ...(refund.reason ? [`Reason: ${refund.reason}`] : []),
    'Depending on your bank, the money takes a few days to show on your statement.',
  ];
  const text = [subject, '', `When: ${eventWhen(event)}`, '', ...lines].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222222;">',
    `<h1 style="font-size:22px;">${escapeHtml(event.title)}</h1>`,
    `<p><strong>When:</strong> ${escapeHtml(eventWhen(event))}</p>`,
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
