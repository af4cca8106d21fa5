import type { TWaitlistEntry } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupWaitlist, isRemovable, offerText, waitlistGroupSummary } from './waitlist-view';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('waitlist');
});

function entry(id: string, changes: Partial<TWaitlistEntry> = {}): TWaitlistEntry {
  return {
    id,
    eventId: 'e1',
    ticketId: 't1',
    ticketName: 'Standard',
    email: `${id}@example.com`,
    quantity: 1,
    status: 'waiting',
    position: null,
    offeredAt: null,
    offerExpiresAt: null,
    registrationId: null,
    createdAt: `2026-05-01T10:00:0${id.length}Z`,
    ...changes,
  };
}

describe('the waiting list view', () => {
  it('groups by ticket type, open offers first, then the line by place, then those done', () => {
    const groups = groupWaitlist([
      entry('a', { status: 'converted' }),
      entry('b', { position: 2 }),
      entry('c', { position: 1 }),
      entry('d', { ticketId: 't2', ticketName: 'VIP', position: 1 }),
      entry('e', { status: 'offered', offeredAt: '2026-05-01T11:00:00Z', offerExpiresAt: '2026-05-01T12:00:00Z' }),
    ]);
    expect(groups.map((group) => group.ticketName)).toEqual(['Standard', 'VIP']);
    expect(groups[0]?.entries.map((item) => item.id)).toEqual(['e', 'c', 'b', 'a']);
    expect(groups[0] && waitlistGroupSummary(groups[0])).toBe('2 waiting · 1 offer open');
    expect(groups[1] && waitlistGroupSummary(groups[1])).toBe('1 waiting');
  });

  it('says when an offer was sent and when it lapses, on the event clock', () => {
    const offered = entry('e', {
      status: 'offered',
      offeredAt: '2026-05-01T11:00:00Z',
      offerExpiresAt: '2026-05-01T12:00:00Z',
    });
    expect(offerText(offered, 'Europe/London')).toMatch(/^Offer sent .*12:00 · lapses .*13:00$/);
    expect(offerText({ ...offered, status: 'lapsed' }, 'Europe/London')).toMatch(/· lapsed .*13:00$/);
    expect(offerText({ ...offered, status: 'converted' }, 'Europe/London')).toMatch(/^Offer sent .*12:00$/);
    expect(offerText(entry('b'), 'UTC')).toBeNull();
  });

  it('lets the admin remove only those still waiting or offered', () => {
    expect(isRemovable({ status: 'waiting' })).toBe(true);
    expect(isRemovable({ status: 'offered' })).toBe(true);
    expect(isRemovable({ status: 'converted' })).toBe(false);
    expect(isRemovable({ status: 'removed' })).toBe(false);
  });
});
