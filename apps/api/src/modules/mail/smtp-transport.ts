import { onFirstUse } from '../../core/on-first-use';
import type { Transport } from './mailer';

/**
 * SMTP delivery through nodemailer, from SMTP_URL: smtp://user:pass@host:port (STARTTLS when the
 * server offers it) or smtps://… (TLS from the start). nodemailer reads options from the query
 * string too, e.g. `?ignoreTLS=true` for a local relay, `?tls.rejectUnauthorized=false` for a
 * self-signed one. The timeouts keep an unreachable server from holding a delivery round (and the
 * outbox rows it locked) for minutes; the mail is retried on the next round.
 */
export function smtpTransport(smtpUrl: string): Transport {
  const transporter = onFirstUse(async () =>
    (await import('nodemailer')).default.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    }),
  );
  return async (mail) => {
    const sender = await transporter();
    await sender.sendMail({
      // Objects, not text: nodemailer encodes a club's name however it is spelt (club-sender.ts).
      from: mail.from,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: attachment.content,
        // An image the HTML shows is inline; a file (the ticket PDF) is one to open or save.
        ...(attachment.cid ? { cid: attachment.cid, contentDisposition: 'inline' as const } : {}),
      })),
    });
  };
}
