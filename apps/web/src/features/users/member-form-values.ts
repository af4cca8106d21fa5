import {
  ROLE_ADMIN,
  ROLE_STAFF,
  ZSaveAppUserRequest,
  type TAppUser,
  type TSaveAppUserRequest,
} from '@clubtix/contract';
import { fieldErrors, isApiError } from '../../api/api-error';

/** What the Team page's dialog holds for one member: an admin or door staff (docs/product.md section 20). */
export type MemberFormValues = {
  name: string;
  email: string;
  /** Door staff only: the events they work; none = every event of the club. */
  eventIds: string[];
  /** Editing only: make up a new password and show it once. */
  newPassword: boolean;
};

export const ZMemberForm = ZSaveAppUserRequest.pick({ name: true, email: true, eventIds: true });

export function memberFormValues(member: TAppUser | undefined): MemberFormValues {
  return {
    name: member?.name ?? '',
    email: member?.email ?? '',
    eventIds: member ? [...member.eventIds] : [],
    newPassword: false,
  };
}

/**
 * The save request for the dialog's values. A new member always gets `password`; an edit only when
 * one is being reset. Events go only with door staff (the server refuses them for an admin, 400),
 * and an edit sends no role: the server keeps it (docs/decisions/0032-door-staff.md).
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
    ...(isStaff ? { eventIds: values.eventIds } : {}),
  };
}

/** Request paths the dialog shows on a field: every `eventIds.N` on the events picker. */
export function memberFieldOf(values: Pick<MemberFormValues, 'eventIds'>): Record<string, string> {
  return Object.fromEntries(values.eventIds.map((_, index) => [`eventIds.${index}`, 'eventIds']));
}

const FIELDS = new Set(['name', 'email', 'eventIds']);

/**
 * A server's field error the dialog has no field for (a password or role refusal): said in the
 * dialog's alert, so no refusal goes unsaid. Null when every field error has its field.
 */
export function unshownFieldError(error: unknown, fieldOf: Record<string, string>): string | null {
  if (!isApiError(error)) return null;
  const entry = Object.entries(fieldErrors(error)).find(([path]) => !FIELDS.has(fieldOf[path] ?? path));
  return entry ? entry[1] : null;
}
