import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint, type Deps } from '../../plugins/routes';
import { registerClubAdmin, signIn } from './auth.service';

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.auth.signin, async ({ body, request, reply }) => {
    const session = await signIn(deps, body, request.ip);
    reply.header('authorization', `Bearer ${session.token}`);
    return { payload: { currentUser: session.currentUser }, msg: `Welcome back, ${session.currentUser.name}` };
  });

  registerEndpoint(app, deps, endpoints.auth.register, async ({ body, reply }) => {
    const session = await registerClubAdmin(deps, body);
    reply.header('authorization', `Bearer ${session.token}`);
    return { payload: { currentUser: session.currentUser }, msg: 'Your club is ready' };
  });
}
