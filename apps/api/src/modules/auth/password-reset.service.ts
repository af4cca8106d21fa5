import { createHash } from 'node:crypto';
import type { TLanguage, ZResetPasswordRequest } from '@clubtix/contract';
import type { z } from 'zod';
import type { Deps } from '../../core/deps';
import { badInput } from '../../core/errors';
import { hashPassword } from '../../core/passwords';
import { forgetActors } from '../../plugins/auth';
import { clientAddressOf } from '../../plugins/client-address';
import { countHits } from '../limits/rate-limits.repo';
import { queuePasswordMail } from '../mail/password-mail';
import { findUserByEmail, findUserById } from '../users/users.repo';
import { openSession, type Session } from './auth.service';
import { linkFitsAccount, passwordLinkUrl, readPasswordLink, signPasswordLink } from '../../core/password-links';
import { setPasswordFromLink } from './sessions.repo';

const HOUR = 3600;
/** Reset mails one address may have sent in an hour, whatever e-mails it types. */
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 10;
/** Reset mails one e-mail address may receive in an hour, whoever asks. */
export const RESET_MAILS_PER_EMAIL_PER_HOUR = 3;

/**
 * Forgot password (docs/decisions/0068-password-reset-and-invitations.md). The caller always hears
 * the same: whether the e-mail has an account, and whether a bound below kept its mail back, is
 * never told. The bounds are counted for every e-mail typed, known or not (the e-mail kept only as
 * a hash), so their counting takes the same time either way; a known account then costs one
 * outbox insert more, a millisecond lost in the network's own noise. `ip` is request.ip.
 */
export async function requestPasswordReset(deps: Deps, email: string, ip: string, language: TLanguage): Promise<void> {
  const emailKey = createHash('sha256').update(email.toLowerCase()).digest('base64url');
  const [byAddress, byEmail] = await countHits(deps.db, [
    { key: `reset-mail:address:${clientAddressOf(ip)}`, windowSeconds: HOUR },
    { key: `reset-mail:email:${emailKey}`, windowSeconds: HOUR },
  ]).then((counts) => [
    counts.find((count) => count.key.startsWith('reset-mail:address:'))!,
    counts.find((count) => count.key.startsWith('reset-mail:email:'))!,
  ]);
  const user = await findUserByEmail(deps.db, email);
  if (!user || byAddress!.hits > RESET_MAILS_PER_ADDRESS_PER_HOUR || byEmail!.hits > RESET_MAILS_PER_EMAIL_PER_HOUR) {
    return;
  }
  const token = await signPasswordLink(deps.config, user, 'reset');
  await queuePasswordMail(
    deps.db,
    deps.config,
    {
      clubId: user.clubId,
      to: user.email,
      name: user.name,
      url: passwordLinkUrl(deps.config, token, 'reset'),
      kind: 'reset',
    },
    language,
  );
}

export const LINK_MESSAGES = {
  expired: 'This link has expired. Ask for a new one from the sign-in page.',
  used: 'This link has already been used or is no longer valid. Ask for a new one from the sign-in page.',
} as const;

export interface PasswordSet extends Session {
  /** Set through an invitation: the person's first sign-in. */
  invited: boolean;
}

/**
 * Sets the password a reset or invitation link was made for, once: the update applies only while
 * the account still has the password hash and session version the link was checked against, so of
 * two uses at once exactly one sets it, and the other (like any later use) answers 400. Every earlier
 * session ends (the session version is raised) and the answer opens a new one.
 */
export async function resetPassword(deps: Deps, input: z.output<typeof ZResetPasswordRequest>): Promise<PasswordSet> {
  const link = await readPasswordLink(deps.config, input.token);
  if (!link.ok) throw badInput(link.reason === 'expired' ? LINK_MESSAGES.expired : LINK_MESSAGES.used, 'token');
  const user = await findUserById(deps.db, link.userId);
  if (!user || !linkFitsAccount(deps.config, link.fingerprint, user)) throw badInput(LINK_MESSAGES.used, 'token');
  const passwordHash = await hashPassword(input.password);
  const row = await setPasswordFromLink(deps.db, user, passwordHash);
  forgetActors();
  if (!row) throw badInput(LINK_MESSAGES.used, 'token');
  return { ...(await openSession(deps, row)), invited: link.kind === 'invite' };
}
