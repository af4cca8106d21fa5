import type { TCurrency, TDiscount, TSaveDiscountRequest } from '@clubtix/contract';
import { formatMoney } from '@clubtix/contract';
import type { FormErrors } from '@mantine/form';
import type { CalendarDate } from '../../lib/date-parsing';
import { toMajorUnits, toMinorUnits } from '../../lib/money-input';
import {
  checkOptionalMoment,
  checkSameDayOrder,
  END_OF_DAY,
  optionalMomentToIso,
  optionalNumber,
  START_OF_DAY,
} from '../../lib/moment-fields';
import { formatDateTime, toWallClock } from '../../lib/zoned-time';
import { currentLanguage, i18n } from '../../i18n/i18n';

// The codes page loads the `discounts` catalogue these words come from.
const say = (key: string, params: Record<string, unknown> = {}) => i18n.t(`discounts:${key}`, params);

/**
 * The code form's fields: a percent typed as a whole number, an amount in major units of the
 * event's currency, the validity window as days and times on the event's clock.
 */
export type DiscountFormValues = {
  code: string;
  kind: 'percent' | 'amount';
  /** A whole percent, or an amount in major units, as the kind says. */
  value: number | string;
  ticketIds: string[];
  maxUses: number | string;
  validFromDate: CalendarDate | null;
  validFromTime: string;
  validUntilDate: CalendarDate | null;
  validUntilTime: string;
  isActive: boolean;
};

export const DISCOUNT_FIELD_OF: Record<string, string> = { validFrom: 'validFromDate', validUntil: 'validUntilDate' };

export function discountToFormValues(discount: TDiscount | undefined, timezone: string): DiscountFormValues {
  const from = discount?.validFrom ? toWallClock(discount.validFrom, timezone) : null;
  const until = discount?.validUntil ? toWallClock(discount.validUntil, timezone) : null;
  return {
    code: discount?.code ?? '',
    kind: discount?.kind ?? 'percent',
    value: !discount ? '' : discount.kind === 'percent' ? discount.value : toMajorUnits(discount.value),
    ticketIds: discount?.ticketIds ?? [],
    maxUses: discount?.maxUses ?? '',
    validFromDate: from?.date ?? null,
    validFromTime: from?.time ?? '',
    validUntilDate: until?.date ?? null,
    validUntilTime: until?.time ?? '',
    isActive: discount?.isActive ?? true,
  };
}

interface DiscountContext {
  eventId: string;
  timezone: string;
  discount?: TDiscount;
}

function valueOf(values: DiscountFormValues): number {
  if (values.kind === 'percent') return values.value === '' ? Number.NaN : Number(values.value);
  // Unreadable amounts fail the schema; checkDiscountForm gives the message in major units.
  return toMinorUnits(values.value) ?? Number.NaN;
}

export function discountFormToRequest(
  values: DiscountFormValues,
  { eventId, timezone, discount }: DiscountContext,
): TSaveDiscountRequest {
  return {
    ...(discount ? { id: discount.id } : {}),
    eventId,
    code: values.code,
    kind: values.kind,
    value: valueOf(values),
    ticketIds: values.ticketIds,
    maxUses: optionalNumber(values.maxUses),
    validFrom: optionalMomentToIso(values.validFromDate, values.validFromTime, timezone, START_OF_DAY),
    validUntil: optionalMomentToIso(values.validUntilDate, values.validUntilTime, timezone, END_OF_DAY),
    isActive: values.isActive,
  };
}

/** The saved code as a save request, for changes made from the list (activate, deactivate). */
export function discountToRequest(
  discount: TDiscount,
  changes: Partial<TSaveDiscountRequest> = {},
): TSaveDiscountRequest {
  const { id, eventId, code, kind, value, ticketIds, maxUses, validFrom, validUntil, isActive } = discount;
  return { id, eventId, code, kind, value, ticketIds, maxUses, validFrom, validUntil, isActive, ...changes };
}

export function checkDiscountForm(values: DiscountFormValues): FormErrors {
  const errors: FormErrors = {};
  if (values.kind === 'percent') {
    if (values.value === '') errors.value = say('errors.percentRequired');
  } else if (String(values.value).trim() === '') errors.value = say('errors.amountRequired');
  else if (toMinorUnits(values.value) === null) errors.value = say('errors.amountInvalid');
  // 0 is an access code's: it takes nothing off, and must name the hidden tickets it opens.
  if (!errors.value && valueOf(values) === 0 && values.ticketIds.length === 0) {
    errors.value = say('errors.zeroNeedsTickets');
  }
  const from = {
    dateField: 'validFromDate',
    timeField: 'validFromTime',
    date: values.validFromDate,
    time: values.validFromTime,
  };
  const until = {
    dateField: 'validUntilDate',
    timeField: 'validUntilTime',
    date: values.validUntilDate,
    time: values.validUntilTime,
  };
  checkSameDayOrder(errors, from, until, say('errors.untilBeforeFrom'));
  checkOptionalMoment(errors, from);
  checkOptionalMoment(errors, until);
  return errors;
}

/** "20% off" or "£5.00 off each ticket". */
export function discountValueText(discount: Pick<TDiscount, 'kind' | 'value'>, currency: TCurrency): string {
  return discount.kind === 'percent'
    ? say('text.percentOff', { value: discount.value })
    : say('text.amountOff', { amount: formatMoney(discount.value, currency, currentLanguage()) });
}

/** "3 / 10" against a limit, "3 / unlimited" without one. */
export function discountUsesText(discount: Pick<TDiscount, 'used' | 'maxUses'>): string {
  return `${discount.used} / ${discount.maxUses ?? say('text.unlimited')}`;
}

/** Which tickets the code applies to, by name; an access code's hidden ones say so. */
export function discountTicketsText(
  discount: Pick<TDiscount, 'ticketIds'>,
  tickets: ReadonlyArray<{ id: string; name: string; hidden: boolean }>,
): string {
  if (discount.ticketIds.length === 0) return say('text.allTickets');
  const names = discount.ticketIds.map((id) => {
    const ticket = tickets.find((item) => item.id === id);
    if (!ticket) return say('text.deletedTicket');
    return ticket.hidden ? say('text.hidden', { name: ticket.name }) : ticket.name;
  });
  return names.join(', ');
}

/** The validity window on the event's clock: "Always", "From …", "Until …" or "… to …". */
export function discountWindowText(discount: Pick<TDiscount, 'validFrom' | 'validUntil'>, timezone: string): string {
  const from = discount.validFrom ? formatDateTime(discount.validFrom, timezone) : null;
  const until = discount.validUntil ? formatDateTime(discount.validUntil, timezone) : null;
  if (from && until) return say('text.fromTo', { from, until });
  if (from) return say('text.from', { from });
  if (until) return say('text.until', { until });
  return say('text.anyTime');
}

/** Whether the code can be used now, as the buyer would find: active, in its window, uses left. */
export function discountState(
  discount: Pick<TDiscount, 'isActive' | 'used' | 'maxUses' | 'validFrom' | 'validUntil'>,
  now = new Date(),
): 'inactive' | 'used-up' | 'not-yet' | 'expired' | 'usable' {
  if (!discount.isActive) return 'inactive';
  if (discount.maxUses !== null && discount.used >= discount.maxUses) return 'used-up';
  if (discount.validFrom && new Date(discount.validFrom) > now) return 'not-yet';
  if (discount.validUntil && new Date(discount.validUntil) < now) return 'expired';
  return 'usable';
}

/** The link that opens ticket selection with the code applied: `/{slug}/tickets?code=XYZ`. */
export function codeLink(origin: string, slug: string, code: string): string {
  return `${origin}/${encodeURIComponent(slug)}/tickets?code=${encodeURIComponent(code)}`;
}
