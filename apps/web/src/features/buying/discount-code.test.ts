import type { TCodeCheck, TOrder } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import {
  codeApplies,
  codeChange,
  codeDiscount,
  codeErrorText,
  codeFromSearch,
  describeCode,
  heldTicketsOrder,
  isCodeRefusal,
  lineDiscount,
  orderTicketLines,
  sameCode,
  selectionPricedLines,
} from './discount-code';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces(['buying', 'public']);
});

const tenPercent: TCodeCheck = { code: 'SPRING', kind: 'percent', value: 10, ticketIds: [] };
const fiveOffAdult: TCodeCheck = { code: 'ADULT5', kind: 'amount', value: 500, ticketIds: ['adult'] };
const tickets = [
  { id: 'adult', name: 'Adult', price: 1500, hidden: false },
  { id: 'child', name: 'Child', price: 300, hidden: false },
  { id: 'crew', name: 'Crew', price: 1000, hidden: true },
];

function order(overrides: Partial<TOrder> = {}): TOrder {
  return {
    id: 'o1',
    eventId: 'e1',
    registrationId: 'r1',
    amount: 3300,
    currency: 'gbp',
    paymentStatus: 'pending',
    discountCode: 'SPRING',
    subtotal: 3630,
    discountAmount: 330,
    gross: 3300,
    refundedAmount: 0,
    net: 3300,
    createdAt: '2026-05-01T12:00:00Z',
    paidAt: null,
    paymentMethod: null,
    items: [
      { kind: 'ticket', ticketId: 'adult', extrasId: null, name: 'Adult', quantity: 2, unitPrice: 1500, amount: 3000 },
      { kind: 'ticket', ticketId: 'child', extrasId: null, name: 'Child', quantity: 1, unitPrice: 300, amount: 300 },
      { kind: 'extras', ticketId: null, extrasId: 'x', name: 'T-shirt', quantity: 1, unitPrice: 1200, amount: 1200 },
    ],
    ...overrides,
  };
}

describe('codeFromSearch', () => {
  it.each([
    ['?code=SPRING', 'SPRING'],
    ['?code=%20spring%20', 'spring'],
    ['?code=', null],
    ['?offer=abc', null],
  ])('%s gives %s', (search, expected) => {
    expect(codeFromSearch(new URLSearchParams(search))).toBe(expected);
  });

  it('keeps at most the 40 characters a code may have', () => {
    expect(codeFromSearch(new URLSearchParams(`?code=${'A'.repeat(60)}`))).toHaveLength(40);
  });
});

describe('lineDiscount', () => {
  it.each([
    ['percent of the line, half up', tenPercent, 1505, 1, 151],
    ['percent, half down below the half', tenPercent, 1504, 1, 150],
    ['percent of several', tenPercent, 1500, 3, 450],
    ['an amount off each ticket', fiveOffAdult, 1500, 2, 1000],
    ['never more than the ticket', fiveOffAdult, 300, 2, 600],
    ['a free ticket has nothing to take off', tenPercent, 0, 2, 0],
    ['a hundred percent is the whole line', { ...tenPercent, value: 100 }, 1500, 2, 3000],
  ] as const)('%s', (_name, check, price, quantity, expected) => {
    expect(lineDiscount(check, price, quantity)).toBe(expected);
  });
});

describe('codeDiscount', () => {
  const lines = selectionPricedLines({ adult: 2, child: 1 }, tickets);

  it('takes a percent off every ticket when the code names none', () => {
    expect(codeDiscount(tenPercent, lines)).toBe(330);
  });

  it('takes off only the tickets the code names', () => {
    expect(codeDiscount(fiveOffAdult, lines)).toBe(1000);
  });

  it('rounds a percent once, on the total of the lines it covers, as the server does', () => {
    // 5% of 1010 and of 1030 would round to 51 and 52 (103) one by one; of 2040 it is 102.
    const odd = [
      { ticketId: 'a', quantity: 1, unitPrice: 1010 },
      { ticketId: 'b', quantity: 1, unitPrice: 1030 },
    ];
    expect(codeDiscount({ kind: 'percent', value: 5, ticketIds: [] }, odd)).toBe(102);
  });

  it('knows when a code covers none of the chosen tickets', () => {
    expect(codeApplies(fiveOffAdult, selectionPricedLines({ child: 2 }, tickets))).toBe(false);
    expect(codeApplies(fiveOffAdult, lines)).toBe(true);
    expect(codeApplies(tenPercent, [])).toBe(false);
  });

  it('reads the lines of an order, extras left out', () => {
    expect(orderTicketLines(order())).toEqual([
      { ticketId: 'adult', quantity: 2, unitPrice: 1500 },
      { ticketId: 'child', quantity: 1, unitPrice: 300 },
    ]);
  });
});

describe('describeCode', () => {
  it('says a percent', () => {
    expect(describeCode(tenPercent, tickets, 'gbp')).toBe('10% off');
  });

  it('says an amount and the tickets it is limited to', () => {
    expect(describeCode({ ...fiveOffAdult, ticketIds: ['adult', 'child'] }, tickets, 'gbp')).toBe(
      '£5 off each ticket on Adult and Child',
    );
  });

  it('says when it opens hidden tickets', () => {
    expect(describeCode({ ...tenPercent, ticketIds: ['crew'] }, tickets, 'gbp')).toBe(
      '10% off on Crew; opens a ticket kept for code holders',
    );
  });
});

describe('code refusals', () => {
  const expired = new ApiError(400, 'BAD_INPUT', 'This code has expired', [
    { path: 'discountCode', message: 'This code has expired' },
  ]);

  it('shows the field message, else the server message', () => {
    expect(codeErrorText(expired)).toBe('This code has expired');
    expect(codeErrorText(new ApiError(400, 'BAD_INPUT', 'This code is not known'))).toBe('This code is not known');
    expect(codeErrorText(new Error('offline'))).toMatch(/could not be checked/);
  });

  it('tells a refused code from any other refusal', () => {
    expect(isCodeRefusal(expired)).toBe(true);
    expect(isCodeRefusal(new ApiError(409, 'SOLD_OUT', 'Sold out'))).toBe(false);
    expect(isCodeRefusal(new ApiError(400, 'BAD_INPUT', 'Bad e-mail', [{ path: 'email', message: 'x' }]))).toBe(false);
  });
});

describe('the code at checkout', () => {
  it('compares codes without regard to case', () => {
    expect(sameCode('spring', 'SPRING')).toBe(true);
    expect(sameCode(null, null)).toBe(true);
    expect(sameCode('SPRING', null)).toBe(false);
  });

  it('sends nothing while the held code is kept, the new code, or null to remove it', () => {
    expect(codeChange({ code: 'spring', check: null }, 'SPRING')).toBeUndefined();
    expect(codeChange(null, null)).toBeUndefined();
    expect(codeChange({ code: 'ADULT5', check: fiveOffAdult }, 'SPRING')).toBe('ADULT5');
    expect(codeChange(null, 'SPRING')).toBeNull();
  });

  it('shows the held tickets with the server discount while the code is kept', () => {
    const held = heldTicketsOrder(order(), { code: 'SPRING', check: null });
    expect(held.items.map((item) => item.name)).toEqual(['Adult', 'Child']);
    expect(held).toMatchObject({ discountCode: 'SPRING', discountAmount: 330, amount: 2970 });
  });

  it('previews a code applied at checkout, and none once removed', () => {
    expect(heldTicketsOrder(order(), { code: 'ADULT5', check: fiveOffAdult })).toMatchObject({
      discountCode: 'ADULT5',
      discountAmount: 1000,
      amount: 2300,
    });
    expect(heldTicketsOrder(order(), null)).toMatchObject({ discountCode: null, discountAmount: 0, amount: 3300 });
  });
});
