import {
  ATTENDEE_SORTS,
  isAdminAttendeePage,
  type endpoints,
  type QueryOf,
  type TAnswers,
  type TAttendeeListItem,
  type TAttendeePageAnswer,
  type TFormQuestion,
} from '@clubtix/contract';
import { i18n } from '../../i18n/i18n';

/**
 * What the attendee list shows, kept in the address (?q=&show=&sort=&page=) so that a reload, a
 * shared link or the back button returns to the same view. Free of React so it is tested.
 */

export const ATTENDEE_FILTERS = ['all', 'pending', 'checked-in'] as const;
export type AttendeeFilter = (typeof ATTENDEE_FILTERS)[number];
export type AttendeeSort = (typeof ATTENDEE_SORTS)[number];

/** docs/product.md section 4: Pending is checkedIn=false, Checked-in is checkedIn=true. */
export const FILTER_KEYS = {
  all: 'attendees:filters.all',
  pending: 'attendees:filters.pending',
  'checked-in': 'attendees:filters.checkedIn',
} as const satisfies Record<AttendeeFilter, string>;

export const SORT_KEYS = {
  name: 'attendees:filters.sortName',
  createdAt: 'attendees:filters.sortCreated',
  checkinTime: 'attendees:filters.sortCheckin',
} as const satisfies Record<AttendeeSort, string>;

export const ATTENDEE_PAGE_SIZE = 25;

export interface AttendeeListView {
  search: string;
  filter: AttendeeFilter;
  sort: AttendeeSort;
  page: number;
}

const isFilter = (value: string | null): value is AttendeeFilter =>
  (ATTENDEE_FILTERS as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is AttendeeSort =>
  (ATTENDEE_SORTS as readonly (string | null)[]).includes(value);

/** The view named by the address; anything unreadable falls back to the default. */
export function readListView(params: URLSearchParams): AttendeeListView {
  const show = params.get('show');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    filter: isFilter(show) ? show : 'all',
    sort: isSort(sort) ? sort : 'name',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a view, leaving out defaults so the plain list has the plain URL. */
export function writeListView(view: AttendeeListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search.trim()) params.set('q', view.search);
  if (view.filter !== 'all') params.set('show', view.filter);
  if (view.sort !== 'name') params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** getAttendees' query for a view. */
export function toAttendeeQuery(
  eventId: string,
  view: AttendeeListView,
  pageSize = ATTENDEE_PAGE_SIZE,
): QueryOf<typeof endpoints.attendees.getAttendees> {
  const searchKeyword = view.search.trim();
  return {
    eventId,
    sortBy: view.sort,
    page: view.page,
    pageSize,
    ...(searchKeyword ? { searchKeyword } : {}),
    ...(view.filter === 'all' ? {} : { checkedIn: view.filter === 'checked-in' ? 'true' : 'false' }),
  };
}

export function pageCount(total: number, pageSize = ATTENDEE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * "Showing 26–50 of 120 attendees"; null when none are shown, as the list itself then says why
 * (no attendees yet, or none match), and once is enough.
 */
export function rangeText(page: number, shown: number, total: number, pageSize = ATTENDEE_PAGE_SIZE): string | null {
  if (total === 0 || shown === 0) return null;
  const first = (page - 1) * pageSize + 1;
  // The list page loads the `attendees` catalogue.
  return i18n.t('attendees:list.range', { first, last: first + shown - 1, count: total });
}

export interface AttendeePage {
  attendees: TAttendeeListItem[];
  total: number;
}

/**
 * The admin's page of getAttendees, which this admin-only list reads. The answer to door staff is
 * the door's view (docs/decisions/0061-staff-scope.md), which this page never asks for: read as empty.
 */
export const adminPageOf = (page: TAttendeePageAnswer): AttendeePage =>
  isAdminAttendeePage(page) ? page : { attendees: [], total: 0 };

/**
 * The page without the attendees a deletion took away, the total lowered by as many: the list
 * updates at once, before the refetch that brings the next attendees up into the page.
 */
export function withoutAttendees(page: AttendeePage, removed: (attendee: TAttendeeListItem) => boolean): AttendeePage {
  const attendees = page.attendees.filter((attendee) => !removed(attendee));
  const gone = page.attendees.length - attendees.length;
  return { attendees, total: Math.max(0, page.total - gone) };
}

/** What deleteAttendee took: the registration's rows when it said the registration went too. */
export function deletedBy(
  deleted: Pick<TAttendeeListItem, 'attendeeId' | 'registrationId'>,
  registrationDeleted: boolean,
): (attendee: TAttendeeListItem) => boolean {
  return registrationDeleted
    ? (attendee) => attendee.registrationId === deleted.registrationId
    : (attendee) => attendee.attendeeId === deleted.attendeeId;
}

/** The page with one attendee's check-in set (or cleared with null). */
export function withCheckin(
  page: AttendeePage,
  attendeeId: string,
  checkin: { id: string; createdAt: string } | null,
): AttendeePage {
  return {
    ...page,
    attendees: page.attendees.map((attendee) =>
      attendee.attendeeId === attendeeId
        ? { ...attendee, checkinId: checkin?.id ?? null, checkinTime: checkin?.createdAt ?? null }
        : attendee,
    ),
  };
}

/** An attendee's own answers as one line, "Label: answer · Label: a, b", in the form's order; empty ones left out. */
export function answerSummary(questions: readonly TFormQuestion[], answers: TAnswers): string {
  return questions
    .filter((question) => question.perAttendee)
    .map((question) => {
      const answer = answers[question.id];
      const text = Array.isArray(answer) ? answer.join(', ') : (answer ?? '').trim();
      return text ? `${question.label}: ${text}` : '';
    })
    .filter(Boolean)
    .join(' · ');
}
