import type { TEvent } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { canPublish, publishChecklist, statusChangeRequest } from './publish-checklist';
import { i18n, startI18n } from '../../i18n/i18n';

const now = new Date('2030-08-01T12:00:00Z');
const event: TEvent = {
  id: 'e1',
  clubId: 'c1',
  slug: 'summer-regatta',
  title: 'Summer Regatta',
  description: null,
  bannerUrl: null,
  venue: 'Harbour Steps',
  address: null,
  startDate: '2030-08-15T09:00:00.000Z',
  endDate: '2030-08-15T16:00:00.000Z',
  timezone: 'Europe/London',
  currency: 'gbp',
  status: 'draft',
  capacity: 120,
  registrationOpensAt: null,
  registrationClosesAt: '2030-08-14T22:59:59.000Z',
  donationsEnabled: true,
  sponsorshipsEnabled: false,
  maxTicketsPerOrder: 6,
  confirmFreeByEmail: true,
  reminderHoursBefore: null,
  seriesId: null,
  createdAt: '2030-07-01T00:00:00.000Z',
  updatedAt: '2030-07-01T00:00:00.000Z',
};

const missing = (checks: ReturnType<typeof publishChecklist>) =>
  checks.filter((check) => check.required && !check.done).map((check) => check.key);

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('events');
});

describe('publishChecklist', () => {
  it('is ready with a title, a venue, an active ticket type and an end to come', () => {
    const checks = publishChecklist(event, [{ isActive: true }], now);
    expect(missing(checks)).toEqual([]);
    expect(canPublish(checks)).toBe(true);
  });

  it('needs an active ticket type: none, or only inactive ones, keep Publish disabled', () => {
    expect(missing(publishChecklist(event, [], now))).toEqual(['tickets']);
    expect(canPublish(publishChecklist(event, [{ isActive: false }], now))).toBe(false);
  });

  it('needs a venue or an address; an address alone will do', () => {
    expect(missing(publishChecklist({ ...event, venue: '  ' }, [{ isActive: true }], now))).toEqual(['place']);
    expect(
      missing(publishChecklist({ ...event, venue: null, address: '1 Quay Rd' }, [{ isActive: true }], now)),
    ).toEqual([]);
  });

  it('refuses an event that has ended, and accepts one under way', () => {
    const ended = publishChecklist({ ...event, endDate: '2030-08-01T11:59:59.000Z' }, [{ isActive: true }], now);
    expect(missing(ended)).toEqual(['dates']);
    const underWay = { ...event, startDate: '2030-08-01T10:00:00.000Z', endDate: '2030-08-01T14:00:00.000Z' };
    expect(canPublish(publishChecklist(underWay, [{ isActive: true }], now))).toBe(true);
  });

  it('lists every missing line at once and a blank title among them', () => {
    const bare = { ...event, title: ' ', venue: null, endDate: '2020-01-01T00:00:00.000Z' };
    expect(missing(publishChecklist(bare, [], now))).toEqual(['title', 'place', 'tickets', 'dates']);
  });

  it('shows a missing description without blocking', () => {
    const checks = publishChecklist(event, [{ isActive: true }], now);
    expect(checks.find((check) => check.key === 'description')).toMatchObject({ done: false, required: false });
    expect(canPublish(checks)).toBe(true);
  });
});

describe('statusChangeRequest', () => {
  it('sends every field as the event has it, with only the status changed', () => {
    const request = statusChangeRequest(event, 'published');
    expect(request).toMatchObject({
      id: 'e1',
      status: 'published',
      title: 'Summer Regatta',
      slug: 'summer-regatta',
      startDate: event.startDate,
      endDate: event.endDate,
      capacity: 120,
      registrationClosesAt: event.registrationClosesAt,
      donationsEnabled: true,
      maxTicketsPerOrder: 6,
      confirmFreeByEmail: true,
      description: '',
      address: '',
    });
  });
});
