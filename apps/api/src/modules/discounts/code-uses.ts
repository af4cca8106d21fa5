import type { DbOrTx } from '../../db/client';
import type { DiscountRow } from '../../db/schema';
import { fieldError, type AppError } from '../../core/errors';
import { CODE_PROBLEMS, codeProblem, findUsableCode } from './code-checks';
import { takeUse } from './discount-uses.repo';
import { findDiscountById } from './discounts.repo';
import { discountOff, NOT_APPLICABLE_MESSAGE, type TicketLine } from './pricing';

/** What an order records of its code (docs/product.md section 19); no code: nothing off. */
export interface OrderDiscount {
  discountId: string | null;
  discountCode: string | null;
  discountAmount: number;
}

export const NO_DISCOUNT: OrderDiscount = { discountId: null, discountCode: null, discountAmount: 0 };

export const ACCESS_CODE_NEEDED = 'This ticket needs an access code';

/** The field of the purchase's requests that carries a code. */
const FIELD = 'discountCode';

/**
 * A code a buyer typed, checked and priced against the ticket lines: usable now, else 400 saying
 * why; applying to none of the lines, 400 too. Nothing is taken yet (takeCodeUse, in the hold's or
 * the order's transaction). `ip`: the buyer's, whose wrong codes are counted (code-checks.ts).
 */
export async function priceCode(
  db: DbOrTx,
  eventId: string,
  code: string,
  lines: readonly TicketLine[],
  ip: string,
): Promise<{ row: DiscountRow; discount: OrderDiscount }> {
  const row = await findUsableCode(db, eventId, code, FIELD, ip);
  const amount = discountOff(lines, {
    kind: row.kind as 'percent' | 'amount',
    value: row.value,
    ticketIds: row.ticketIds,
  });
  if (amount === null) throw fieldError(FIELD, NOT_APPLICABLE_MESSAGE);
  return { row, discount: { discountId: row.id, discountCode: row.code, discountAmount: amount } };
}

/** Hidden ticket types are sold only with a code that names them (an access code); else 400 on `tickets`. */
export function assertAccessOpened(
  tickets: readonly { id: string; hidden: boolean }[],
  code: Pick<DiscountRow, 'ticketIds'> | undefined,
): void {
  if (tickets.some((ticket) => ticket.hidden && !code?.ticketIds.includes(ticket.id))) {
    throw fieldError('tickets', ACCESS_CODE_NEEDED);
  }
}

/**
 * Takes one use of the code in the caller's transaction; when none could be taken (the last went
 * to another buyer a moment ago, or the code changed), 400 saying why, which rolls the caller back.
 */
export async function takeCodeUse(tx: DbOrTx, discountId: string): Promise<void> {
  if (await takeUse(tx, discountId)) return;
  throw await codeUseRefusal(tx, discountId);
}

/** Why no use of a code could be taken, read again from its row: 400 on the code's field. */
export async function codeUseRefusal(db: DbOrTx, discountId: string): Promise<AppError> {
  const row = await findDiscountById(db, discountId, null);
  return fieldError(FIELD, codeProblem(row, new Date()) ?? CODE_PROBLEMS.usedUp);
}
