import { describe, expect, it } from 'vitest';
import { shouldSendToken } from './token-policy';

const adminCall = { access: 'admin' as const };
const publicCall = { access: 'public' as const };
const optionalAuthCall = { access: 'public' as const, optionalAuth: true };

describe('shouldSendToken', () => {
  it.each([
    ['admin call, signed in', adminCall, true, false, true],
    ['admin call, signed in, asManager', adminCall, true, true, true],
    ['admin call, signed out', adminCall, false, false, false],
    ['public call, signed in', publicCall, true, false, false],
    ['public call, asManager has no effect', publicCall, true, true, false],
    ['optionalAuth call, signed in, public page', optionalAuthCall, true, false, false],
    ['optionalAuth call, signed in, admin screen', optionalAuthCall, true, true, true],
    ['optionalAuth call, signed out, admin screen', optionalAuthCall, false, true, false],
  ])('%s', (_name, endpoint, hasToken, asManager, expected) => {
    expect(shouldSendToken(endpoint, hasToken, asManager)).toBe(expected);
  });
});
