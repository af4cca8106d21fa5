import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { requiredText, ZEmail, ZPassword, ZRole } from './rules';

export const ZCurrentUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  clubId: z.string().nullable(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

export const ZSignInRequest = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required!' }).min(1, 'Password is required!').max(200),
});
export type TSignInRequest = z.input<typeof ZSignInRequest>;

export const ZRegisterRequest = z.object({
  name: requiredText('Name', 120),
  email: ZEmail,
  password: ZPassword,
  clubName: requiredText('Club name', 120),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZAuthPayload = z.object({ currentUser: ZCurrentUser });

/** What a signed-in user types to prove it is them: checked, never stored (docs/product.md section 18). */
export const ZCurrentPassword = z
  .string({ error: 'Enter your current password' })
  .max(200, 'Password must be at most 200 characters');

/**
 * A signed-in user's own account, for every role (sudo too). A new password or a new e-mail needs
 * the current password; a new password ends every other session of the account: the answer's
 * `authorization` header carries this session's new token (docs/decisions/0019-sessions-and-my-account.md,
 * docs/decisions/0065-sign-in-proxies-and-sign-out.md).
 */
export const ZUpdateAccountRequest = z.object({
  name: requiredText('Name', 120),
  email: ZEmail,
  /** Required with newPassword, and with an e-mail other than the account's. */
  currentPassword: ZCurrentPassword.optional(),
  newPassword: ZPassword.optional(),
});
export type TUpdateAccountRequest = z.input<typeof ZUpdateAccountRequest>;

/**
 * Signing out ends the token on the server: the account's session version is raised, so every token
 * of the account, on this device and on any other, answers 401 from then on
 * (docs/decisions/0065-sign-in-proxies-and-sign-out.md).
 */
export const ZSignOutResponse = z.object({ signedOut: z.literal(true) });
export type TSignOutResponse = z.infer<typeof ZSignOutResponse>;

export const authEndpoints = {
  signin: defineEndpoint({
    method: 'POST',
    path: '/auth/signin',
    access: 'public',
    summary: 'Sign in; the token comes back in the authorization header',
    body: ZSignInRequest,
    response: ZAuthPayload,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    rateLimit: 'signUp',
    summary: 'Self-service sign-up: creates a club and its first admin, and signs them in',
    body: ZRegisterRequest,
    response: ZAuthPayload,
  }),
  getAccount: defineEndpoint({
    method: 'GET',
    path: '/auth/getAccount',
    access: 'signedIn',
    summary: 'The signed-in user, as the server has it now',
    response: ZAuthPayload,
  }),
  updateAccount: defineEndpoint({
    method: 'POST',
    path: '/auth/updateAccount',
    access: 'signedIn',
    summary:
      "Change one's own name, e-mail or password (the current password required for a new e-mail or password); a new password ends the other sessions and answers a new token in the authorization header",
    body: ZUpdateAccountRequest,
    response: ZAuthPayload,
  }),
  /** Every signed-in role, door staff included: the gate refuses staff only admin endpoints not marked staff. */
  signout: defineEndpoint({
    method: 'POST',
    path: '/auth/signout',
    access: 'signedIn',
    summary:
      'Sign out: ends this token and every other session of the account on the server (the session version is raised); the old tokens answer 401',
    response: ZSignOutResponse,
  }),
};
