import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZCurrentPassword } from './auth';
import { LIST_CAPS } from './lists';
import { requiredText, ROLE_ADMIN, ROLE_STAFF, ZEmail, ZId, ZPassword, ZRole } from './rules';

export const ZAppUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  clubId: z.string().nullable(),
  /**
   * Door staff only: they work every event of the club, those added later too (eventIds is then
   * empty). False: exactly `eventIds`, and none listed works no event (docs/decisions/0061-staff-scope.md).
   */
  allEvents: z.boolean(),
  /** Door staff only: the events they work when `allEvents` is false. */
  eventIds: z.array(z.string()),
  /**
   * Invited and no password set yet: the invitation mail's link is waiting to be used
   * (docs/decisions/0068-password-reset-and-invitations.md).
   */
  invitationPending: z.boolean(),
  createdAt: z.string(),
});
export type TAppUser = z.infer<typeof ZAppUser>;

export const ZSaveAppUserRequest = z.object({
  id: ZId.optional(),
  name: requiredText('Name', 120),
  email: ZEmail,
  /**
   * Optional. A create without one mails the person an invitation link to set their own (valid
   * INVITATION_TTL_HOURS); an update without one leaves the password unchanged.
   */
  password: ZPassword.optional(),
  /**
   * Required when the id is the caller's own and a password is sent (docs/product.md section 18); that
   * answer's `authorization` header carries the caller's new token.
   */
  currentPassword: ZCurrentPassword.optional(),
  clubId: ZId,
  /** 10 = admin (the default), 5 = door staff (docs/product.md section 20); sudo is never made here. */
  role: z
    .union([z.literal(ROLE_ADMIN), z.literal(ROLE_STAFF)], { error: 'Role must be 10 (admin) or 5 (door staff)' })
    .optional(),
  /**
   * Door staff only: true works every event of the club, those added later too, and then takes no
   * `eventIds` (400 naming `eventIds`). Absent on a create: false. Absent on an update with no
   * `eventIds` either: the scope is kept (docs/decisions/0061-staff-scope.md).
   */
  allEvents: z.boolean({ error: 'allEvents must be true or false' }).optional(),
  /**
   * Door staff only: the events of that club they work when `allEvents` is false; empty = no event.
   * Sent alone on an update, it sets `allEvents` to false.
   */
  eventIds: z.array(ZId).max(200, 'At most 200 events').optional(),
});
export type TSaveAppUserRequest = z.input<typeof ZSaveAppUserRequest>;

export const appUserEndpoints = {
  save: defineEndpoint({
    method: 'POST',
    path: '/appUser/save',
    access: 'admin',
    summary: `Create (or, with an id, update) an admin or door staff (role 5, with the events they work) of a club; a club has at most ${LIST_CAPS.admins} admins; a new password ends that admin's sessions`,
    body: ZSaveAppUserRequest,
    response: ZAppUser,
  }),
  sendInvitation: defineEndpoint({
    method: 'POST',
    path: '/appUser/sendInvitation',
    access: 'admin',
    summary:
      'Mail an invited admin or door staff member who has not set a password a new invitation link (the earlier link stops working)',
    body: z.object({ id: ZId }),
    response: ZAppUser,
  }),
  getAppUsers: defineEndpoint({
    method: 'GET',
    path: '/appUser/getAppUsers',
    access: 'admin',
    summary: `A club's admins and door staff (at most ${LIST_CAPS.admins}, as many as a club may have)`,
    query: z.object({ clubId: ZId }),
    response: z.object({ appUsers: z.array(ZAppUser) }),
  }),
  deleteAppUser: defineEndpoint({
    method: 'GET',
    path: '/appUser/deleteAppUser',
    access: 'admin',
    summary: 'Delete an admin',
    query: z.object({ id: ZId }),
    response: z.object({ id: z.string() }),
  }),
};
