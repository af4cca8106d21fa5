import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { claimQueued, markMail } from './outbox.repo';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Delivers one mail; SMTP (nodemailer) when SMTP_URL is set. */
export type Transport = (mail: OutgoingMail & { from: string }) => Promise<void>;

export interface Mailer {
  /** Sends what is queued now (called after a commit that queued mail, and on a timer). */
  flush(): Promise<number>;
}

/**
 * The outbox (DECISIONS.md section 2): mail is written in the same transaction as what it is about,
 * then delivered. With no SMTP_URL it stays in the table, marked 'kept', and is written to the log.
 */
export function createMailer(db: Db, config: Config, transport: Transport | null, log: FastifyBaseLogger): Mailer {
  let running: Promise<number> | null = null;
  const deliver = async (): Promise<number> => {
    let sent = 0;
    while (true) {
      const batch = await db.transaction(async (tx) => {
        const mails = await claimQueued(tx, 20);
        for (const mail of mails) {
          if (!transport) {
            log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP_URL set)');
            await markMail(tx, mail.id, { status: 'kept', attempts: mail.attempts + 1 });
            continue;
          }
          try {
            await transport({
              from: config.mailFrom,
              to: mail.to,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
            });
            await markMail(tx, mail.id, {
              status: 'sent',
              attempts: mail.attempts + 1,
              sentAt: new Date(),
              lastError: null,
            });
            sent++;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            log.warn({ to: mail.to, err: message }, 'mail delivery failed; will retry');
            await markMail(tx, mail.id, { attempts: mail.attempts + 1, lastError: message.slice(0, 500) });
          }
        }
        return mails.length;
      });
      if (batch < 20) return sent;
    }
  };
  return {
    flush() {
      // One delivery round at a time per process; a flush asked for meanwhile joins it.
      running ??= deliver().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
