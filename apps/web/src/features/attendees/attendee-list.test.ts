import type { TAttendeeListItem, TFormQuestion } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerSummary,
  deletedBy,
  pageCount,
  rangeText,
  readListView,
  toAttendeeQuery,
  withCheckin,
  withoutAttendees,
  writeListView,
} from './attendee-list';
import { i18n, startI18n } from '../../i18n/i18n';

function attendee(attendeeId: string, registrationId: string): TAttendeeListItem {
  return {
    attendeeId,
    registrationId,
    ticketId: 't1',
    ticketName: 'Adult',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: null,
    answers: {},
    checkinId: null,
    checkinTime: null,
    shortCode: 'ABCD2345',
    buyerEmail: 'buyer@example.org',
    registeredAt: '2026-05-01T10:00:00.000Z',
    paidAmount: 2500,
  };
}

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('attendees');
});

describe('list view in the address', () => {
  it('reads defaults from an empty address and writes none back', () => {
    const view = readListView(new URLSearchParams());
    expect(view).toEqual({ search: '', filter: 'all', sort: 'name', page: 1 });
    expect(writeListView(view).toString()).toBe('');
  });

  it('round-trips a full view', () => {
    const view = { search: 'ada l', filter: 'checked-in', sort: 'checkinTime', page: 3 } as const;
    expect(readListView(writeListView(view))).toEqual(view);
  });

  it('ignores values it does not know', () => {
    expect(readListView(new URLSearchParams('show=maybe&sort=price&page=-2'))).toEqual({
      search: '',
      filter: 'all',
      sort: 'name',
      page: 1,
    });
    expect(readListView(new URLSearchParams('page=2.5')).page).toBe(1);
  });
});

describe('toAttendeeQuery', () => {
  it('maps Pending to checkedIn=false and Checked-in to true (docs/product.md section 4)', () => {
    const base = { search: '', sort: 'name', page: 1 } as const;
    expect(toAttendeeQuery('e1', { ...base, filter: 'pending' }).checkedIn).toBe('false');
    expect(toAttendeeQuery('e1', { ...base, filter: 'checked-in' }).checkedIn).toBe('true');
    expect(toAttendeeQuery('e1', { ...base, filter: 'all' })).not.toHaveProperty('checkedIn');
  });

  it('trims the search and leaves it out when empty', () => {
    const view = { search: '  ada ', filter: 'all', sort: 'createdAt', page: 2 } as const;
    expect(toAttendeeQuery('e1', view, 10)).toEqual({
      eventId: 'e1',
      searchKeyword: 'ada',
      sortBy: 'createdAt',
      page: 2,
      pageSize: 10,
    });
    expect(toAttendeeQuery('e1', { ...view, search: '   ' })).not.toHaveProperty('searchKeyword');
  });
});

describe('paging texts', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('says which rows show', () => {
    expect(rangeText(1, 25, 120, 25)).toBe('Showing 1–25 of 120 attendees');
    expect(rangeText(5, 20, 120, 25)).toBe('Showing 101–120 of 120 attendees');
    expect(rangeText(1, 1, 1, 25)).toBe('Showing 1–1 of 1 attendee');
    expect(rangeText(1, 0, 0, 25)).toBeNull();
  });
});

describe('cache updates', () => {
  const page = { attendees: [attendee('a1', 'r1'), attendee('a2', 'r1'), attendee('a3', 'r2')], total: 40 };

  it('removes one attendee', () => {
    const next = withoutAttendees(page, deletedBy({ attendeeId: 'a1', registrationId: 'r1' }, false));
    expect(next.attendees.map((item) => item.attendeeId)).toEqual(['a2', 'a3']);
    expect(next.total).toBe(39);
  });

  it('removes the whole registration when the response says it was deleted', () => {
    const next = withoutAttendees(page, deletedBy({ attendeeId: 'a1', registrationId: 'r1' }, true));
    expect(next.attendees.map((item) => item.attendeeId)).toEqual(['a3']);
    expect(next.total).toBe(38);
  });

  it('sets and clears a check-in', () => {
    const checkedIn = withCheckin(page, 'a2', { id: 'c1', createdAt: '2026-05-02T19:04:00.000Z' });
    expect(checkedIn.attendees[1]).toMatchObject({ checkinId: 'c1', checkinTime: '2026-05-02T19:04:00.000Z' });
    expect(checkedIn.attendees[0]?.checkinId).toBeNull();
    expect(withCheckin(checkedIn, 'a2', null).attendees[1]).toMatchObject({ checkinId: null, checkinTime: null });
  });
});

describe('answerSummary', () => {
  const question = (id: string, label: string, perAttendee = true): TFormQuestion => ({
    id,
    eventId: 'e1',
    type: 0,
    label,
    required: false,
    options: [],
    position: 0,
    perAttendee,
    showAtCheckin: false,
  });

  it("lists the attendee's own answers in the form's order, leaving out empty ones and per-booking questions", () => {
    const questions = [
      question('q1', 'Dietary needs'),
      question('q2', 'Workshops'),
      question('q3', 'Heard of us', false),
      question('q4', 'Club'),
    ];
    expect(answerSummary(questions, { q1: 'Vegan', q2: ['Knots', 'Radio'], q3: 'A friend', q4: '  ' })).toBe(
      'Dietary needs: Vegan · Workshops: Knots, Radio',
    );
    expect(answerSummary(questions, {})).toBe('');
  });
});
