import { INVITATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES, PRODUCT_NAME, type TLanguage } from '@clubtix/contract';
import type { Config } from '../../config';
import { translatorFor } from '../../core/i18n';
import type { DbOrTx } from '../../db/client';
import { escapeHtml, htmlStart, oneLine } from './mail-format';
import { queueMails } from './mail-queue';

export interface PasswordMail {
  /** The person's club (its mails go out as the club, mail/club-sender.ts); null for sudo. */
  clubId: string | null;
  to: string;
  name: string;
  url: string;
  kind: 'reset' | 'invite';
  /** Invitations: who invited them, and to which club. */
  invitedBy?: string;
  clubName?: string;
}

/** A reset or invitation mail: what it is for, the button, the link written out, how long it works. */
export function composePasswordMail(mail: PasswordMail, language: TLanguage) {
  const t = translatorFor(language);
  const invite = mail.kind === 'invite';
  const subject = invite
    ? t('mail.invitationSubject', { club: oneLine(mail.clubName ?? PRODUCT_NAME) })
    : t('mail.passwordResetSubject', { product: PRODUCT_NAME });
  const greeting = t('mail.passwordGreeting', { name: oneLine(mail.name) });
  const intro = invite
    ? t('mail.invitationIntro', {
        inviter: oneLine(mail.invitedBy ?? PRODUCT_NAME),
        club: oneLine(mail.clubName ?? PRODUCT_NAME),
        product: PRODUCT_NAME,
      })
    : t('mail.passwordResetIntro', { product: PRODUCT_NAME });
  const button = invite ? t('mail.invitationButton') : t('mail.passwordResetButton');
  const valid = invite
    ? t('mail.invitationValid', { days: INVITATION_TTL_HOURS / 24 })
    : t('mail.passwordResetValid', { minutes: PASSWORD_RESET_TTL_MINUTES });
  const after = invite ? t('mail.invitationIgnore') : t('mail.passwordResetIgnore');
  const text = [greeting, '', intro, '', `${button}:`, mail.url, '', valid, after].join('\n');
  const html = [
    htmlStart(language),
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(mail.url)}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;` +
      `text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(button)}</a></p>`,
    `<p style="word-break:break-all;font-size:13px;color:#555555;">${escapeHtml(mail.url)}</p>`,
    `<p style="color:#555555;">${escapeHtml(valid)} ${escapeHtml(after)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

/**
 * Queued in the caller's transaction (an invitation with the account it invites), always: the
 * person asked for it or an admin did, and the reset's own bounds (auth/password-reset.service.ts)
 * keep strangers from sending many.
 */
export async function queuePasswordMail(
  db: DbOrTx,
  config: Pick<Config, 'mailDailyLimitPerClub'>,
  mail: PasswordMail,
  language: TLanguage,
): Promise<void> {
  await queueMails(db, config, [
    { clubId: mail.clubId, to: mail.to, ...composePasswordMail(mail, language), dedupeKey: null, quota: 'always' },
  ]);
}
