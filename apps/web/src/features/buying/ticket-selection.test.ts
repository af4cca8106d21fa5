import { beforeAll, describe, expect, it } from 'vitest';
import {
  fitSelection,
  limitNote,
  maxQuantity,
  selectionLines,
  selectionPrice,
  selectionTotal,
  setQuantity,
  shortfallNotes,
} from './ticket-selection';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces(['buying', 'public']);
});

const adult: { id: string; available: number | null; maxPerOrder: number; price: number } = {
  id: 'adult',
  available: null,
  maxPerOrder: 10,
  price: 1500,
};
const child = { id: 'child', available: 3, maxPerOrder: 5, price: 500 };
const vip = { id: 'vip', available: 0, maxPerOrder: 2, price: 5000 };

describe('maxQuantity', () => {
  it.each([
    ['per-order limit of the type', adult, {}, 20, 10],
    ['what is left', child, {}, 20, 3],
    ['sold out', vip, {}, 20, 0],
    ['event limit', adult, {}, 4, 4],
    ['event limit less the other types', adult, { child: 3 }, 6, 3],
    ['its own quantity does not count against it', adult, { adult: 4, child: 1 }, 6, 5],
    ['never below zero', adult, { child: 8 }, 6, 0],
  ])('%s', (_case, ticket, selection, eventMax, expected) => {
    expect(maxQuantity(ticket, selection, eventMax)).toBe(expected);
  });
});

describe('setQuantity', () => {
  it.each([
    ['adds', {}, adult, 2, { adult: 2 }],
    ['caps at what is left', {}, child, 9, { child: 3 }],
    ['caps at the event limit', { child: 2 }, adult, 9, { child: 2, adult: 4 }],
    ['zero removes the line', { adult: 2 }, adult, 0, {}],
    ['negative removes the line', { adult: 2 }, adult, -1, {}],
    ['whole numbers only', {}, adult, 2.7, { adult: 2 }],
  ])('%s', (_case, selection, ticket, quantity, expected) => {
    expect(setQuantity(selection, ticket, quantity, 6)).toEqual(expected);
  });
});

describe('fitSelection', () => {
  it('trims to the new availability and drops what is sold out', () => {
    const refreshed = [adult, { ...child, available: 1 }, vip];
    expect(fitSelection({ adult: 2, child: 3, vip: 1 }, refreshed, 10)).toEqual({ adult: 2, child: 1 });
  });

  it('keeps the event limit, earlier types first', () => {
    expect(fitSelection({ adult: 4, child: 3 }, [adult, child], 5)).toEqual({ adult: 4, child: 1 });
  });

  it('drops types that are no longer offered', () => {
    expect(fitSelection({ adult: 2, gone: 2 }, [adult], 10)).toEqual({ adult: 2 });
    expect(fitSelection({ adult: 2 }, [adult], 10, () => false)).toEqual({});
  });
});

describe('totals and lines', () => {
  const selection = { child: 2, adult: 1 };
  it('counts and prices', () => {
    expect(selectionTotal(selection)).toBe(3);
    expect(selectionTotal({})).toBe(0);
    expect(selectionPrice(selection, [adult, child, vip])).toBe(2500);
  });

  it('lists lines in the order the tickets are shown', () => {
    expect(selectionLines(selection, [adult, child, vip])).toEqual([
      { ticketId: 'adult', quantity: 1 },
      { ticketId: 'child', quantity: 2 },
    ]);
  });
});

describe('limitNote', () => {
  const named = (ticket: typeof adult, name: string) => ({ ...ticket, name });
  it.each([
    ['below every limit', named(adult, 'Adult'), { adult: 2 }, 10, null],
    ['per-order limit of the type', named(adult, 'Adult'), { adult: 10 }, 20, 'At most 10 Adult per order'],
    ['a few left: the badge says it', named(child, 'Child'), { child: 3 }, 20, null],
    ['what is left', { ...named(adult, 'Adult'), available: 30, maxPerOrder: 50 }, { adult: 30 }, 50, 'Only 30 left'],
    ['the event limit', named(adult, 'Adult'), { adult: 2, child: 2 }, 4, 'At most 4 tickets per order'],
    ['sold out', named(vip, 'VIP'), {}, 4, null],
  ])('%s', (_case, ticket, selection, eventMax, expected) => {
    expect(limitNote(ticket, selection, eventMax)).toBe(expected);
  });
});

describe('shortfallNotes', () => {
  const listed = [
    { ...adult, name: 'Adult' },
    { ...child, name: 'Child' },
    { ...vip, name: 'VIP' },
  ];
  const notesAfter = (chosen: Record<string, number>, tickets: typeof listed) =>
    shortfallNotes(chosen, fitSelection(chosen, tickets, 10), tickets);

  it('says nothing while everything chosen can still be had', () => {
    expect(notesAfter({ adult: 2, child: 3 }, listed)).toEqual([]);
    expect(notesAfter({}, listed)).toEqual([]);
  });

  it('says which choices fresh numbers cut down or took away, in the listed order', () => {
    const refreshed = [listed[0]!, { ...listed[1]!, available: 1 }, listed[2]!];
    expect(notesAfter({ vip: 1, child: 3, adult: 2 }, refreshed)).toEqual([
      'Fewer Child tickets are left now: you have 1 instead of the 3 you chose.',
      'No VIP tickets are left now, so they were taken out of your choice.',
    ]);
  });

  it('falls silent again when the seats come back, the choice having been kept', () => {
    const chosen = { child: 3 };
    expect(notesAfter(chosen, [{ ...listed[1]!, available: 2 }])).toHaveLength(1);
    expect(fitSelection(chosen, [listed[1]!], 10)).toEqual({ child: 3 });
    expect(notesAfter(chosen, [listed[1]!])).toEqual([]);
  });
});
