import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes, routeTitles } from '../routes';
import { BUYER_ROUTE_PATHS } from './quiet-header';

/** Whether the page at `path` asks its layout for the quiet header (route handle `buyer`). */
function isBuyerPage(path: string): boolean {
  return (matchRoutes(routes, path) ?? []).some((match) => {
    const handle = match.route.handle as { buyer?: boolean } | undefined;
    return handle?.buyer === true;
  });
}

describe('quiet header', () => {
  it('names only routes that exist', () => {
    const declared = new Set(routeTitles.map((route) => route.path));
    expect([...BUYER_ROUTE_PATHS].filter((path) => !declared.has(path))).toEqual([]);
  });

  it.each([
    '/summer-tour',
    '/summer-tour/tickets',
    '/summer-tour/attendee-form',
    '/summer-tour/checkout',
    '/summer-tour/confirm',
    '/summer-tour/success',
    '/event/e1/donation',
    '/event/e1/qr/r1/a1/q1',
    '/pricing',
    '/club/c1/event',
  ])('is what a buyer sees on %s', (path) => {
    expect(isBuyerPage(path)).toBe(true);
  });

  it.each([
    '/',
    '/signin',
    '/register',
    '/dashboard/admin',
    '/dashboard/sudo',
    '/event/e1/checkin',
    '/event/e1/attendees',
    '/tour/edit/e1',
    '/not-found',
  ])('leaves the organisers’ header on %s', (path) => {
    expect(isBuyerPage(path)).toBe(false);
  });
});
