import { ROLE_ADMIN, ROLE_STAFF, ROLE_SUDO } from '@clubtix/contract';
import { describe, expect, it } from 'vitest';
import {
  apiQueryMessage,
  backendRedirectTarget,
  dashboardTarget,
  decideNavigation,
  guardRoute,
  returnTarget,
  roleHome,
  signInPage,
  signInReturn,
  unknownRouteTarget,
  type GuardSession,
  type RouteAccess,
} from './guards';

const signedOut: GuardSession = { token: null, user: null };
const admin: GuardSession = { token: 't', user: { role: ROLE_ADMIN } };
const sudo: GuardSession = { token: 't', user: { role: ROLE_SUDO } };
// Door staff (docs/product.md section 20): the door's pages and their own home, nothing else.
const staff: GuardSession = { token: 't', user: { role: ROLE_STAFF } };
// A token with no stored user (or an unknown role) is signed in but has no home.
const tokenOnly: GuardSession = { token: 't', user: null };
// A stored user without a token is signed out: the token alone decides.
const userWithoutToken: GuardSession = { token: null, user: { role: ROLE_SUDO } };

const sessions = { signedOut, admin, sudo, staff, tokenOnly, userWithoutToken };
type Name = keyof typeof sessions;

describe('guardRoute', () => {
  const table: Array<[RouteAccess, Name, string | null]> = [
    ['public', 'signedOut', null],
    ['public', 'admin', null],
    ['public', 'sudo', null],
    ['public', 'staff', null],
    ['signedOut', 'signedOut', null],
    ['signedOut', 'userWithoutToken', null],
    ['signedOut', 'admin', '/dashboard/admin'],
    ['signedOut', 'sudo', '/dashboard/sudo'],
    ['signedOut', 'staff', '/dashboard/staff'],
    ['signedOut', 'tokenOnly', '/signout'],
    ['signedIn', 'signedOut', '/signin'],
    ['signedIn', 'userWithoutToken', '/signin'],
    ['signedIn', 'admin', null],
    ['signedIn', 'sudo', null],
    ['signedIn', 'staff', null],
    ['signedIn', 'tokenOnly', null],
    // A signed-in user without the role goes to their own home, still signed in.
    ['admin', 'signedOut', '/signin'],
    ['admin', 'admin', null],
    ['admin', 'sudo', '/dashboard/sudo'],
    ['admin', 'staff', '/dashboard/staff'],
    ['admin', 'tokenOnly', '/signout'],
    ['sudo', 'signedOut', '/signin'],
    ['sudo', 'admin', '/dashboard/admin'],
    ['sudo', 'staff', '/dashboard/staff'],
    ['sudo', 'sudo', null],
    ['sudo', 'userWithoutToken', '/signin'],
    ['door', 'signedOut', '/signin'],
    ['door', 'userWithoutToken', '/signin'],
    ['door', 'admin', null],
    ['door', 'staff', null],
    ['door', 'sudo', '/dashboard/sudo'],
    ['door', 'tokenOnly', '/signout'],
    ['staff', 'signedOut', '/signin'],
    ['staff', 'staff', null],
    ['staff', 'admin', '/dashboard/admin'],
    ['staff', 'sudo', '/dashboard/sudo'],
    ['manager', 'signedOut', '/signin'],
    ['manager', 'admin', null],
    ['manager', 'sudo', null],
    ['manager', 'staff', '/dashboard/staff'],
  ];
  it.each(table)('%s route, %s user -> %s', (access, name, expected) => {
    expect(guardRoute(access, sessions[name])).toBe(expected);
  });
});

describe('returning to the page that asked for sign-in', () => {
  const checkin = new URL('http://app.test/event/5/checkin?x=1#door');
  it('sends a signed-out visitor to sign-in with the page to return to', () => {
    expect(guardRoute('admin', signedOut, checkin)).toBe('/signin?redirect=%2Fevent%2F5%2Fcheckin%3Fx%3D1%23door');
    expect(guardRoute('signedIn', signedOut, checkin)).toBe('/signin?redirect=%2Fevent%2F5%2Fcheckin%3Fx%3D1%23door');
    expect(decideNavigation(checkin, 'admin', signedOut)).toEqual({
      kind: 'redirect',
      to: '/signin?redirect=%2Fevent%2F5%2Fcheckin%3Fx%3D1%23door',
      reason: 'guard',
    });
  });
  it('sends a signed-in user without the role to their home, not to sign-in', () => {
    expect(guardRoute('sudo', admin, checkin)).toBe('/dashboard/admin');
    expect(guardRoute('admin', sudo, checkin)).toBe('/dashboard/sudo');
    expect(guardRoute('admin', tokenOnly, checkin)).toBe('/signout');
    const tickets = new URL('http://app.test/event/5/tickets');
    expect(decideNavigation(tickets, 'admin', staff)).toEqual({
      kind: 'redirect',
      to: '/dashboard/staff',
      reason: 'guard',
    });
  });
  it('lets door staff follow a check-in link: sign-in, then the door page itself', () => {
    expect(guardRoute('door', signedOut, checkin)).toBe('/signin?redirect=%2Fevent%2F5%2Fcheckin%3Fx%3D1%23door');
    const link = new URL('http://app.test/signin?redirect=%2Fevent%2F5%2Fcheckin');
    expect(decideNavigation(link, 'signedOut', staff)).toEqual({
      kind: 'redirect',
      to: '/event/5/checkin',
      reason: 'guard',
    });
    expect(decideNavigation(new URL('http://app.test/event/5/checkin'), 'door', staff)).toEqual({ kind: 'proceed' });
  });
  it('keeps a same-origin path with its query and hash', () => {
    expect(returnTarget('/event/5/checkin?x=1#door', 'http://app.test')).toBe('/event/5/checkin?x=1#door');
    expect(returnTarget('http://app.test/club/edit/7', 'http://app.test')).toBe('/club/edit/7');
  });
  it.each([
    null,
    '',
    'https://evil.example/event/5/checkin',
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    'javascript:alert(1)',
    'event/5',
    '/signin',
    '/signin/?next=/signin',
    '/signout',
    '/register',
    '/',
    '/dashboard/admin',
    '/dashboard/sudo/',
    '/dashboard/staff',
  ])('drops %s', (raw) => {
    expect(returnTarget(raw, 'http://app.test')).toBeNull();
  });
  it('reads the page to return to from `redirect` on sign-in, and `next` of older links', () => {
    const at = (search: string) => new URL(`http://app.test/signin${search}`);
    expect(signInReturn(at('?redirect=%2Fevent%2F5%2Fcheckin%3Fx%3D1'))).toBe('/event/5/checkin?x=1');
    expect(signInReturn(at('?next=/event/5/checkin'))).toBe('/event/5/checkin');
    expect(signInReturn(at('?redirect=/event/5/checkin&next=/club/edit'))).toBe('/event/5/checkin');
    expect(signInReturn(at('?redirect=//evil.example/event/5/checkin'))).toBeNull();
    expect(signInReturn(at('?redirect=https://evil.example/'))).toBeNull();
    expect(signInReturn(new URL('http://app.test/club/edit?redirect=/event/5/checkin'))).toBeNull();
  });
  it('does not follow `redirect` on sign-in as a backend redirect, and sends a signed-in user on to it', () => {
    const link = new URL('http://app.test/signin?redirect=%2Fevent%2F5%2Fcheckin');
    expect(backendRedirectTarget(link)).toBeNull();
    expect(decideNavigation(link, 'signedOut', signedOut)).toEqual({ kind: 'proceed' });
    expect(decideNavigation(link, 'signedOut', admin)).toEqual({
      kind: 'redirect',
      to: '/event/5/checkin',
      reason: 'guard',
    });
    expect(guardRoute('signedOut', admin, new URL('http://app.test/signin'))).toBe('/dashboard/admin');
  });
  it('gives sign-in alone when the page is no place to return to', () => {
    expect(signInPage(new URL('http://app.test/signout'))).toBe('/signin');
    expect(signInPage(new URL('http://app.test/'))).toBe('/signin');
    expect(signInPage()).toBe('/signin');
  });
});

describe('homes', () => {
  it.each<[Name, string, string, string]>([
    ['admin', '/dashboard/admin', '/dashboard/admin', '/dashboard/admin'],
    ['sudo', '/dashboard/sudo', '/dashboard/sudo', '/dashboard/sudo'],
    ['staff', '/dashboard/staff', '/dashboard/staff', '/dashboard/staff'],
    ['tokenOnly', '/signout', '/not-found', '/signout'],
    ['signedOut', '/signout', '/not-found', '/not-found/404'],
  ])('%s: role home %s, dashboard %s, unknown route %s', (name, home, dashboard, unknown) => {
    expect(roleHome(sessions[name])).toBe(home);
    expect(dashboardTarget(sessions[name])).toBe(dashboard);
    expect(unknownRouteTarget(sessions[name])).toBe(unknown);
  });
});

describe('backendRedirectTarget', () => {
  it.each([
    ['http://app.test/?redirect=/dashboard', '/dashboard'],
    ['http://app.test/x?redirect=%2Fsummer%2Fsuccess%3Fp%3D1', '/summer/success?p=1'],
    ['http://app.test/?redirect=http://app.test/signin', '/signin'],
    ['http://app.test/?redirect=/a?redirect=/b', '/a'],
    ['http://app.test/?redirect=https://evil.test/', null],
    ['http://app.test/?redirect=//evil.test/x', null],
    ['http://app.test/?redirect=/.//evil.example', null],
    ['http://app.test/?redirect=/%5Cevil.example', null],
    ['http://app.test/?redirect=%2F%252F%252Fevil.example', null],
    ['http://app.test/?redirect=/%09/evil.example', null],
    ['http://app.test/?redirect=/%0A/evil.example', null],
    ['http://app.test/?redirect=javascript:alert(1)', null],
    ['http://app.test/?redirect=/summer/success%3Fp%3D1%23paid', '/summer/success?p=1#paid'],
    ['http://app.test/?redirect=', null],
    ['http://app.test/dashboard', null],
  ])('%s -> %s', (href, expected) => {
    expect(backendRedirectTarget(new URL(href))).toBe(expected);
  });
});

describe('apiQueryMessage', () => {
  it('takes the message and keeps the other parameters', () => {
    expect(apiQueryMessage(new URL('http://app.test/signin?apiQueryMsg=Please%20sign%20in&x=1#top'))).toEqual({
      message: 'Please sign in',
      next: '/signin?x=1#top',
    });
  });
  it('is null without the parameter', () => {
    expect(apiQueryMessage(new URL('http://app.test/signin?x=1'))).toBeNull();
  });
  it('continues home rather than to a path of this site that would leave it (//host)', () => {
    expect(apiQueryMessage(new URL('http://app.test//evil.example/x?apiQueryMsg=Hi'))).toEqual({
      message: 'Hi',
      next: '/',
    });
  });
});

describe('decideNavigation', () => {
  it('handles a backend redirect before the guard', () => {
    const url = new URL('http://app.test/dashboard/sudo?redirect=/pricing');
    expect(decideNavigation(url, 'sudo', signedOut)).toEqual({
      kind: 'redirect',
      to: '/pricing',
      reason: 'backendRedirect',
    });
  });
  it('drops an off-site backend redirect and goes on with the page opened', () => {
    const url = new URL('http://app.test/dashboard/admin?redirect=/.//evil.example');
    expect(decideNavigation(url, 'admin', admin)).toEqual({ kind: 'proceed' });
    expect(decideNavigation(url, 'admin', signedOut)).toEqual({ kind: 'redirect', to: '/signin', reason: 'guard' });
  });
  it('guards before showing apiQueryMsg', () => {
    const url = new URL('http://app.test/dashboard/sudo?apiQueryMsg=Hi');
    expect(decideNavigation(url, 'sudo', signedOut)).toEqual({ kind: 'redirect', to: '/signin', reason: 'guard' });
  });
  it('shows apiQueryMsg once the guard passes, then drops it from the URL', () => {
    const url = new URL('http://app.test/signin?apiQueryMsg=Session%20ended');
    expect(decideNavigation(url, 'signedOut', signedOut)).toEqual({
      kind: 'message',
      message: 'Session ended',
      to: '/signin',
    });
  });
  it('drops an empty apiQueryMsg without a toast', () => {
    const url = new URL('http://app.test/?apiQueryMsg=');
    expect(decideNavigation(url, 'public', signedOut)).toEqual({ kind: 'redirect', to: '/', reason: 'apiQueryMsg' });
  });
  it('proceeds otherwise', () => {
    expect(decideNavigation(new URL('http://app.test/dashboard/admin'), 'admin', admin)).toEqual({ kind: 'proceed' });
  });
});
