import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { offerRefusalText, offersWaitlist, waitlistMax, waitlistPlaceText } from './waitlist';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces(['buying', 'public']);
});

const now = new Date('2026-06-01T12:00:00Z');
const event = { endDate: '2026-07-01T22:00:00Z', registrationOpensAt: null, registrationClosesAt: null };
const soldOut = { available: 0, salesStartAt: null, salesEndAt: null, hidden: false };

describe('offersWaitlist', () => {
  it('is offered for a sold-out ticket of an event still selling', () => {
    expect(offersWaitlist(soldOut, event, now)).toBe(true);
  });

  it.each([
    ['tickets are left', { ...soldOut, available: 3 }, event],
    ['the ticket has no limit', { ...soldOut, available: null }, event],
    ['the event has ended', soldOut, { ...event, endDate: '2026-05-31T22:00:00Z' }],
    ['registration has closed', soldOut, { ...event, registrationClosesAt: '2026-05-31T00:00:00Z' }],
    ['registration has not opened', soldOut, { ...event, registrationOpensAt: '2026-06-02T00:00:00Z' }],
    ["the ticket's sales have ended", { ...soldOut, salesEndAt: '2026-05-31T00:00:00Z' }, event],
    ['the ticket is hidden (an access code opens it)', { ...soldOut, hidden: true }, event],
  ])('is not offered when %s', (_name, ticket, ev) => {
    expect(offersWaitlist(ticket, ev, now)).toBe(false);
  });
});

describe('waitlistMax', () => {
  it('is what one order may hold, within the list limit', () => {
    expect(waitlistMax(4, 10)).toBe(4);
    expect(waitlistMax(10, 6)).toBe(6);
    expect(waitlistMax(500, 500)).toBe(100);
    expect(waitlistMax(0, 10)).toBe(1);
  });
});

it('tells the buyer their place', () => {
  expect(waitlistPlaceText(3)).toBe('You are number 3 in line; we will e-mail you when tickets come back.');
});

describe('offerRefusalText', () => {
  it("gives the server's reason as a sentence, then what the buyer can still do", () => {
    expect(offerRefusalText(new ApiError(404, 'NOT_FOUND', 'Offer not found'))).toBe(
      'Offer not found. You can still buy any tickets on sale below, or join the waiting list again.',
    );
    expect(offerRefusalText(new ApiError(409, 'CONFLICT', 'This offer has lapsed.'))).toMatch(
      /^This offer has lapsed\. You/,
    );
  });

  it('asks to open the link again when the server could not answer', () => {
    expect(offerRefusalText(new Error('offline'))).toMatch(/open the link from your e-mail again/);
  });
});
