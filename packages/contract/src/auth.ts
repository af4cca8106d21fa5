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

/**
 * Forgot password (docs/decisions/0068-password-reset-and-invitations.md): the answer is the same
 * whether or not an account has this e-mail; a known one is mailed a link valid one hour.
 */
export const ZRequestPasswordResetRequest = z.object({ email: ZEmail });
export type TRequestPasswordResetRequest = z.input<typeof ZRequestPasswordResetRequest>;
export const ZRequestPasswordResetResponse = z.object({ requested: z.literal(true) });

/** How long a reset link works; an invitation's link works INVITATION_TTL_HOURS. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const INVITATION_TTL_HOURS = 24 * 7;

/**
 * The link of a reset or invitation mail sets the password once: the token is bound to the account's
 * password and session version, so a second use answers 400. Every earlier session ends; the answer
 * signs the person in (the `authorization` header carries the new session's token).
 */
export const ZResetPasswordRequest = z.object({
  token: z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(2000),
  password: ZPassword,
});
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

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
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/auth/requestPasswordReset',
    access: 'public',
    rateLimit: 'publicWrite',
    summary:
      'Forgot password: answers the same whether or not the e-mail has an account; a known one is mailed a link to set a new password, valid 1 hour',
    body: ZRequestPasswordResetRequest,
    response: ZRequestPasswordResetResponse,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/resetPassword',
    access: 'public',
    rateLimit: 'publicWrite',
    summary:
      'Set a new password with the token of a reset or invitation link (once: a used link answers 400); ends every earlier session and signs in (the token in the authorization header)',
    body: ZResetPasswordRequest,
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
