import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api/api-error';
import { lookupFailure, lookupOutcome } from './ticket-lookup';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('public');
});

describe('lookupOutcome', () => {
  it('names the address the tickets went to', () => {
    const outcome = lookupOutcome({ found: true }, 'ada@example.org');
    expect(outcome.kind).toBe('sent');
    expect(outcome.message).toMatch(/^We've sent your tickets to ada@example\.org\./);
  });

  it('says plainly that the address has no confirmed booking for this event', () => {
    const outcome = lookupOutcome({ found: false }, 'nobody@example.org');
    expect(outcome).toMatchObject({ kind: 'not-found', title: 'No booking found' });
    expect(outcome.message).toContain('no confirmed booking for nobody@example.org for this event');
  });
});

describe('lookupFailure', () => {
  it("shows the API's message, with a title that says to wait after too many requests", () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'The tickets were already sent to this address 3 times.');
    expect(lookupFailure(limited)).toEqual({
      kind: 'failed',
      title: 'Please try again later',
      message: 'The tickets were already sent to this address 3 times.',
    });
    expect(lookupFailure(new ApiError(404, 'NOT_FOUND', 'Event not found'))).toEqual({
      kind: 'failed',
      title: 'Your tickets were not sent',
      message: 'Event not found',
    });
  });

  it('falls back to the connection message for anything that is not an API error', () => {
    expect(lookupFailure(new TypeError('Failed to fetch')).message).toBe(NETWORK_ERROR_MESSAGE);
  });
});
