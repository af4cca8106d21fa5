import {
  DISCOUNT_INSTANT_ORDER,
  isTooShortForNewCode,
  NEW_CODE_TOO_SHORT,
  type TCodeCheck,
  type TDiscount,
  type ZSaveDiscountRequest,
  ZERO_VALUE_NEEDS_HIDDEN,
} from '@clubtix/contract';
import type { z } from 'zod';
import { isCheckViolation, isUniqueViolation } from '../../db/errors';
import type { Actor } from '../../core/actor';
import { conflict, fieldError, notFound, say } from '../../core/errors';
import type { Deps } from '../../core/deps';
import { clubScope } from '../clubs/clubs.policy';
import { assertRoomInCatalogue, DISCOUNT_CATALOGUE } from '../events/catalogue-cap.repo';
import { loadManagedEvent, loadVisibleEvent } from '../events/events.service';
import { assertInstantsInOrder, toInstant } from '../../core/save-values';
import { findUsableCode } from './code-checks';
import { toCodeCheck, toDiscountDto } from './discounts.mapper';
import {
  codeKeyOf,
  deleteDiscount,
  findDiscountById,
  findDiscountsByEvent,
  findEventTicketIds,
  insertDiscount,
  updateDiscount,
  type DiscountValues,
  type EventScope,
} from './discounts.repo';

type SaveDiscountInput = z.output<typeof ZSaveDiscountRequest>;

const DUPLICATE_CODE = 'This event already has this code (codes are the same whatever their case)';

/**
 * A code may name only ticket types of its own event (another club's id is as unknown as a made-up one);
 * a code that takes nothing off is an access code: it must open at least one hidden ticket.
 */
async function checkedTicketIds(deps: Deps, scope: EventScope, input: SaveDiscountInput): Promise<string[]> {
  const wanted = [...new Set(input.ticketIds)];
  const found = await findEventTicketIds(deps.db, scope, wanted);
  if (found.length !== wanted.length) throw fieldError('ticketIds', 'Every ticket must be a ticket type of this event');
  if (input.value === 0 && !found.some((ticket) => ticket.hidden)) throw fieldError('value', ZERO_VALUE_NEEDS_HIDDEN);
  return wanted;
}

/** The unique index on (event, upper(code)) is the last word on duplicates, racing saves included. */
async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_CODE, 'code');
    throw error;
  }
}

/** Create, or with an id update, a code of an event the actor manages (docs/product.md section 19). */
export async function saveDiscount(deps: Deps, actor: Actor, input: SaveDiscountInput): Promise<TDiscount> {
  const event = await loadManagedEvent(deps, actor, input.eventId);
  const scope = { clubId: event.clubId, eventId: event.id };
  const existing = input.id ? await findDiscountById(deps.db, input.id, event.clubId) : undefined;
  if (input.id && (!existing || existing.eventId !== event.id)) throw notFound('Discount code');
  // The contract refuses a short new code; a code changed to another is refused the same way here,
  // while one made short before keeps its text when the rest of it is edited.
  if (existing && codeKeyOf(input.code) !== existing.codeKey && isTooShortForNewCode(input.code)) {
    throw fieldError('code', NEW_CODE_TOO_SHORT);
  }
  const values: Omit<DiscountValues, 'clubId' | 'eventId' | 'maxUses' | 'validFrom' | 'validUntil'> &
    Partial<Pick<DiscountValues, 'maxUses' | 'validFrom' | 'validUntil'>> = {
    code: input.code,
    codeKey: codeKeyOf(input.code),
    kind: input.kind,
    value: input.value,
    ticketIds: await checkedTicketIds(deps, scope, input),
    isActive: input.isActive,
    // Left out on an update: kept; null: cleared.
    ...(input.maxUses === undefined ? {} : { maxUses: input.maxUses }),
    ...(input.validFrom === undefined ? {} : { validFrom: toInstant(input.validFrom) }),
    ...(input.validUntil === undefined ? {} : { validUntil: toInstant(input.validUntil) }),
  };
  if (!existing) {
    const row = await refusingDuplicates(() =>
      deps.db.transaction(async (tx) => {
        await assertRoomInCatalogue(tx, DISCOUNT_CATALOGUE, event.id);
        return insertDiscount(tx, { maxUses: null, validFrom: null, validUntil: null, ...values, ...scope });
      }),
    );
    return toDiscountDto(row);
  }
  assertInstantsInOrder({ ...existing, ...values }, DISCOUNT_INSTANT_ORDER);
  let row;
  try {
    row = await refusingDuplicates(() => updateDiscount(deps.db, existing.id, scope, values));
  } catch (error) {
    if (!isCheckViolation(error)) throw error;
  }
  if (row) return toDiscountDto(row);
  const current = await findDiscountById(deps.db, existing.id, event.clubId);
  if (!current) throw notFound('Discount code');
  throw conflict(
    say('Use limit cannot be lower than the {count} uses already taken', { count: current.usedCount }),
    'maxUses',
  );
}

export async function findEventDiscounts(deps: Deps, actor: Actor, eventId: string): Promise<TDiscount[]> {
  const event = await loadManagedEvent(deps, actor, eventId);
  return (await findDiscountsByEvent(deps.db, { clubId: event.clubId, eventId: event.id })).map(toDiscountDto);
}

export async function removeDiscount(deps: Deps, actor: Actor, discountId: string): Promise<void> {
  const row = await findDiscountById(deps.db, discountId, clubScope(actor));
  if (!row) throw notFound('Discount code');
  await loadManagedEvent(deps, actor, row.eventId);
  if (!(await deleteDiscount(deps.db, row.id, row.clubId))) throw notFound('Discount code');
}

/**
 * A buyer's look at a code before holding: of a published event, usable now, else 400 saying why;
 * past the wrong codes `ip` may try on the event, 429 (code-checks.ts).
 */
export async function checkCode(deps: Deps, eventId: string, code: string, ip: string): Promise<TCodeCheck> {
  const event = await loadVisibleEvent(deps, null, eventId);
  return toCodeCheck(await findUsableCode(deps.db, event.id, code, 'code', ip));
}
