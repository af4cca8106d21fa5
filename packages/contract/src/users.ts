import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ZCurrentPassword } from './auth';
import { LIST_CAPS } from './lists';
import { requiredText, ZEmail, ZId, ZPassword, ZRole } from './rules';

export const ZAppUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  clubId: z.string().nullable(),
  createdAt: z.string(),
});
export type TAppUser = z.infer<typeof ZAppUser>;

export const ZSaveAppUserRequest = z.object({
  id: ZId.optional(),
  name: requiredText('Name', 120),
  email: ZEmail,
  /** Required to create; optional to update (unchanged when absent). */
  password: ZPassword.optional(),
  /**
   * Required when the id is the caller's own and a password is sent (docs/product.md section 18); that
   * answer's `authorization` header carries the caller's new token.
   */
  currentPassword: ZCurrentPassword.optional(),
  clubId: ZId,
});
export type TSaveAppUserRequest = z.input<typeof ZSaveAppUserRequest>;

export const appUserEndpoints = {
  save: defineEndpoint({
    method: 'POST',
    path: '/appUser/save',
    access: 'admin',
    summary: `Create (or, with an id, update) an admin of a club; a club has at most ${LIST_CAPS.admins} admins; a new password ends that admin's sessions`,
    body: ZSaveAppUserRequest,
    response: ZAppUser,
  }),
  getAppUsers: defineEndpoint({
    method: 'GET',
    path: '/appUser/getAppUsers',
    access: 'admin',
    summary: `A club's admins (at most ${LIST_CAPS.admins}, as many as a club may have)`,
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
