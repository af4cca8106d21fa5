import { beforeAll, describe, expect, it } from 'vitest';
import { eventSales, formatPrice, heldText, priceHint, salesClosedNote, ticketAvailability } from './ticket-offer';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('public');
});

const now = new Date('2026-05-01T12:00:00Z');

describe('ticketAvailability', () => {
  it.each([
    ['unlimited', { available: null, salesStartAt: null, salesEndAt: null }, { kind: 'available' }],
    ['plenty', { available: 11, salesStartAt: null, salesEndAt: null }, { kind: 'available' }],
    ['few', { available: 10, salesStartAt: null, salesEndAt: null }, { kind: 'fewLeft', count: 10 }],
    ['one', { available: 1, salesStartAt: null, salesEndAt: null }, { kind: 'fewLeft', count: 1 }],
    ['none', { available: 0, salesStartAt: null, salesEndAt: null }, { kind: 'soldOut' }],
    [
      'none left but some held: reserved, not sold out',
      { available: 0, held: 2, heldUntil: '2026-05-01T12:10:00Z', salesStartAt: null, salesEndAt: null },
      { kind: 'held', until: '2026-05-01T12:10:00Z' },
    ],
    [
      'none left, none held',
      { available: 0, held: 0, heldUntil: null, salesStartAt: null, salesEndAt: null },
      { kind: 'soldOut' },
    ],
    [
      'sold out wins over a closed window',
      { available: 0, salesStartAt: null, salesEndAt: '2026-04-01T00:00:00Z' },
      { kind: 'soldOut' },
    ],
    ['window closed', { available: 5, salesStartAt: null, salesEndAt: '2026-04-30T23:59:00Z' }, { kind: 'salesEnded' }],
    [
      'window not open yet',
      { available: null, salesStartAt: '2026-05-02T09:00:00Z', salesEndAt: null },
      { kind: 'notYetOnSale', from: '2026-05-02T09:00:00Z' },
    ],
    [
      'inside the window',
      { available: 3, salesStartAt: '2026-04-01T00:00:00Z', salesEndAt: '2026-06-01T00:00:00Z' },
      { kind: 'fewLeft', count: 3 },
    ],
  ])('%s', (_case, ticket, expected) => {
    expect(ticketAvailability(ticket, now)).toEqual(expected);
  });
});

describe('formatPrice', () => {
  it.each([
    [0, 'gbp', 'Free'],
    [0, 'thb', 'Free'],
    [1000, 'gbp', '£10'],
    [1050, 'usd', '$10.50'],
    [99, 'eur', '€0.99'],
    [150000, 'thb', '฿1,500'],
  ] as const)('%i %s -> %s', (minor, currency, expected) => {
    expect(formatPrice(minor, currency)).toBe(expected);
  });
});

describe('priceHint', () => {
  const ticket = (price: number, available: number | null, isActive = true) => ({ price, available, isActive });

  it.each([
    ['no tickets', [], null],
    ['one', [ticket(1500, null)], 'From £15'],
    ['the lowest', [ticket(1500, null), ticket(950, 4), ticket(2500, 100)], 'From £9.50'],
    ['all free', [ticket(0, null), ticket(0, 10)], 'Free tickets'],
    ['free and paid', [ticket(1500, null), ticket(0, null)], 'Free, or from £15'],
    ['skips sold out', [ticket(500, 0), ticket(1500, 2)], 'From £15'],
    ['skips a sold-out free one', [ticket(0, 0), ticket(1500, 2)], 'From £15'],
    ['skips inactive', [ticket(500, null, false), ticket(1500, null)], 'From £15'],
    ['all sold out', [ticket(500, 0), ticket(700, 0)], null],
  ])('%s', (_case, tickets, expected) => {
    expect(priceHint(tickets, 'gbp')).toBe(expected);
  });
});

describe('eventSales', () => {
  const event = {
    endDate: '2026-06-01T22:00:00Z',
    registrationOpensAt: null as string | null,
    registrationClosesAt: null as string | null,
  };
  const ticket = (available: number | null, salesStartAt: string | null = null) => ({
    available,
    salesStartAt,
    salesEndAt: null,
  });

  it.each([
    ['open', event, [ticket(5)], { kind: 'open' }],
    ['open when one of several is left', event, [ticket(0), ticket(null)], { kind: 'open' }],
    ['ended', { ...event, endDate: '2026-04-30T00:00:00Z' }, [ticket(5)], { kind: 'ended' }],
    [
      'not yet open',
      { ...event, registrationOpensAt: '2026-05-10T09:00:00Z' },
      [ticket(5)],
      { kind: 'notYetOpen', from: '2026-05-10T09:00:00Z' },
    ],
    ['closed', { ...event, registrationClosesAt: '2026-04-30T09:00:00Z' }, [ticket(5)], { kind: 'closed' }],
    ['sold out', event, [ticket(0), ticket(0)], { kind: 'soldOut' }],
    [
      'held, with the soonest time any may come back',
      event,
      [
        { ...ticket(0), held: 1, heldUntil: '2026-05-01T12:14:00Z' },
        { ...ticket(0), held: 0, heldUntil: null },
        { ...ticket(0), held: 2, heldUntil: '2026-05-01T12:03:00Z' },
      ],
      { kind: 'held', until: '2026-05-01T12:03:00Z' },
    ],
    ['no tickets', event, [], { kind: 'nothingOnSale' }],
    ['tickets not on sale yet', event, [ticket(5, '2026-05-20T00:00:00Z')], { kind: 'nothingOnSale' }],
  ])('%s', (_case, e, tickets, expected) => {
    expect(eventSales(e, tickets, now)).toEqual(expected);
  });
});

describe('salesClosedNote', () => {
  it.each([
    [{ kind: 'open' } as const, null],
    [{ kind: 'ended' } as const, 'This event has ended'],
    [{ kind: 'notYetOpen', from: '2026-05-10T08:00:00Z' } as const, 'Ticket sales open Sun 10/05/2026, 09:00'],
    [{ kind: 'closed' } as const, 'Ticket sales have closed'],
    [{ kind: 'soldOut' } as const, 'Sold out'],
    [{ kind: 'held', until: null } as const, 'Every ticket is reserved for now'],
    [{ kind: 'nothingOnSale' } as const, 'No tickets are on sale right now'],
  ])('%j', (sales, expected) => {
    expect(salesClosedNote(sales, 'Europe/London')).toBe(expected);
  });
});

describe('heldText', () => {
  it("says when held tickets may come back in the event's time zone, or soon when it is not known", () => {
    const when = 'public:ticketList.heldUntil';
    const soon = 'public:ticketList.heldSoon';
    expect(heldText('2026-05-01T12:03:00Z', 'Europe/London', when, soon)).toBe(
      'Reserved while buyers pay: may come back from Fri 01/05/2026, 13:03',
    );
    expect(heldText(null, 'Europe/London', when, soon)).toBe('Reserved while buyers pay: may come back shortly');
  });
});
