import { ZSaveEventRequest, type TEvent } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkEventForm, eventToFormValues, formValuesToRequest, type EventFormValues } from './event-form-values';
import { i18n, startI18n } from '../../i18n/i18n';

const filled: EventFormValues = {
  ...eventToFormValues(undefined, { timezone: 'Europe/London' }),
  title: 'Summer Gala',
  startDate: { year: 2026, month: 8, day: 15 },
  startTime: '18:30',
  endDate: { year: 2026, month: 8, day: 15 },
  endTime: '23:00',
};

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('events');
});

describe('formValuesToRequest', () => {
  it('turns a day and time in the event zone into UTC instants the contract accepts', () => {
    const request = formValuesToRequest(filled);
    expect(request).toMatchObject({
      title: 'Summer Gala',
      slug: null,
      startDate: '2026-08-15T17:30:00.000Z',
      endDate: '2026-08-15T22:00:00.000Z',
      capacity: null,
      registrationOpensAt: null,
      registrationClosesAt: null,
      maxTicketsPerOrder: 10,
      confirmFreeByEmail: false,
      reminderHoursBefore: null,
      status: 'draft',
      seriesId: null,
    });
    expect(ZSaveEventRequest.safeParse(request).success).toBe(true);
  });

  it('covers whole days for a registration window given without times', () => {
    const request = formValuesToRequest({
      ...filled,
      timezone: 'Asia/Bangkok',
      registrationOpensDate: { year: 2026, month: 7, day: 1 },
      registrationClosesDate: { year: 2026, month: 8, day: 14 },
    });
    expect(request.registrationOpensAt).toBe('2026-06-30T17:00:00.000Z');
    expect(request.registrationClosesAt).toBe('2026-08-14T16:59:00.000Z');
  });

  it('keeps the id of an edited event and a typed slug', () => {
    expect(formValuesToRequest({ ...filled, slug: 'gala', capacity: 300 }, 'e1')).toMatchObject({
      id: 'e1',
      slug: 'gala',
      capacity: 300,
    });
  });

  it('leaves unreadable instants for the schema to refuse', () => {
    const request = formValuesToRequest({ ...filled, startDate: null, endTime: 'soon' });
    expect(request.startDate).toBeUndefined();
    expect(request.endDate).toBeUndefined();
    expect(ZSaveEventRequest.safeParse(request).success).toBe(false);
  });
});

describe('eventToFormValues', () => {
  it('shows stored instants on the event zone clock and round-trips', () => {
    const event: TEvent = {
      id: 'e1',
      clubId: 'c1',
      slug: 'summer-gala',
      title: 'Summer Gala',
      description: null,
      bannerUrl: null,
      venue: null,
      address: null,
      startDate: '2026-08-15T17:30:00.000Z',
      endDate: '2026-08-15T22:00:00.000Z',
      timezone: 'Europe/London',
      currency: 'gbp',
      status: 'published',
      capacity: null,
      registrationOpensAt: null,
      registrationClosesAt: '2026-08-15T12:00:00.000Z',
      donationsEnabled: true,
      sponsorshipsEnabled: false,
      maxTicketsPerOrder: 6,
      confirmFreeByEmail: true,
      reminderHoursBefore: 24,
      seriesId: 's1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const values = eventToFormValues(event, { timezone: 'UTC' });
    expect(values).toMatchObject({
      startDate: { year: 2026, month: 8, day: 15 },
      startTime: '18:30',
      endTime: '23:00',
      registrationClosesTime: '13:00',
      description: '',
      capacity: '',
      timezone: 'Europe/London',
      confirmFreeByEmail: true,
      seriesId: 's1',
    });
    expect(formValuesToRequest({ ...values, seriesId: '' }, event.id).seriesId).toBeNull();
    expect(formValuesToRequest(values, event.id)).toMatchObject({
      seriesId: 's1',
      confirmFreeByEmail: true,
      reminderHoursBefore: 24,
      startDate: event.startDate,
      endDate: event.endDate,
      registrationClosesAt: event.registrationClosesAt,
    });
  });
});

describe('checkEventForm', () => {
  it('names the missing and unreadable day and time fields', () => {
    expect(checkEventForm(filled)).toEqual({});
    expect(
      checkEventForm({
        ...filled,
        startDate: null,
        endTime: '',
        registrationOpensTime: '25:00',
        registrationClosesTime: '10:00',
        maxTicketsPerOrder: '',
      }),
    ).toEqual({
      startDate: 'Start date is required',
      // null: the end date itself is fine, so the schema's message about the instant is silenced.
      endDate: null,
      endTime: 'End time is required',
      registrationOpensTime: 'Enter a time as hh:mm (24-hour)',
      registrationClosesDate: 'Choose a date for this time',
      maxTicketsPerOrder: 'Tickets per order is required',
    });
  });

  it('puts an end before the start on the same day on the end time, where the fault is', () => {
    const day = { year: 2027, month: 1, day: 10 };
    const sameDay = { ...filled, startDate: day, startTime: '10:00', endDate: day, endTime: '09:00' };
    expect(checkEventForm(sameDay)).toEqual({ endTime: 'End time must not be before the start time', endDate: null });
    expect(checkEventForm({ ...sameDay, endTime: '10:00' })).toEqual({});
    // On another day the date is at fault: the schema's message stays on the end date.
    expect(checkEventForm({ ...sameDay, endDate: { ...day, day: 9 }, endTime: '11:00' })).toEqual({});
    expect(
      checkEventForm({
        ...filled,
        registrationOpensDate: day,
        registrationOpensTime: '12:00',
        registrationClosesDate: day,
        registrationClosesTime: '8am',
      }),
    ).toEqual({
      registrationClosesTime: 'Closing time must not be before the opening time',
      registrationClosesDate: null,
    });
  });
});
