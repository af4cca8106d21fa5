import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt is memory-hard (docs/product.md section 13): N=2^15, r=8, p=1 uses 32 MiB per hash.
const N = 32_768;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spent on unknown e-mails too, so the answer time does not tell which e-mails exist. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));

const INVITED = 'invited$';

/**
 * What an invited account holds until its person sets a password through the invitation's link
 * (docs/decisions/0068-password-reset-and-invitations.md): no password matches it, and a fresh one on
 * each invitation makes the earlier links stop working (the links are bound to it).
 */
export function invitationHash(): string {
  return `${INVITED}${randomBytes(18).toString('base64url')}`;
}

export const isInvitationHash = (stored: string) => stored.startsWith(INVITED);
