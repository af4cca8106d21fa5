import { SIGN_UPS_PER_HOUR, type Endpoint } from '@clubtix/contract';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { countHits, type Counter } from '../modules/limits/rate-limits.repo';
import { clientAddressOf } from './client-address';
import { RateLimitedError, say, type Said } from '../core/errors';

const MINUTE = 60;
const HOUR = 3600;

interface Limit extends Counter {
  max: number;
  message: (secondsLeft: number) => Said;
}

/** "in a minute", "in 42 minutes": a buyer reads minutes, Retry-After carries the seconds. */
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / MINUTE));

/** Whether the query (as parsed, before validation) carries `field` with something in it. */
function carries(query: unknown, field: string): boolean {
  const value = (query as Record<string, unknown> | undefined)?.[field];
  if (Array.isArray(value)) return value.some((item) => typeof item === 'string' && item.trim() !== '');
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The counters a call of the endpoint from `ip` (request.ip) counts against; none when off, or when
 * the endpoint counts only calls carrying a query field (`rateLimitOnlyWith`) and this one does not.
 */
export function publicWriteLimits(config: Config, endpoint: Endpoint, ip: string, query?: unknown): Limit[] {
  if (!endpoint.rateLimit || config.publicWriteLimit === 0) return [];
  if (endpoint.rateLimitOnlyWith && !carries(query, endpoint.rateLimitOnlyWith)) return [];
  const address = clientAddressOf(ip);
  const limits: Limit[] = [
    {
      key: `public-write:${address}`,
      windowSeconds: MINUTE,
      max: config.publicWriteLimit,
      message: (left) =>
        say(
          'Too many attempts from your network: try again {minutes, plural, =1 {in a minute} other {in # minutes}}.',
          {
            minutes: minutesOf(left),
          },
        ),
    },
  ];
  if (endpoint.rateLimit === 'signUp') {
    limits.push({
      key: `sign-up:${address}`,
      windowSeconds: HOUR,
      max: SIGN_UPS_PER_HOUR,
      message: (left) =>
        say(
          'Too many sign-up attempts from your network: try again {minutes, plural, =1 {in a minute} other {in # minutes}}.',
          { minutes: minutesOf(left) },
        ),
    });
  }
  return limits;
}

/**
 * The public-write limit of docs/product.md section 18, checked by the gate of plugins/routes.ts before
 * the request is validated or handled: over it, the call answers 429 with Retry-After and nothing
 * is read, held or written (nor is sign-up's password hashed). Every call counts, refused ones too:
 * the window is fixed, so a client that keeps trying is not kept out any longer for it.
 */
export async function assertWithinPublicWriteLimit(
  db: DbOrTx,
  config: Config,
  endpoint: Endpoint,
  ip: string,
  query?: unknown,
): Promise<void> {
  const limits = publicWriteLimits(config, endpoint, ip, query);
  if (limits.length === 0) return;
  const counts = await countHits(db, limits);
  let refusal: RateLimitedError | null = null;
  for (const limit of limits) {
    const count = counts.find((candidate) => candidate.key === limit.key)!;
    // The longest wait wins: trying again sooner would only be refused again.
    if (count.hits > limit.max && (!refusal || count.secondsLeft > refusal.retryAfterSeconds)) {
      refusal = new RateLimitedError(limit.message(count.secondsLeft), count.secondsLeft);
    }
  }
  if (refusal) throw refusal;
}
