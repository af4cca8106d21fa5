import type { FastifyRequest } from 'fastify';
import { ROLE_SUDO, TOKEN_EXPIRED_STATUS, type TCurrentUser } from '@clubtix/contract';
import type { Db } from '../db/client';
import { verifyToken } from '../modules/auth/tokens';
import { findUserById } from '../modules/users/users.repo';
import { AppError } from './errors';

/** The signed-in user making a request, read fresh from the database on every call. */
export type Actor = TCurrentUser;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export async function authenticate(request: FastifyRequest, db: Db, secret: string): Promise<Actor> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED', 401, 'Please sign in to continue');
  const result = await verifyToken(token, secret);
  if (!result.ok) {
    if (result.reason === 'expired') {
      throw new AppError('TOKEN_EXPIRED', TOKEN_EXPIRED_STATUS, 'Your session has expired. Please sign in again.');
    }
    throw new AppError('UNAUTHENTICATED', 401, 'Your session is not valid. Please sign in again.');
  }
  const user = await findUserById(db, result.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Your account no longer exists. Please sign in again.');
  return toActor(user);
}

export function toActor(user: { id: string; email: string; name: string; role: number; clubId: string | null }): Actor {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === ROLE_SUDO ? ROLE_SUDO : 10,
    clubId: user.clubId,
  };
}
