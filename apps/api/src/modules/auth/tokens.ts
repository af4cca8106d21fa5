import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';

export interface TokenClaims {
  sub: string;
}

/** `expiresAt` in epoch milliseconds. */
export type VerifyResult =
  { ok: true; userId: string; expiresAt: number } | { ok: false; reason: 'expired' | 'invalid' };

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signToken(userId: string, secret: string, ttlSeconds: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
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
    return { ok: true, userId: payload.sub, expiresAt: payload.exp * 1000 };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
