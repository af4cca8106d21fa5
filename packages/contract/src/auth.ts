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
};
