import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { INVITATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '@clubtix/contract';
import type { Config } from '../config';

/**
 * The token of a reset or invitation link (docs/decisions/0068-password-reset-and-invitations.md): a
 * JWT under a key of its own (derived from JWT_SECRET, so a link is never a session token nor the
 * other way round) that carries a fingerprint of the account as it was when the link was made: its
 * e-mail, password hash and session version. Setting the password changes the hash and the version,
 * so the link works once with no table of used links; a new e-mail, a sign-out everywhere or a new
 * invitation end it too.
 */
export type PasswordLinkKind = 'reset' | 'invite';

export interface LinkedAccount {
  id: string;
  email: string;
  passwordHash: string;
  sessionVersion: number;
}

const ALGORITHM = 'HS256';
const PURPOSE = 'clubtix-password-link';

const linkKey = (secret: string) => createHash('sha256').update(`${PURPOSE}\u0000${secret}`).digest();

function fingerprint(secret: string, account: LinkedAccount): string {
  return createHmac('sha256', linkKey(secret))
    .update([account.id, account.email.toLowerCase(), account.passwordHash, String(account.sessionVersion)].join('\n'))
    .digest('base64url');
}

export const linkTtlSeconds = (kind: PasswordLinkKind) =>
  kind === 'invite' ? INVITATION_TTL_HOURS * 3600 : PASSWORD_RESET_TTL_MINUTES * 60;

export async function signPasswordLink(
  config: Pick<Config, 'jwtSecret'>,
  account: LinkedAccount,
  kind: PasswordLinkKind,
): Promise<string> {
  return new SignJWT({ fp: fingerprint(config.jwtSecret, account), kind })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(account.id)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + linkTtlSeconds(kind))
    .sign(linkKey(config.jwtSecret));
}

export type LinkCheck =
  | { ok: true; userId: string; kind: PasswordLinkKind; fingerprint: string }
  | { ok: false; reason: 'expired' | 'invalid' };

/** The token's claims, if this installation signed it as a password link and it has not expired. */
export async function readPasswordLink(config: Pick<Config, 'jwtSecret'>, token: string): Promise<LinkCheck> {
  try {
    const { payload } = await jwtVerify(token, linkKey(config.jwtSecret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'sub'],
    });
    const kind = payload.kind;
    if (typeof payload.sub !== 'string' || typeof payload.fp !== 'string') return { ok: false, reason: 'invalid' };
    if (kind !== 'reset' && kind !== 'invite') return { ok: false, reason: 'invalid' };
    return { ok: true, userId: payload.sub, kind, fingerprint: payload.fp };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** Whether the link was made for the account as it is now (not used, not superseded). */
export function linkFitsAccount(config: Pick<Config, 'jwtSecret'>, claimed: string, account: LinkedAccount): boolean {
  const expected = Buffer.from(fingerprint(config.jwtSecret, account));
  const given = Buffer.from(claimed);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The page of the web app the link opens; the token rides in the fragment, which no server (nor log) sees. */
export function passwordLinkUrl(config: Pick<Config, 'publicUrl'>, token: string, kind: PasswordLinkKind): string {
  return `${config.publicUrl}/set-password#${kind === 'invite' ? 'invite=1&' : ''}token=${encodeURIComponent(token)}`;
}
