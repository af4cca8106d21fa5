import { WRONG_CODES_PER_HOUR } from '@clubtix/contract';
import type { DbOrTx } from '../../db/client';
import type { DiscountRow } from '../../db/schema';
import { fieldError, RateLimitedError, say } from '../../core/errors';
import { clientAddressOf } from '../../plugins/client-address';
import { countHits, giveBackHit, type Counter } from '../limits/rate-limits.repo';
import { findDiscountByCode } from './discounts.repo';

/** One code, told alike whether the event never had it or its admin switched it off. */
const NOT_VALID = 'This code is not valid for this event';

/**
 * The buyer's messages for a code that cannot be used now (docs/product.md section 19). An unknown
 * code and an inactive one are told in the same words, so a code switched off cannot be told from
 * one never made (docs/decisions/0063-code-guessing-limits.md).
 */
export const CODE_PROBLEMS = {
  unknown: NOT_VALID,
  inactive: NOT_VALID,
  notYet: 'This code is not valid yet',
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
} as const;

/**
 * Why a code cannot be used at `now`, or null when it can: the same conditions as takeUse's
 * UPDATE (discount-uses.repo.ts), checked in the same order a buyer would want to hear them.
 */
export function codeProblem(row: DiscountRow | undefined, now: Date): string | null {
  if (!row) return CODE_PROBLEMS.unknown;
  if (!row.isActive) return CODE_PROBLEMS.inactive;
  if (row.validFrom && row.validFrom > now) return CODE_PROBLEMS.notYet;
  if (row.validUntil && row.validUntil < now) return CODE_PROBLEMS.expired;
  if (row.maxUses !== null && row.usedCount >= row.maxUses) return CODE_PROBLEMS.usedUp;
  return null;
}

const HOUR = 3600;

/** The wrong codes of one client address (request.ip, counted as plugins/client-address.ts says) on one event. */
const wrongCodesOf = (eventId: string, ip: string): Counter => ({
  key: `wrong-codes:${eventId}:${clientAddressOf(ip)}`,
  windowSeconds: HOUR,
});

const tooManyWrongCodes = (secondsLeft: number) =>
  new RateLimitedError(
    say(
      'Too many wrong codes from your network for this event: try again {minutes, plural, =1 {in a minute} other {in # minutes}}.',
      { minutes: Math.max(1, Math.ceil(secondsLeft / 60)) },
    ),
    secondsLeft,
  );

/**
 * A code a caller typed, as the event holds it, and why it cannot be used now (null: it can). Every
 * look at a caller's code comes here, whichever call carries it (checkCode, the ticket list's `code`,
 * a hold's or an order's `discountCode`), so no call can be used to try codes past the limit
 * (docs/decisions/0063-code-guessing-limits.md). The look is counted first, in the shared
 * rate_limits table, as a wrong code of the address for the event; past WRONG_CODES_PER_HOUR it
 * answers 429 whatever the code, right ones too. A code the event holds and has not switched off
 * gives its count back (usable, or told expired, not yet valid or used up, which it says anyway), so
 * only wrong codes use the allowance: unknown ones, and inactive ones, which are told in the same
 * words and must not be told apart by the count either. Counted before it is known, a look cannot
 * slip past the limit beside others arriving at once, on any process: each sees its own count.
 */
async function lookUpTypedCode(
  db: DbOrTx,
  eventId: string,
  code: string,
  ip: string,
  now: Date,
): Promise<{ row: DiscountRow | undefined; problem: string | null }> {
  const counter = wrongCodesOf(eventId, ip);
  const [[count], row] = await Promise.all([countHits(db, [counter]), findDiscountByCode(db, eventId, code)]);
  if (count!.hits > WRONG_CODES_PER_HOUR) throw tooManyWrongCodes(count!.secondsLeft);
  if (row?.isActive) await giveBackHit(db, counter.key);
  return { row, problem: codeProblem(row, now) };
}

/**
 * The event's code that is usable now, else a 400 on `field` saying why (`code` for checkCode,
 * `discountCode` for the purchase's calls). `ip`: the caller's, whose wrong codes are counted.
 */
export async function findUsableCode(
  db: DbOrTx,
  eventId: string,
  code: string,
  field: string,
  ip: string,
  now = new Date(),
): Promise<DiscountRow> {
  const { row, problem } = await lookUpTypedCode(db, eventId, code, ip, now);
  if (problem) throw fieldError(field, problem);
  return row!;
}

/** The hidden tickets a code opens: those it names, when it is usable now; none otherwise. */
export async function ticketsOpenedBy(
  db: DbOrTx,
  eventId: string,
  code: string | undefined,
  ip: string,
): Promise<Set<string>> {
  if (!code) return new Set();
  const { row, problem } = await lookUpTypedCode(db, eventId, code, ip, new Date());
  return problem === null ? new Set(row!.ticketIds) : new Set();
}
