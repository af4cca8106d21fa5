import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { clearableDateTime } from './events';
import { ZId } from './rules';
import { checkInstantOrder, type InstantOrder } from './save-request';

/**
 * Discount and access codes of an event (docs/product.md section 19): percent (0-100) or an amount
 * in minor units off each named ticket (all tickets when `ticketIds` is empty); an access code names
 * hidden tickets, which are offered only with it, and may take nothing off (value 0;
 * docs/decisions/0069-money-screens-agree.md).
 */
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export const ZDiscountKind = z.enum(DISCOUNT_KINDS, { error: 'Kind must be percent or amount' });

/** Letters, digits, dash and underscore; compared without regard to case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A code as a buyer types it: codes made before NEW_CODE_MIN_LENGTH was raised may be as short as 3. */
export const ZDiscountCode = z
  .string({ error: 'Code is required' })
  .trim()
  .min(3, 'A code has at least 3 characters')
  .max(40, 'A code has at most 40 characters')
  .regex(DISCOUNT_CODE_PATTERN, 'A code has only letters, digits, - and _');

/**
 * A new code, or a code changed to another, has at least this many characters, so it cannot be found
 * by trying them all (docs/decisions/0063-code-guessing-limits.md); older, shorter codes keep working
 * and keep their text when the rest of them is edited.
 */
export const NEW_CODE_MIN_LENGTH = 6;
export const NEW_CODE_TOO_SHORT = 'A new code has at least 6 characters';

/** Whether `code` is too short to be saved as a new code (or as a code changed from another). */
export const isTooShortForNewCode = (code: string) => code.trim().length < NEW_CODE_MIN_LENGTH;

/**
 * Wrong codes (unknown or inactive) one client address may try on one event in an hour, on
 * checkCode, the ticket list's `code`, and a hold's or an order's `discountCode` together; past it,
 * 429 for every code of that event, right or wrong, until the hour is over.
 */
export const WRONG_CODES_PER_HOUR = 20;

export const ZDiscount = z.object({
  id: z.string(),
  eventId: z.string(),
  code: z.string(),
  kind: ZDiscountKind,
  value: z.number(),
  ticketIds: z.array(z.string()),
  maxUses: z.number().nullable(),
  /** Orders holding or having paid with the code. */
  used: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TDiscount = z.infer<typeof ZDiscount>;

export const DISCOUNT_INSTANT_ORDER = [
  { start: 'validFrom', end: 'validUntil', message: 'Valid until must not be before valid from' },
] as const satisfies readonly InstantOrder[];

/** A code of value 0 (percent or amount) takes nothing off: it must open at least one hidden ticket. */
export const ZERO_VALUE_NEEDS_HIDDEN = 'A code that takes nothing off must open at least one hidden ticket';

export const ZSaveDiscountRequest = z
  .object({
    id: ZId.optional(),
    eventId: ZId,
    code: ZDiscountCode,
    kind: ZDiscountKind,
    value: z
      .number({ error: 'Value must be a number' })
      .int('Value must be a whole number')
      .min(0, 'Value must not be negative')
      .max(100_000_000, 'Value is too large'),
    ticketIds: z.array(ZId).max(200, 'Too many tickets').default([]),
    maxUses: z
      .number({ error: 'Use limit must be a number' })
      .int('Use limit must be a whole number')
      .min(1, 'Use limit must be at least 1')
      .max(1_000_000, 'Use limit is too large')
      .nullable()
      .optional(),
    validFrom: clearableDateTime('Valid from'),
    validUntil: clearableDateTime('Valid until'),
    isActive: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'percent' && value.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent discount is at most 100' });
    }
    // An access code may take nothing off: it names the hidden tickets it opens (the server checks they are).
    if (value.value === 0 && value.ticketIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: ZERO_VALUE_NEEDS_HIDDEN });
    }
    // An update may keep a shorter code made before; changing it to another is checked by the server.
    if (value.id === undefined && isTooShortForNewCode(value.code)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: NEW_CODE_TOO_SHORT });
    }
  })
  .superRefine(checkInstantOrder(DISCOUNT_INSTANT_ORDER));
export type TSaveDiscountRequest = z.input<typeof ZSaveDiscountRequest>;

/** What a buyer learns of a code before holding: what it takes off and which tickets it opens. */
export const ZCodeCheck = z.object({
  code: z.string(),
  kind: ZDiscountKind,
  value: z.number(),
  ticketIds: z.array(z.string()),
});
export type TCodeCheck = z.infer<typeof ZCodeCheck>;

export const discountEndpoints = {
  save: defineEndpoint({
    method: 'POST',
    path: '/discount/save',
    access: 'admin',
    summary: 'Create (or, with an id, update) a discount or access code of an event',
    body: ZSaveDiscountRequest,
    response: ZDiscount,
  }),
  getDiscountsByEventId: defineEndpoint({
    method: 'GET',
    path: '/discount/getDiscountsByEventId',
    access: 'admin',
    summary: "An event's codes, each with how often it was used",
    query: z.object({ eventId: ZId }),
    response: z.array(ZDiscount),
  }),
  deleteDiscount: defineEndpoint({
    method: 'DELETE',
    path: '/discount/deleteDiscount',
    access: 'admin',
    summary: 'Delete a code (orders that used it keep their discount)',
    body: z.object({ discountId: ZId }),
    response: z.object({ id: z.string() }),
  }),
  checkCode: defineEndpoint({
    method: 'GET',
    path: '/discount/checkCode',
    access: 'public',
    summary:
      'Whether a code applies to an event now: what it takes off and which tickets it opens; ' +
      'an expired, used-up or not yet valid code is 400 saying which, an unknown or inactive one 400 in the same words; ' +
      `past ${WRONG_CODES_PER_HOUR} wrong codes an hour for the event from one address, 429`,
    query: z.object({ eventId: ZId, code: z.string().trim().min(1, 'Enter a code').max(40, 'Code is too long') }),
    response: ZCodeCheck,
    rateLimit: 'publicWrite',
  }),
};
