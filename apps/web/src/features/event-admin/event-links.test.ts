import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_STAFF } from '@clubtix/contract';
import { eventLinks, linksForRole, splitEventLinks } from './event-links';
import { i18n, startI18n } from '../../i18n/i18n';

let published: ReturnType<typeof eventLinks>;
const labels = (links: { label: string }[]) => links.map((link) => link.label);

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('events');
  published = eventLinks({ id: 'e1', slug: 'regatta', status: 'published' });
});

describe('the event screens row', () => {
  it('shows every screen as a button on a wider screen', () => {
    expect(splitEventLinks(published, 'tickets', false)).toEqual({ shown: published, more: [] });
  });
  it('keeps the everyday screens and the current one on a phone, the rest in the menu', () => {
    const { shown, more } = splitEventLinks(published, 'statistics', true);
    expect(labels(shown)).toEqual(['Edit', 'Tickets', 'Attendees', 'Check-in', 'Statistics']);
    expect(labels(more)).toEqual([
      'Extras',
      'Sponsorship packages',
      'Discount codes',
      'Form',
      'Waiting list',
      'Messages',
      'Import',
      'Box office',
      'Sales',
      'Sponsorships',
      'View public page',
    ]);
    expect(shown.length + more.length).toBe(published.length);
  });
  it("shows door staff the door's screens only, all of them on a phone (docs/product.md section 20)", () => {
    const door = linksForRole(published, ROLE_STAFF);
    expect(labels(door)).toEqual(['Check-in', 'Box office', 'Statistics', 'View public page']);
    expect(splitEventLinks(door, 'checkin', true)).toEqual({ shown: door, more: [] });
    expect(linksForRole(published, ROLE_ADMIN)).toEqual(published);
  });
});
