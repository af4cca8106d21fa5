import { describe, expect, it } from 'vitest';
import { eventLinks, splitEventLinks } from './event-links';

const published = eventLinks({ id: 'e1', slug: 'regatta', status: 'published' });
const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('the event screens row (issue 19)', () => {
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
});
