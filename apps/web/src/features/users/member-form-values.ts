import {
  ROLE_ADMIN,
  ROLE_STAFF,
  ZSaveAppUserRequest,
  type TAppUser,
  type TSaveAppUserRequest,
} from '@clubtix/contract';
import { fieldErrors, isApiError } from '../../api/api-error';

/**
 * Door staff work every event of the club ("All events", those added later too) or the events chosen
 * (docs/decisions/0061-staff-scope.md).
 */
export type EventScope = 'all' | 'chosen';

/** What the Team page's dialog holds for one member: an admin or door staff (docs/product.md section 20). */
export type MemberFormValues = {
  name: string;
  email: string;
  /** Door staff only. */
  scope: EventScope;
  /** Door staff only, with scope 'chosen': the events they work. */
  eventIds: string[];
  /** Editing only: make up a new password and show it once. */
  newPassword: boolean;
};

export const ZMemberForm = ZSaveAppUserRequest.pick({ name: true, email: true, allEvents: true, eventIds: true });

/** A new member starts on chosen events: "All events" is a choice of its own, never a default. */
export function memberFormValues(member: TAppUser | undefined): MemberFormValues {
  return {
    name: member?.name ?? '',
    email: member?.email ?? '',
    scope: member?.allEvents ? 'all' : 'chosen',
    eventIds: member ? [...member.eventIds] : [],
    newPassword: false,
  };
}

/** What the dialog's events say: every event, or the ones chosen (none chosen is refused below). */
export function memberScopeRequest(values: Pick<MemberFormValues, 'scope' | 'eventIds'>) {
  return values.scope === 'all' ? { allEvents: true } : { allEvents: false, eventIds: values.eventIds };
}

/**
 * Door staff on chosen events with none chosen would work no event: the dialog asks for at least one
 * (the server would save it; a member whose events were all removed lists "No events").
 */
export function memberScopeErrors(
  isStaff: boolean,
  values: Pick<MemberFormValues, 'scope' | 'eventIds'>,
  message: string,
): Record<string, string> {
  return isStaff && values.scope === 'chosen' && values.eventIds.length === 0 ? { eventIds: message } : {};
}

/**
 * The save request for the dialog's values. A new member gets no `password`: the server mails them an
 * invitation (docs/decisions/0068-password-reset-and-invitations.md); an edit sends one only when it
 * is being reset. Events go only with door staff (the server refuses them for an admin, 400):
 * `allEvents`, or the events chosen; an edit sends no role: the server keeps it
 * (docs/decisions/0032-door-staff.md).
 */
export function memberSaveRequest(input: {
  clubId: string;
  role: number;
  member: TAppUser | undefined;
  values: MemberFormValues;
  password: string | undefined;
}): TSaveAppUserRequest {
  const { clubId, role, member, values, password } = input;
  const isStaff = role === ROLE_STAFF;
  return {
    ...(member ? { id: member.id } : { role: isStaff ? ROLE_STAFF : ROLE_ADMIN }),
    name: values.name.trim(),
    email: values.email.trim(),
    clubId,
    ...(password ? { password } : {}),
    ...(isStaff ? memberScopeRequest(values) : {}),
  };
}

/** Request paths the dialog shows on a field: every `eventIds.N` on the events picker, `allEvents` on the choice. */
export function memberFieldOf(values: Pick<MemberFormValues, 'eventIds'>): Record<string, string> {
  return {
    allEvents: 'scope',
    ...Object.fromEntries(values.eventIds.map((_, index) => [`eventIds.${index}`, 'eventIds'])),
  };
}

const FIELDS = new Set(['name', 'email', 'scope', 'eventIds']);

/**
 * A server's field error the dialog has no field for (a password or role refusal): said in the
 * dialog's alert, so no refusal goes unsaid. Null when every field error has its field.
 */
export function unshownFieldError(error: unknown, fieldOf: Record<string, string>): string | null {
  if (!isApiError(error)) return null;
  const entry = Object.entries(fieldErrors(error)).find(([path]) => !FIELDS.has(fieldOf[path] ?? path));
  return entry ? entry[1] : null;
}
