import { instantOrderIssues, type Instant, type InstantOrder } from '@clubtix/contract';
import { fieldError } from './errors';

/*
 * The catalogue's saves (events, tickets, extras, packages, clubs): "an id means update" (docs/product.md
 * section 7). A create takes the defaults for what its body leaves out; an update writes only the
 * fields its body carries (see the contract's save-request.ts).
 */

type Sent<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** The fields a body carries, without the ones it left out: what an update writes. */
export function sentFields<T extends object>(values: T): Sent<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Sent<T>;
}

/** An instant of a body as a row holds it: null clears it, undefined (left out) stays undefined. */
export function toInstant(value: string): Date;
export function toInstant(value: string | undefined): Date | undefined;
export function toInstant(value: string | null | undefined): Date | null | undefined;
export function toInstant(value: string | null | undefined): Date | null | undefined {
  return typeof value === 'string' ? new Date(value) : value;
}

/** A field a create must carry; the save schema refuses a create without it already. */
export function requiredOnCreate<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw fieldError(field, 'is required');
  return value;
}

/**
 * The cross-field order of an update's instants, checked over the stored row with the sent fields
 * over it: a body that moves only the end must still not put it before the stored start.
 */
export function assertInstantsInOrder<K extends string>(
  merged: { [P in K]?: Instant },
  rules: readonly InstantOrder<K>[],
): void {
  const [issue] = instantOrderIssues(merged, rules);
  if (issue) throw fieldError(issue.path, issue.message);
}
