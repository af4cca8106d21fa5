import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailRow } from '../../db/schema';
import type { Mailer } from '../../core/mailer';
import type { Metrics } from '../../core/metrics';
import { clubSenders, withLetterhead, type MailAddress, type MailSender } from './club-sender';
import { claimDueMails, keepDueMails, markMailRefused, markMailSent, releaseMails } from './outbox.repo';
import { renderAttachments, type AttachmentRenderers, type RenderedAttachment } from './qr-image';
import { MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: RenderedAttachment[];
}

/** Delivers one mail; SMTP (nodemailer) when SMTP_URL is set. From and Reply-To: club-sender.ts. */
export type Transport = (mail: OutgoingMail & { from: MailAddress; replyTo: MailAddress | null }) => Promise<void>;

/**
 * A mail server's refusal often quotes the recipient ("550 <ann@example.org>: no such user"): the
 * log keeps the reason without the address (docs/product.md section 18).
 */
export function withoutAddresses(message: string): string {
  return message.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '<address>');
}

const BATCH = 20;
/**
 * How long a claimed mail is this process's alone. Should the process stop while sending, the mail
 * is due again after it: sent twice at worst if it had gone out just before, never lost.
 */
const LEASE_SECONDS = 120;
/** The longest one send may take (smtp-transport.ts's connection, greeting and socket timeouts). */
const SEND_MAX_MS = 50_000;

/**
 * The outbox (docs/product.md section 11): mail is written in the same transaction as what it is about,
 * then delivered. With no SMTP_URL it stays in the table, marked 'kept', and the log names it by
 * its id and club: never its address (docs/product.md section 18) nor its body, whose links carry the
 * buyer's secret; the outbox row holds the rest. A mail the
 * server refuses is tried again later and later (retry-schedule.ts), for about a day, then 'failed'.
 * Statuses: queued -> sending (claimed, leased) -> sent | queued (to retry) | failed; or kept.
 */
export function createMailer(
  db: Db,
  config: Config,
  transport: Transport | null,
  log: FastifyBaseLogger,
  renderers: AttachmentRenderers = {},
  metrics?: Pick<Metrics, 'mailsSent' | 'mailsFailed' | 'mailsWaiting'>,
): Mailer {
  const send = async (mail: MailRow, sender: MailSender, deliver: Transport) => {
    await deliver({
      from: sender.from,
      replyTo: sender.replyTo,
      to: mail.to,
      subject: mail.subject,
      ...withLetterhead(mail, sender.letterhead),
      attachments: await renderAttachments(mail.attachments, renderers),
    });
  };

  const keepRound = async (): Promise<number> => {
    while (true) {
      // No mail server: claimed and marked kept in one statement, so nothing stays 'sending'.
      const kept = await keepDueMails(db, BATCH);
      for (const mail of kept) {
        log.info({ mailId: mail.id, clubId: mail.clubId }, 'mail kept in the outbox (no SMTP_URL set)');
      }
      if (kept.length < BATCH) return 0;
    }
  };

  /** Sends one claimed batch, each mail outside any transaction, up to the first the server refuses. */
  const sendBatch = async (
    mails: MailRow[],
    deliver: Transport,
    leaseEnds: number,
  ): Promise<{ sent: number; refused: boolean }> => {
    let sent = 0;
    // The batch's clubs read once, as they are at send time (club-sender.ts).
    const senderOf = await clubSenders(
      db,
      config,
      mails.map((mail) => mail.clubId),
    );
    for (const [index, mail] of mails.entries()) {
      if (Date.now() > leaseEnds - SEND_MAX_MS) {
        // A slow server: what is left goes back before the lease could run out under a send.
        await releaseMails(
          db,
          mails.slice(index).map((rest) => rest.id),
        );
        return { sent, refused: false };
      }
      const attempts = mail.attempts + 1;
      try {
        await send(mail, senderOf(mail.clubId), deliver);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const isLast = attempts >= MAX_ATTEMPTS;
        metrics?.mailsFailed.inc({ final: String(isLast) });
        log.warn(
          { mailId: mail.id, clubId: mail.clubId, attempts, err: withoutAddresses(message) },
          isLast ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
        );
        await markMailRefused(db, mail.id, {
          attempts,
          lastError: message.slice(0, 500),
          retryInMs: isLast ? null : retryDelayMs(attempts),
        });
        // The next mail would most likely be refused too (server down, or limiting this sender):
        // the rest go back untried and this round ends, instead of spending their tries now.
        await releaseMails(
          db,
          mails.slice(index + 1).map((rest) => rest.id),
        );
        return { sent, refused: true };
      }
      await markMailSent(db, mail.id, attempts);
      metrics?.mailsSent.inc();
      sent++;
    }
    return { sent, refused: false };
  };

  const deliverRound = async (deliver: Transport): Promise<number> => {
    let sent = 0;
    while (true) {
      const leaseEnds = Date.now() + LEASE_SECONDS * 1000;
      // One statement: the claim's lease, not a lock, keeps the batch this process's.
      const mails = await claimDueMails(db, BATCH, LEASE_SECONDS);
      if (mails.length === 0) {
        metrics?.mailsWaiting.set(0);
        return sent;
      }
      const batch = await sendBatch(mails, deliver, leaseEnds);
      sent += batch.sent;
      // What this round claimed and did not send waits for the next round (or its retry time); more
      // may be queued behind it, so with a full batch left this is the least that waits.
      metrics?.mailsWaiting.set(mails.length - batch.sent);
      if (batch.refused || batch.sent === 0 || mails.length < BATCH) return sent;
    }
  };

  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const flush = (): Promise<number> => {
    if (!running) {
      running = (transport ? deliverRound(transport) : keepRound()).finally(() => {
        running = null;
      });
      return running;
    }
    // The round under way may have read the queue before this caller's commit: one more round
    // after it, shared by every caller who asks meanwhile, picks that mail up at once.
    next ??= running
      .catch(() => 0)
      .then(() => {
        next = null;
        return flush();
      });
    return next;
  };
  return { delivers: transport !== null, flush };
}
