import nodemailer from 'nodemailer';
import type { Transport } from './mailer';

/** SMTP delivery through nodemailer, from SMTP_URL (smtp://user:pass@host:port or smtps://…). */
export function smtpTransport(smtpUrl: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transporter.sendMail(mail);
  };
}
