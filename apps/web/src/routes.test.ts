import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { ROLE_ADMIN, ROLE_SUDO } from '@clubtix/contract';
import { unknownRouteTarget } from './session/guards';
import english from './i18n/locales/en/common.json';
import { routes, routeTitles } from './routes';

/** Each route with its English title, as the tab shows it in English. */
const englishTitles = routeTitles.map((route) => ({ ...route, title: english.routes[route.titleKey] }));

/** The route of docs/product.md section 2 a path lands on: its title and access. */
function resolve(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches[matches.length - 1]?.route;
  const pattern = leaf?.path;
  return englishTitles.find((route) => route.path === pattern);
}

describe('route table', () => {
  it.each([
    ['/', 'Homepage', 'public'],
    ['/register', 'Register', 'signedOut'],
    ['/signin', 'Sign in', 'signedOut'],
    ['/forgot-password', 'Forgot password', 'signedOut'],
    ['/set-password', 'Choose a password', 'public'],
    ['/signout', 'Sign out', 'signedIn'],
    ['/dashboard', 'Dashboard', 'signedIn'],
    ['/dashboard/sudo', 'Super User Dashboard', 'sudo'],
    ['/dashboard/admin', 'Admin Dashboard', 'admin'],
    ['/dashboard/staff', 'Door Staff Dashboard', 'staff'],
    ['/team', 'Team', 'admin'],
    ['/dashboard/account', 'My Account', 'signedIn'],
    ['/club/add', 'Add Club', 'sudo'],
    ['/club/edit', 'Edit Club', 'manager'],
    ['/club/edit/c1', 'Edit Club', 'manager'],
    ['/club/c1/credential', 'Credentials', 'sudo'],
    ['/tour/add', 'Add Event', 'admin'],
    ['/tour/edit', 'Edit Event', 'admin'],
    ['/tour/edit/e1', 'Edit Event', 'admin'],
    ['/event/e1/tickets', 'Tickets', 'admin'],
    ['/event/e1/extras', 'Extras', 'admin'],
    ['/event/e1/discounts', 'Discount Codes', 'admin'],
    ['/event/e1/waitlist', 'Waiting List', 'admin'],
    ['/event/e1/sponsorships', 'Sponsorships', 'admin'],
    ['/event/e1/sponsorship-packages', 'Sponsorship Packages', 'admin'],
    ['/event/e1/attendees', 'Attendees', 'admin'],
    ['/event/e1/statistics', 'Statistics', 'door'],
    ['/event/e1/checkin', 'Check-in', 'door'],
    ['/event/e1/box-office', 'Box office', 'door'],
    ['/event/e1/donation', 'Support Event', 'public'],
    ['/event/e1/qr/r1/a1/q1', 'QR Code', 'public'],
    ['/form-builder', 'Form Builder', 'admin'],
    ['/import', 'Import Attendees', 'admin'],
    ['/summer-tour/tickets', 'Tickets', 'public'],
    ['/summer-tour/attendee-form', 'Attendee Form', 'public'],
    ['/summer-tour/checkout', 'Checkout', 'public'],
    ['/summer-tour/success', 'Registration Success', 'public'],
    ['/summer-tour/confirm', 'Confirm Booking', 'public'],
    ['/pricing', 'Donation Page', 'public'],
    ['/summer-tour', 'Event Registration', 'public'],
    ['/club/c1/event', 'Club', 'public'],
    ['/series', 'Series', 'admin'],
    ['/series/edit/s1', 'Edit Series', 'admin'],
    ['/series/summer-season', 'Series', 'public'],
    ['/not-found', 'Not Found', 'public'],
    ['/not-found/403/Nope', 'Not Found', 'public'],
    ['/no/such/page', 'Not Found', 'public'],
  ])('%s -> %s (%s)', (path, title, access) => {
    expect(resolve(path)).toMatchObject({ title, access });
  });

  it('sends unknown paths to the catch-all', () => {
    expect(resolve('/dashboard/nothing')?.path).toBe('*');
  });
});

describe('a mistyped one-segment path (docs/product.md section 2: unknown routes)', () => {
  it('is an event address, public, since one segment is what slugs look like', () => {
    expect(resolve('/dashbord')).toMatchObject({ path: '/:slug', access: 'public' });
  });

  it('with no event behind it, sends a signed-in person home and a visitor to not-found with 404', () => {
    // The event page, told the slug is unknown, goes where the catch-all goes.
    expect(unknownRouteTarget({ token: 't', user: { role: ROLE_ADMIN } })).toBe('/dashboard/admin');
    expect(unknownRouteTarget({ token: 't', user: { role: ROLE_SUDO } })).toBe('/dashboard/sudo');
    expect(unknownRouteTarget({ token: null, user: null })).toBe('/not-found/404');
  });
});

describe("titles use the SPEC's words for each route (docs/product.md section 2)", () => {
  it('say "event" where the paths say "tour": the SPEC calls them events', () => {
    for (const route of englishTitles) expect(route.title).not.toMatch(/\btours?\b/i);
    expect(resolve('/tour/add')?.title).toBe('Add Event');
    expect(resolve('/tour/edit/e1')?.title).toBe('Edit Event');
  });

  it('name the screen as its heading does: bulk import of attendees is "Import Attendees"', () => {
    expect(resolve('/import')?.title).toBe('Import Attendees');
    expect(resolve('/dashboard/admin')?.title).toBe('Admin Dashboard');
    expect(resolve('/dashboard/sudo')?.title).toBe('Super User Dashboard');
  });
});
