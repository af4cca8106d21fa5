import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes, routeTitles } from './routes';

/** The route of docs/product.md section 2 a path lands on: its title and access. */
function resolve(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches[matches.length - 1]?.route;
  const pattern = leaf?.path;
  return routeTitles.find((route) => route.path === pattern);
}

describe('route table', () => {
  it.each([
    ['/', 'Homepage', 'public'],
    ['/register', 'Register', 'signedOut'],
    ['/signin', 'Sign in', 'signedOut'],
    ['/signout', 'Sign out', 'signedIn'],
    ['/dashboard', 'Dashboard', 'signedIn'],
    ['/dashboard/sudo', 'Super User Dashboard', 'sudo'],
    ['/dashboard/admin', 'Admin Dashboard', 'admin'],
    ['/dashboard/account', 'My Account', 'signedIn'],
    ['/club/add', 'Add Club', 'sudo'],
    ['/club/edit', 'Edit Club', 'signedIn'],
    ['/club/edit/c1', 'Edit Club', 'signedIn'],
    ['/club/c1/credential', 'Credentials', 'sudo'],
    ['/tour/add', 'Add Tour', 'admin'],
    ['/tour/edit', 'Edit Tour', 'admin'],
    ['/tour/edit/e1', 'Edit Tour', 'admin'],
    ['/event/e1/tickets', 'Tickets', 'admin'],
    ['/event/e1/extras', 'Extras', 'admin'],
    ['/event/e1/sponsorships', 'Sponsorships', 'admin'],
    ['/event/e1/sponsorship-packages', 'Sponsorship Packages', 'admin'],
    ['/event/e1/attendees', 'Attendees', 'admin'],
    ['/event/e1/statistics', 'Statistics', 'admin'],
    ['/event/e1/checkin', 'Check-in', 'admin'],
    ['/event/e1/donation', 'Support Event', 'public'],
    ['/event/e1/qr/r1/a1/q1', 'QR Code', 'public'],
    ['/form-builder', 'Form Builder', 'admin'],
    ['/import', 'Import', 'admin'],
    ['/summer-tour/tickets', 'Tickets', 'public'],
    ['/summer-tour/attendee-form', 'Attendee Form', 'public'],
    ['/summer-tour/checkout', 'Checkout', 'public'],
    ['/summer-tour/success', 'Registration Success', 'public'],
    ['/summer-tour/confirm', 'Confirm Booking', 'public'],
    ['/pricing', 'Donation Page', 'public'],
    ['/summer-tour', 'Event Registration', 'public'],
    ['/club/c1/event', 'Club', 'public'],
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
