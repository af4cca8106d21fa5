import type { DbOrTx } from '../../db/client';
import type { DiscountRow } from '../../db/schema';
import { fieldError } from '../../core/errors';
import { findDiscountByCode } from './discounts.repo';

/** The buyer's messages for a code that cannot be used now (docs/product.md section 19). */
export const CODE_PROBLEMS = {
  unknown: 'This code does not exist for this event',
  inactive: 'This code is no longer active',
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

/**
 * The event's code that is usable now, else a 400 on `field` saying why (`code` for checkCode,
 * `discountCode` for the purchase's calls).
 */
export async function findUsableCode(
  db: DbOrTx,
  eventId: string,
  code: string,
  field: string,
  now = new Date(),
): Promise<DiscountRow> {
  const row = await findDiscountByCode(db, eventId, code);
  const problem = codeProblem(row, now);
  if (problem) throw fieldError(field, problem);
  return row!;
}

/** The hidden tickets a code opens: those it names, when it is usable now; none otherwise. */
export async function ticketsOpenedBy(db: DbOrTx, eventId: string, code: string | undefined): Promise<Set<string>> {
  if (!code) return new Set();
  const row = await findDiscountByCode(db, eventId, code);
  return codeProblem(row, new Date()) === null ? new Set(row!.ticketIds) : new Set();
}
