import { ROLE_ADMIN, ROLE_STAFF, type TAppUser, type TEvent } from '@clubtix/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { workedEventsText } from './components/team-list';
import {
  memberFieldOf,
  memberFormValues,
  memberSaveRequest,
  memberScopeErrors,
  unshownFieldError,
} from './member-form-values';
import { i18n, startI18n } from '../../i18n/i18n';

const dora: TAppUser = {
  id: 'u2',
  name: 'Dora Door',
  email: 'dora@example.org',
  role: ROLE_STAFF,
  clubId: 'c1',
  allEvents: false,
  eventIds: ['e1'],
  invitationPending: false,
  createdAt: '2030-01-01T00:00:00.000Z',
};
const values = {
  name: ' Dora Door ',
  email: 'dora@example.org ',
  scope: 'chosen' as const,
  eventIds: ['e1', 'e2'],
  newPassword: false,
};

// The helpers read the English catalogue (docs/product.md section 22).
beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('users');
});

describe('the Team dialog request (docs/product.md section 20)', () => {
  it('makes door staff with their role and events, and no password: the server invites them', () => {
    expect(
      memberSaveRequest({ clubId: 'c1', role: ROLE_STAFF, member: undefined, values, password: undefined }),
    ).toEqual({
      role: ROLE_STAFF,
      name: 'Dora Door',
      email: 'dora@example.org',
      clubId: 'c1',
      allEvents: false,
      eventIds: ['e1', 'e2'],
    });
  });
  it('makes door staff of all events with allEvents and no list', () => {
    const all = memberSaveRequest({
      clubId: 'c1',
      role: ROLE_STAFF,
      member: undefined,
      values: { ...values, scope: 'all' },
      password: 'pw12345678',
    });
    expect(all).toMatchObject({ role: ROLE_STAFF, allEvents: true });
    expect(all).not.toHaveProperty('eventIds');
  });
  it('asks staff on chosen events to choose at least one, and nobody else', () => {
    const none = { scope: 'chosen' as const, eventIds: [] };
    expect(memberScopeErrors(true, none, 'Choose')).toEqual({ eventIds: 'Choose' });
    expect(memberScopeErrors(true, { scope: 'all', eventIds: [] }, 'Choose')).toEqual({});
    expect(memberScopeErrors(false, none, 'Choose')).toEqual({});
  });
  it('sends no events for an admin (the server refuses them) and no role on an edit (the server keeps it)', () => {
    const admin = memberSaveRequest({ clubId: 'c1', role: ROLE_ADMIN, member: undefined, values, password: 'pw' });
    expect(admin).not.toHaveProperty('eventIds');
    expect(admin).not.toHaveProperty('allEvents');
    expect(admin.role).toBe(ROLE_ADMIN);
    const edit = memberSaveRequest({ clubId: 'c1', role: ROLE_STAFF, member: dora, values, password: undefined });
    expect(edit).toEqual({
      id: 'u2',
      name: 'Dora Door',
      email: 'dora@example.org',
      clubId: 'c1',
      allEvents: false,
      eventIds: ['e1', 'e2'],
    });
  });
  it("starts an edit from the member's values, and a new one empty", () => {
    expect(memberFormValues(dora)).toEqual({
      name: 'Dora Door',
      email: 'dora@example.org',
      scope: 'chosen',
      eventIds: ['e1'],
      newPassword: false,
    });
    expect(memberFormValues({ ...dora, allEvents: true, eventIds: [] }).scope).toBe('all');
    expect(memberFormValues(undefined)).toEqual({
      name: '',
      email: '',
      scope: 'chosen',
      eventIds: [],
      newPassword: false,
    });
  });
  it('shows a refused event on the events picker, and says a refusal with no field in the alert', () => {
    const fieldOf = memberFieldOf(values);
    expect(fieldOf).toEqual({ allEvents: 'scope', 'eventIds.0': 'eventIds', 'eventIds.1': 'eventIds' });
    const onEvents = new ApiError(400, 'BAD_INPUT', 'Bad', [
      { path: 'eventIds.1', message: 'Choose events of this club' },
    ]);
    expect(unshownFieldError(onEvents, fieldOf)).toBeNull();
    const onPassword = new ApiError(400, 'BAD_INPUT', 'Bad', [{ path: 'password', message: 'Password is required!' }]);
    expect(unshownFieldError(onPassword, fieldOf)).toBe('Password is required!');
  });
});

describe('what a member works', () => {
  const events = [{ id: 'e1', title: 'Regatta' }] as TEvent[];
  it('names the events of limited staff, counts those not listed, and says all, none or everything otherwise', () => {
    const staff = (allEvents: boolean, eventIds: string[]) => ({ role: ROLE_STAFF as 5, allEvents, eventIds });
    expect(workedEventsText(dora, events)).toBe('Regatta');
    expect(workedEventsText(staff(false, ['e1', 'gone']), events)).toBe('Regatta, 1 other event');
    expect(workedEventsText(staff(true, []), events)).toBe('All events');
    // Every event they had was removed: they work none, and the list says so.
    expect(workedEventsText(staff(false, []), events)).toBe('No events');
    expect(workedEventsText({ role: ROLE_ADMIN, allEvents: false, eventIds: [] }, events)).toBe(
      'Everything of the club',
    );
  });
});
