import type { FastifyInstance } from 'fastify';
import { endpoints, ROLE_STAFF } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { say } from '../../core/errors';
import { deleteClubAdmin, findClubAdmins, resendInvitation, saveClubAdmin } from './users.service';
import { requestLanguage } from '../../core/i18n';

export function appUserRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.appUser.save, async ({ actor, body, request, reply }) => {
    const saved = await saveClubAdmin(deps, actor, body, request.ip, requestLanguage(request));
    if (saved.token) reply.header('authorization', `Bearer ${saved.token}`);
    const staff = saved.user.role === ROLE_STAFF;
    const invited = !body.id && saved.user.invitationPending;
    const msg = invited
      ? say('Invitation sent to {email}', { email: saved.user.email })
      : body.id
        ? staff
          ? 'Door staff saved'
          : 'Admin saved'
        : staff
          ? 'Door staff created'
          : 'Admin created';
    return { payload: saved.user, msg };
  });

  registerEndpoint(app, deps, endpoints.appUser.sendInvitation, async ({ actor, body, request }) => {
    const user = await resendInvitation(deps, actor, body.id, requestLanguage(request));
    return { payload: user, msg: say('Invitation sent to {email}', { email: user.email }) };
  });

  registerEndpoint(app, deps, endpoints.appUser.getAppUsers, async ({ actor, query }) => ({
    payload: { appUsers: await findClubAdmins(deps, actor, query.clubId) },
  }));

  registerEndpoint(app, deps, endpoints.appUser.deleteAppUser, async ({ actor, query }) => {
    await deleteClubAdmin(deps, actor, query.id);
    return { payload: { id: query.id }, msg: 'Admin removed' };
  });
}
