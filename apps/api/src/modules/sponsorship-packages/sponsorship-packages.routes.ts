import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import {
  findEventPackages,
  findPackage,
  removePackage,
  savePackage,
  setPackageActive,
} from './sponsorship-packages.service';

export function sponsorshipPackageRoutes(app: FastifyInstance, deps: Deps): void {
  const p = endpoints.sponsorshipPackage;
  registerEndpoint(app, deps, p.getPackagesByEventId, async ({ actor, query }) => ({
    payload: await findEventPackages(deps, actor, query.eventId),
  }));
  registerEndpoint(app, deps, p.getPackageById, async ({ actor, query }) => ({
    payload: await findPackage(deps, actor, query.packageId),
  }));
  registerEndpoint(app, deps, p.save, async ({ actor, body }) => ({
    payload: await savePackage(deps, actor, body),
    msg: body.id ? 'Package saved' : 'Package created',
  }));
  registerEndpoint(app, deps, p.deletePackage, async ({ actor, body }) => {
    await removePackage(deps, actor, body.packageId);
    return { payload: { id: body.packageId }, msg: 'Package removed' };
  });
  registerEndpoint(app, deps, p.updateStatus, async ({ actor, body }) => ({
    payload: await setPackageActive(deps, actor, body.packageId, body.isActive),
    msg: body.isActive ? 'Package activated' : 'Package deactivated',
  }));
}
