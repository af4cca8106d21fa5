import { ZSaveDiscountRequest, type TDiscount } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkDiscountForm,
  codeLink,
  discountFormToRequest,
  discountState,
  discountTicketsText,
  discountToFormValues,
  discountToRequest,
  discountUsesText,
  discountValueText,
  discountWindowText,
} from './discount-form-values';
import { i18n, startI18n } from '../../i18n/i18n';

const discount: TDiscount = {
  id: 'd1',
  eventId: 'e1',
  code: 'SUMMER',
  kind: 'amount',
  value: 500,
  ticketIds: ['t1'],
  maxUses: 10,
  used: 3,
  validFrom: null,
  validUntil: '2026-08-15T16:00:00.000Z',
  isActive: true,
  createdAt: '2026-05-01T00:00:00.000Z',
};
const context = { eventId: 'e1', timezone: 'Europe/London' };

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('discounts');
});

describe('discount form values', () => {
  it('sends a new percent code with no limit and no window', () => {
    const values = { ...discountToFormValues(undefined, 'UTC'), code: 'early-bird', value: 20 };
    const request = discountFormToRequest(values, context);
    expect(request).toEqual({
      eventId: 'e1',
      code: 'early-bird',
      kind: 'percent',
      value: 20,
      ticketIds: [],
      maxUses: null,
      validFrom: null,
      validUntil: null,
      isActive: true,
    });
    expect(ZSaveDiscountRequest.safeParse(request).success).toBe(true);
  });

  it('edits an amount in major units on the event clock, and round-trips', () => {
    const values = discountToFormValues(discount, 'Europe/London');
    expect(values).toMatchObject({
      kind: 'amount',
      value: 5,
      maxUses: 10,
      validUntilTime: '17:00',
      validFromDate: null,
    });
    expect(ZSaveDiscountRequest.parse(discountFormToRequest(values, { ...context, discount }))).toEqual(
      ZSaveDiscountRequest.parse(discountToRequest(discount)),
    );
  });

  it('says in the form’s words what is missing or wrong', () => {
    const values = discountToFormValues(undefined, 'UTC');
    expect(checkDiscountForm(values)).toEqual({ value: 'Percent is required' });
    expect(checkDiscountForm({ ...values, kind: 'amount' })).toEqual({ value: 'Amount is required' });
    expect(checkDiscountForm({ ...values, kind: 'amount', value: '1.234' })).toEqual({
      value: 'Amount must be an amount such as 5.00, with at most 2 decimals',
    });
    expect(checkDiscountForm({ ...values, kind: 'amount', value: 0 })).toEqual({
      value: 'A code that takes nothing off must open hidden tickets: choose them below',
    });
    expect(checkDiscountForm({ ...values, value: 0 })).toEqual({
      value: 'A code that takes nothing off must open hidden tickets: choose them below',
    });
    // An access code: 0 is kept as 0, never made 1.
    expect(checkDiscountForm({ ...values, value: 0, ticketIds: ['hidden'] })).toEqual({});
    expect(
      discountFormToRequest({ ...values, value: 0, ticketIds: ['hidden'] }, { eventId: 'e', timezone: 'UTC' }).value,
    ).toBe(0);
    const day = { year: 2027, month: 3, day: 1 };
    expect(
      checkDiscountForm({
        ...values,
        value: 10,
        validFromDate: day,
        validFromTime: '18:00',
        validUntilDate: day,
        validUntilTime: '09:00',
      }),
    ).toEqual({ validUntilTime: 'Valid until must not be before valid from', validUntilDate: null });
  });

  it('refuses a new code under 6 characters, and keeps a shorter one an update leaves as it was', () => {
    const values = { ...discountToFormValues(undefined, 'UTC'), code: 'crew', value: 20 };
    const result = ZSaveDiscountRequest.safeParse(discountFormToRequest(values, context));
    expect(result.error?.issues).toMatchObject([{ path: ['code'], message: 'A new code has at least 6 characters' }]);
    const older = { ...discount, code: 'CREW' };
    expect(ZSaveDiscountRequest.safeParse(discountToRequest(older)).success).toBe(true);
  });

  it('leaves a percent over 100 to the contract’s message', () => {
    const values = { ...discountToFormValues(undefined, 'UTC'), code: 'ALL-IN', value: 120 };
    const result = ZSaveDiscountRequest.safeParse(discountFormToRequest(values, context));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A percent discount is at most 100');
  });
});

describe('a code in the list', () => {
  const tickets = [
    { id: 't1', name: 'Standard', hidden: false },
    { id: 't2', name: 'Crew', hidden: true },
  ];

  it('reads its value, uses, tickets and window', () => {
    expect(discountValueText(discount, 'gbp')).toBe('£5 off each ticket');
    expect(discountValueText({ kind: 'percent', value: 15 }, 'gbp')).toBe('15% off');
    expect(discountUsesText(discount)).toBe('3 / 10');
    expect(discountUsesText({ used: 2, maxUses: null })).toBe('2 / unlimited');
    expect(discountTicketsText({ ticketIds: [] }, tickets)).toBe('All tickets');
    expect(discountTicketsText({ ticketIds: ['t1', 't2', 'gone'] }, tickets)).toBe(
      'Standard, Crew (hidden), a deleted ticket',
    );
    expect(discountWindowText({ validFrom: null, validUntil: null }, 'UTC')).toBe('Any time');
    expect(discountWindowText(discount, 'Europe/London')).toMatch(/^Until .*17:00/);
  });

  it('makes the link that applies it', () => {
    expect(codeLink('https://tix.example', 'summer regatta', 'SUMMER_10')).toBe(
      'https://tix.example/summer%20regatta/tickets?code=SUMMER_10',
    );
  });

  it('says whether a buyer could use it now', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(discountState(discount, now)).toBe('usable');
    expect(discountState({ ...discount, isActive: false }, now)).toBe('inactive');
    expect(discountState({ ...discount, used: 10 }, now)).toBe('used-up');
    expect(discountState({ ...discount, validFrom: '2026-07-01T00:00:00Z' }, now)).toBe('not-yet');
    expect(discountState(discount, new Date('2026-09-01T00:00:00Z'))).toBe('expired');
  });
});
