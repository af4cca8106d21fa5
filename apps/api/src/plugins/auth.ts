import type { FastifyRequest } from 'fastify';
import { ROLE_ADMIN, ROLE_STAFF, ROLE_SUDO, type TCurrentUser } from '@clubtix/contract';
import type { Db } from '../db/client';
import { verifyToken } from '../core/tokens';
import { eq } from 'drizzle-orm';
import { staffEvents, users } from '../db/schema';
import type { Actor } from '../core/actor';
import { AppError } from '../core/errors';

/**
 * A door scanner sends a request every few hundred milliseconds with the same token, and checking
 * the token and reading its user again each time was a third of a scan's database work. So the
 * actor of a token is kept for one second: a changed or removed user is seen by this process at
 * once (the user and club services call forgetActors) and by other processes within that second,
 * a password change included: another process may accept a token it ended for up to ACTOR_TTL_MS
 * (docs/decisions/0019-sessions-and-my-account.md). Nothing depends on the cache being there: a
 * miss asks the database as before.
 */
export const ACTOR_TTL_MS = 1_000;
const MAX_CACHED_TOKENS = 10_000;

interface CachedActor {
  actor: Actor;
  /** The token's own expiry and the end of the second it is trusted for, epoch milliseconds. */
  expiresAt: number;
  fresh: number;
  /** Checked with this secret, in this generation (see forgetActors). */
  secret: string;
  generation: number;
}

/** One cache per database: each app (and each test's app) has its own users. */
const actorCaches = new WeakMap<Db, Map<string, CachedActor>>();
let generation = 0;

/**
 * Reads of a token's actor under way. Requests that miss the cache together share one: the scanners
 * of a door may share a token, and each second all of their requests in flight missed at once and
 * queued for the pool's connections, the door's own statements behind them (docs/performance.md,
 * "Check-in under load and after an import").
 */
const actorReads = new WeakMap<Db, Map<string, { actor: Promise<Actor>; secret: string; generation: number }>>();

/** Called whenever a user or club is changed or removed in this process: every cached actor is stale. */
export function forgetActors(): void {
  generation++;
}

function actorCacheOf(db: Db): Map<string, CachedActor> {
  let cache = actorCaches.get(db);
  if (!cache) {
    cache = new Map();
    actorCaches.set(db, cache);
  }
  return cache;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * A token signed before the user's session version last rose: a password change (docs/product.md
 * section 18) or a sign-out (docs/decisions/0065-sign-in-proxies-and-sign-out.md), here or elsewhere.
 */
export const sessionEnded = () =>
  new AppError(
    'UNAUTHENTICATED',
    'Your session has ended: you signed out, or your password was changed. Please sign in again.',
  );

const tokenExpired = () => new AppError('TOKEN_EXPIRED', 'Your session has expired. Please sign in again.');

export async function authenticate(request: FastifyRequest, db: Db, secret: string): Promise<Actor> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  const now = Date.now();
  const cache = actorCacheOf(db);
  const cached = cache.get(token);
  if (cached && now < cached.fresh && cached.generation === generation && cached.secret === secret) {
    if (now >= cached.expiresAt) throw tokenExpired();
    return cached.actor;
  }
  let reads = actorReads.get(db);
  if (!reads) {
    reads = new Map();
    actorReads.set(db, reads);
  }
  const read = reads.get(token);
  if (read && read.generation === generation && read.secret === secret) return read.actor;
  // Taken before the user is read: a change committed meanwhile makes this entry stale at once.
  const readIn = generation;
  const actor = readActor(token, db, secret, cache, now, readIn);
  reads.set(token, { actor, secret, generation: readIn });
  try {
    return await actor;
  } finally {
    if (reads.get(token)?.actor === actor) reads.delete(token);
  }
}

async function readActor(
  token: string,
  db: Db,
  secret: string,
  cache: Map<string, CachedActor>,
  now: number,
  readIn: number,
): Promise<Actor> {
  const result = await verifyToken(token, secret);
  if (!result.ok) {
    if (result.reason === 'expired') throw tokenExpired();
    throw new AppError('UNAUTHENTICATED', 'Your session is not valid. Please sign in again.');
  }
  // Read here rather than through users.repo: plugins/ stays below modules/ (docs/decisions/0026-one-purchase-pipeline.md).
  const [user] = await db.select().from(users).where(eq(users.id, result.userId));
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists. Please sign in again.');
  if (result.sessionVersion !== user.sessionVersion) throw sessionEnded();
  const staffEventIds =
    user.role === ROLE_STAFF && !user.allEvents
      ? (
          await db.select({ eventId: staffEvents.eventId }).from(staffEvents).where(eq(staffEvents.userId, user.id))
        ).map((row) => row.eventId)
      : undefined;
  const actor = toActor(user, staffEventIds);
  if (cache.size >= MAX_CACHED_TOKENS) cache.clear();
  cache.set(token, { actor, expiresAt: result.expiresAt, fresh: now + ACTOR_TTL_MS, secret, generation: readIn });
  return actor;
}

/**
 * For the public reads that show more to a club's own admins (`optionalAuth`): a token that is not
 * accepted (expired, forged, garbage, its user removed) reads as no token, so the public answer is
 * never lost to a stale session. Calls that require a token keep their 401 and 440.
 */
export async function authenticateIfAccepted(request: FastifyRequest, db: Db, secret: string): Promise<Actor | null> {
  try {
    return await authenticate(request, db, secret);
  } catch (error) {
    if (error instanceof AppError && (error.code === 'UNAUTHENTICATED' || error.code === 'TOKEN_EXPIRED')) return null;
    throw error;
  }
}

/** The user as sign-in and the account calls answer it (`currentUser`, docs/product.md section 12). */
export function toCurrentUser(user: {
  id: string;
  email: string;
  name: string;
  role: number;
  clubId: string | null;
}): TCurrentUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    // Any role not known reads as the least: door staff (docs/decisions/0032-door-staff.md).
    role: user.role === ROLE_SUDO ? ROLE_SUDO : user.role === ROLE_ADMIN ? ROLE_ADMIN : ROLE_STAFF,
    clubId: user.clubId,
  };
}

/**
 * Door staff carry their scope: every event of their club (`allEvents`), or exactly the events listed,
 * none of them when none is listed (docs/decisions/0061-staff-scope.md).
 */
export function toActor(
  user: Parameters<typeof toCurrentUser>[0] & { sessionVersion: number; allEvents?: boolean },
  staffEventIds?: readonly string[],
): Actor {
  const actor: Actor = { ...toCurrentUser(user), sessionVersion: user.sessionVersion };
  if (actor.role !== ROLE_STAFF) return actor;
  const allEvents = user.allEvents === true;
  return { ...actor, staffAllEvents: allEvents, staffEventIds: allEvents ? [] : (staffEventIds ?? []) };
}
