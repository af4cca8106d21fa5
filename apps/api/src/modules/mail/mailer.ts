import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MailRow } from '../../db/schema';
import { claimQueued, markKept, markMail } from './outbox.repo';
import { renderAttachments, type RenderedAttachment } from './qr-image';

/** Tries per mail before it is marked failed (claimQueued stops picking it up at the same count). */
const MAX_ATTEMPTS = 5;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: RenderedAttachment[];
}

/** Delivers one mail; SMTP (nodemailer) when SMTP_URL is set. */
export type Transport = (mail: OutgoingMail & { from: string }) => Promise<void>;

export interface Mailer {
  /** Whether queued mail goes out (a transport is set); without one it is kept in the outbox. */
  readonly delivers: boolean;
  /** Sends what is queued now (called after a commit that queued mail, and on a timer). */
  flush(): Promise<number>;
}

const BATCH = 20;

/**
 * The outbox (DECISIONS.md section 2): mail is written in the same transaction as what it is about,
 * then delivered. With no SMTP_URL it stays in the table, marked 'kept', and is written to the log:
 * the address and subject only, never the body, whose links carry the buyer's secret.
 */
export function createMailer(db: Db, config: Config, transport: Transport | null, log: FastifyBaseLogger): Mailer {
  const send = async (mail: MailRow, deliver: Transport) => {
    await deliver({
      from: config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: await renderAttachments(mail.attachments),
    });
  };

  const deliverRound = async (): Promise<number> => {
    let sent = 0;
    while (true) {
      const batch = await db.transaction(async (tx) => {
        const mails = await claimQueued(tx, BATCH);
        if (!transport) {
          for (const mail of mails) {
            log.info(
              { mailId: mail.id, to: mail.to, subject: mail.subject },
              'mail kept in the outbox (no SMTP_URL set)',
            );
          }
          await markKept(
            tx,
            mails.map((mail) => mail.id),
          );
          return mails.length;
        }
        for (const mail of mails) {
          try {
            await send(mail, transport);
            await markMail(tx, mail.id, {
              status: 'sent',
              attempts: mail.attempts + 1,
              sentAt: new Date(),
              lastError: null,
            });
            sent++;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            log.warn({ mailId: mail.id, to: mail.to, err: message }, 'mail delivery failed; will retry');
            const attempts = mail.attempts + 1;
            // After the last try it is marked failed, for the admin to see, instead of waiting forever.
            await markMail(tx, mail.id, {
              attempts,
              lastError: message.slice(0, 500),
              ...(attempts >= MAX_ATTEMPTS ? { status: 'failed' } : {}),
            });
          }
        }
        return mails.length;
      });
      if (batch < BATCH) return sent;
    }
  };

  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const flush = (): Promise<number> => {
    if (!running) {
      running = deliverRound().finally(() => {
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
