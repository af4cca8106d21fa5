import type { FastifyReply } from 'fastify';
import { LIST_CAPPED_HEADER } from '@clubtix/contract';

/**
 * A list as a service answers it: its items, and the cap it was cut at when more items exist
 * (docs/product.md section 18, docs/decisions/0020-bounded-lists-and-quotas.md).
 */
export interface CappedList<T> {
  items: T[];
  cappedAt?: number;
}

/** Rows read with a limit of `cap + 1`: one more than the cap says that more exist. */
export function capRows<T>(rows: T[], cap: number): CappedList<T> {
  return rows.length > cap ? { items: rows.slice(0, cap), cappedAt: cap } : { items: rows };
}

/** A page asked for is answered as it is: the client pages on. */
export const wholePage = <T>(items: T[]): CappedList<T> => ({ items });

/** The items for the wire (a plain array, docs/product.md section 7), the cut said in LIST_CAPPED_HEADER. */
export function answerList<T>(reply: FastifyReply, list: CappedList<T>): T[] {
  if (list.cappedAt !== undefined) reply.header(LIST_CAPPED_HEADER, String(list.cappedAt));
  return list.items;
}
