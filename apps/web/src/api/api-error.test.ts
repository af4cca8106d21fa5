import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, errorTitle, fieldErrors, toApiError, toFormPath } from './api-error';
import { startI18n } from '../i18n/i18n';

// The common words in English, as the tests read them.
beforeAll(() => startI18n('en'));

describe('toApiError', () => {
  it('reads the documented error body', () => {
    const error = toApiError(400, {
      msg: 'E-mail is required',
      code: 'BAD_INPUT',
      errors: [{ path: 'email', message: 'E-mail is required' }],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'BAD_INPUT', msg: 'E-mail is required' });
    expect(error.errors).toHaveLength(1);
  });

  it("keeps the server's message of a 429", () => {
    const msg = 'Your network already has 20 unfinished bookings for this event, the most it may have at once.';
    expect(toApiError(429, { msg, code: 'RATE_LIMITED' })).toMatchObject({ status: 429, code: 'RATE_LIMITED', msg });
  });

  it('falls back on the status for other bodies', () => {
    expect(toApiError(502, '<html>')).toMatchObject({ status: 502, code: 'INTERNAL' });
    expect(toApiError(429, null)).toMatchObject({
      code: 'RATE_LIMITED',
      msg: 'Too many attempts from your network: try again in a minute',
    });
    expect(toApiError(429, '<html>Too Many Requests</html>').msg).toBe(
      'Too many attempts from your network: try again in a minute',
    );
    expect(toApiError(440, { msg: 'Session expired' })).toMatchObject({
      code: 'TOKEN_EXPIRED',
      msg: 'Session expired',
    });
  });
});

describe('field paths', () => {
  it.each([
    ['email', 'email'],
    ['/email', 'email'],
    ['body.email', 'email'],
    ['/attendees/0/email', 'attendees.0.email'],
    ['attendees[1].email', 'attendees.1.email'],
  ])('%s -> %s', (input, expected) => {
    expect(toFormPath(input)).toBe(expected);
  });

  it('keeps the first message per field', () => {
    const error = new ApiError(400, 'BAD_INPUT', 'Bad input', [
      { path: 'password', message: 'first' },
      { path: 'body.password', message: 'second' },
      { path: 'name', message: 'name' },
    ]);
    expect(fieldErrors(error)).toEqual({ password: 'first', name: 'name' });
  });
});

describe('errorTitle', () => {
  it.each([
    [400, 'Not done'],
    [401, 'Signed out'],
    [403, 'Not allowed'],
    [404, 'Not found'],
    [409, 'Not done'],
    [413, 'Too large'],
    [429, 'Too many attempts'],
    [440, 'Signed out'],
  ])('gives an expected refusal (%i) its own words', (status, title) => {
    expect(errorTitle(status)).toBe(title);
  });
  it.each([0, 500, 502, 503])('leaves a failure of the server or network (%i) to the default title', (status) => {
    expect(errorTitle(status)).toBeUndefined();
  });
});
