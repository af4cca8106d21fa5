import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { say } from '../../core/errors';
import { findOwnAccount, signOut, updateOwnAccount } from './account.service';
import { registerClubAdmin, signIn } from './auth.service';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { requestLanguage } from '../../core/i18n';

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.auth.signin, async ({ body, request, reply }) => {
    const session = await signIn(deps, body, request.ip);
    reply.header('authorization', `Bearer ${session.token}`);
    return {
      payload: { currentUser: session.currentUser },
      msg: session.firstSignIn
        ? say('Welcome, {name}', { name: session.currentUser.name })
        : say('Welcome back, {name}', { name: session.currentUser.name }),
    };
  });

  registerEndpoint(app, deps, endpoints.auth.register, async ({ body, reply }) => {
    const session = await registerClubAdmin(deps, body);
    reply.header('authorization', `Bearer ${session.token}`);
    return { payload: { currentUser: session.currentUser }, msg: 'Your club is ready' };
  });

  registerEndpoint(app, deps, endpoints.auth.requestPasswordReset, async ({ body, request }) => {
    await requestPasswordReset(deps, body.email, request.ip, requestLanguage(request));
    return {
      payload: { requested: true as const },
      msg: 'If an account has this e-mail, a link to set a new password is on its way. Check your inbox.',
    };
  });

  registerEndpoint(app, deps, endpoints.auth.resetPassword, async ({ body, reply }) => {
    const session = await resetPassword(deps, body);
    reply.header('authorization', `Bearer ${session.token}`);
    return {
      payload: { currentUser: session.currentUser },
      msg: session.invited
        ? say('Welcome, {name}', { name: session.currentUser.name })
        : 'Your new password is set. Every other session of your account is signed out.',
    };
  });

  registerEndpoint(app, deps, endpoints.auth.getAccount, async ({ actor }) => ({
    payload: { currentUser: await findOwnAccount(deps, actor) },
  }));

  registerEndpoint(app, deps, endpoints.auth.updateAccount, async ({ actor, body, request, reply }) => {
    const change = await updateOwnAccount(deps, actor, body, request.ip);
    if (change.token) reply.header('authorization', `Bearer ${change.token}`);
    return {
      payload: { currentUser: change.currentUser },
      msg: change.token ? 'Password changed. Every other session of your account is signed out.' : 'Account saved',
    };
  });

  registerEndpoint(app, deps, endpoints.auth.signout, async ({ actor }) => {
    await signOut(deps, actor);
    return { payload: { signedOut: true as const }, msg: 'You are signed out, here and on your other devices.' };
  });
}
