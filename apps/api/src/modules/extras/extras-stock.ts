import type { DbOrTx, Tx } from '../../db/client';
import { soldOut, type AppError, say } from '../../core/errors';
import { countExtrasTaken, findLapsedOrderExtras, lockLimitedExtras, type TakenExclusions } from './extras-stock.repo';

/** One extra wanted, on its own or as a line of an order. */
export interface ExtrasLine {
  extrasId: string;
  quantity: number;
}

export interface ExtrasStockOptions extends TakenExclusions {
  /** config.reservationMinutes: how long a pending purchase or order holds what it took. */
  reservationMinutes: number;
}

/** 409 SOLD_OUT naming the extra, and how many are left when some are. */
export function extrasSoldOut(name: string, left: number): AppError {
  return soldOut(
    left > 0 ? say('Not enough {name} left: {left} remaining', { name, left }) : say('{name} is sold out', { name }),
  );
}

function wantedPerExtra(lines: readonly ExtrasLine[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.extrasId, (wanted.get(line.extrasId) ?? 0) + line.quantity);
  return wanted;
}

/** An extra with fewer left than wanted. */
export interface ExtrasShortfall {
  extrasId: string;
  name: string;
  /** What is left of its quantity (0 or less: sold out). */
  left: number;
}

/**
 * The first extra among `lines` with fewer left than wanted, or null. Each extra with a quantity
 * (docs/product.md section 14) is locked (SELECT … FOR UPDATE on its row, until the caller's
 * transaction ends) before what is taken is counted: paid, or pending and created within
 * RESERVATION_MINUTES, bought alone or on an order. Extras without a quantity are neither locked
 * nor counted; unknown ids are the caller's to refuse.
 */
export async function findExtrasShortfall(
  tx: DbOrTx,
  lines: readonly ExtrasLine[],
  options: ExtrasStockOptions,
): Promise<ExtrasShortfall | null> {
  const wanted = wantedPerExtra(lines);
  const limited = await lockLimitedExtras(tx, [...wanted.keys()]);
  for (const eventId of new Set(limited.map((item) => item.eventId))) {
    const ofEvent = limited.filter((item) => item.eventId === eventId);
    const taken = await countExtrasTaken(
      tx,
      eventId,
      ofEvent.map((item) => item.id),
      options.reservationMinutes,
      options,
    );
    for (const item of ofEvent) {
      const left = (item.quantity ?? 0) - (taken.get(item.id) ?? 0);
      if ((wanted.get(item.id) ?? 0) > left) return { extrasId: item.id, name: item.name, left };
    }
  }
  return null;
}

/**
 * For an order being settled: the first of its extras that fell short after its hold on them lapsed
 * (findLapsedOrderExtras), counted under their row locks without the order's own lines, or null.
 * An order that still holds its extras is not checked: what it holds was counted when it was priced.
 */
export async function findLapsedOrderShortfall(
  tx: DbOrTx,
  orderId: string,
  reservationMinutes: number,
): Promise<ExtrasShortfall | null> {
  const lines = await findLapsedOrderExtras(tx, orderId, reservationMinutes);
  if (lines.length === 0) return null;
  return findExtrasShortfall(tx, lines, { reservationMinutes, excludeOrderId: orderId });
}

/**
 * Checks extras against their quantity inside the caller's transaction, before it writes them
 * (findExtrasShortfall): more than is left throws 409 SOLD_OUT naming the extra, so the caller's
 * transaction rolls back with nothing written. The row locks last until the caller commits, so
 * buyers on any number of processes pass one at a time and never above the quantity together.
 *
 * The order path passes the order's extras lines (several lines of one extra add up) and
 * `excludeOrderId` when it replaces that order's lines, so its own current lines are not counted.
 */
export async function assertExtrasInStock(
  tx: Tx,
  lines: readonly ExtrasLine[],
  options: ExtrasStockOptions,
): Promise<void> {
  const short = await findExtrasShortfall(tx, lines, options);
  if (short) throw extrasSoldOut(short.name, short.left);
}
