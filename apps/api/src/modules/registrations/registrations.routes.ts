import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint, type Deps } from '../../plugins/routes';
import {
  findBuyerRegistration,
  findManagedRegistration,
  initRegistration,
  saveRegistrationDetails,
  setRegistrationStatus,
} from './registrations.service';

export function registrationRoutes(app: FastifyInstance, deps: Deps): void {
  const r = endpoints.registration;
  registerEndpoint(app, deps, r.initRegistration, async ({ body }) => ({
    payload: await initRegistration(deps, body),
  }));
  registerEndpoint(app, deps, r.save, async ({ body }) => ({ payload: await saveRegistrationDetails(deps, body) }));
  registerEndpoint(app, deps, r.getRegistration, async ({ query }) => ({
    payload: await findBuyerRegistration(deps, query.registrationId, query.qrUuid),
  }));
  registerEndpoint(app, deps, r.getRegistrationById, async ({ actor, query }) => ({
    payload: await findManagedRegistration(deps, actor, query.registrationId),
  }));
  registerEndpoint(app, deps, r.updateStatus, async ({ actor, body }) => ({
    payload: await setRegistrationStatus(deps, actor, body.registrationId, body.status),
    msg: body.status === 'cancelled' ? 'Registration cancelled' : 'Registration confirmed',
  }));
}
