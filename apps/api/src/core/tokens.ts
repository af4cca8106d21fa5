import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';

export interface TokenClaims {
  sub: string;
}

/**
 * `expiresAt` in epoch milliseconds; `sessionVersion` is the user's session version when the token
 * was signed (claim `sv`), checked against the user's on every request (docs/product.md section 18).
 */
export type VerifyResult =
  | { ok: true; userId: string; sessionVersion: number; expiresAt: number }
  | { ok: false; reason: 'expired' | 'invalid' };

/** Whom a token is signed for: the user and its session version at that moment. */
export interface TokenSubject {
  id: string;
  sessionVersion: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signToken(subject: TokenSubject, secret: string, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sv: subject.sessionVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(subject.id)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(secret));
}

/** The algorithm is pinned: a token signed any other way (or `alg: none`) is invalid. */
export async function verifyToken(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0 || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    // Tokens signed before session versions existed carry none: they belong to version 0, which
    // the first password change since ends like any other.
    const sessionVersion = payload.sv === undefined ? 0 : payload.sv;
    if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion) || sessionVersion < 0) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, userId: payload.sub, sessionVersion, expiresAt: payload.exp * 1000 };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** The token of a new session (sign-in, register, or the session that just changed its password). */
export function signSessionToken(
  config: { jwtSecret: string; tokenTtlSeconds: number },
  user: TokenSubject,
): Promise<string> {
  return signToken(user, config.jwtSecret, config.tokenTtlSeconds);
}
