import { describe, expect, it } from 'vitest';
import { discountOff, type TicketLine } from './pricing';

const lines: TicketLine[] = [
  { ticketId: 'adult', quantity: 2, unitPrice: 1000 },
  { ticketId: 'child', quantity: 1, unitPrice: 333 },
];

describe('discountOff', () => {
  it('takes a percent of every ticket when the code names none', () => {
    expect(discountOff(lines, { kind: 'percent', value: 10, ticketIds: [] })).toBe(233);
  });

  it('rounds the percent once on the total, half up', () => {
    // Three 1p tickets at 50%: 1.5p once on the total is 2p (per ticket it would be 3 x 1p = 3p).
    expect(
      discountOff([{ ticketId: 'a', quantity: 3, unitPrice: 1 }], { kind: 'percent', value: 50, ticketIds: [] }),
    ).toBe(2);
    // 0.5p rounds up, 0.4p down.
    expect(
      discountOff([{ ticketId: 'a', quantity: 1, unitPrice: 5 }], { kind: 'percent', value: 10, ticketIds: [] }),
    ).toBe(1);
    expect(
      discountOff([{ ticketId: 'a', quantity: 1, unitPrice: 4 }], { kind: 'percent', value: 10, ticketIds: [] }),
    ).toBe(0);
  });

  it('takes a percent only of the tickets the code names', () => {
    expect(discountOff(lines, { kind: 'percent', value: 50, ticketIds: ['child'] })).toBe(167);
  });

  it('takes 100 percent of everything eligible', () => {
    expect(discountOff(lines, { kind: 'percent', value: 100, ticketIds: [] })).toBe(2333);
  });

  it('takes an amount off each eligible ticket', () => {
    expect(discountOff(lines, { kind: 'amount', value: 200, ticketIds: [] })).toBe(600);
    expect(discountOff(lines, { kind: 'amount', value: 200, ticketIds: ['adult'] })).toBe(400);
  });

  it('never takes an amount below nothing per ticket', () => {
    expect(discountOff(lines, { kind: 'amount', value: 500, ticketIds: [] })).toBe(1333);
    expect(
      discountOff([{ ticketId: 'free', quantity: 4, unitPrice: 0 }], { kind: 'amount', value: 100, ticketIds: [] }),
    ).toBe(0);
  });

  it('answers null when the code applies to none of the chosen tickets', () => {
    expect(discountOff(lines, { kind: 'amount', value: 100, ticketIds: ['vip'] })).toBeNull();
    expect(discountOff([], { kind: 'percent', value: 10, ticketIds: [] })).toBeNull();
    expect(
      discountOff([{ ticketId: 'vip', quantity: 0, unitPrice: 100 }], {
        kind: 'percent',
        value: 10,
        ticketIds: ['vip'],
      }),
    ).toBeNull();
  });
});
