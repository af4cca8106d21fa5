import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import {
  findCheckinStatistics,
  redeemExtras,
  saveCheckin,
  scanTicket,
  undoCheckin,
  unredeemExtras,
} from './checkin.service';
import { getDoorList } from './door-list.service';
import { syncDevice } from './sync.service';

/** The door (docs/product.md section 16): scan, check in, undo, statistics, and extras vouchers. */
export function checkinRoutes(app: FastifyInstance, deps: Deps): void {
  const c = endpoints.checkin;
  registerEndpoint(app, deps, c.scanByRegistrationId, async ({ actor, body }) => ({
    payload: await scanTicket(deps, actor, body),
  }));
  registerEndpoint(app, deps, c.save, async ({ actor, body }) => ({ payload: await saveCheckin(deps, actor, body) }));
  registerEndpoint(app, deps, c.delete, async ({ actor, body }) => ({
    payload: await undoCheckin(deps, actor, body),
    msg: 'Check-in undone',
  }));
  registerEndpoint(app, deps, c.getStatistics, async ({ actor, query }) => ({
    payload: await findCheckinStatistics(deps, actor, query),
  }));
  registerEndpoint(app, deps, c.scanByExtrasPurchaseId, async ({ actor, body }) => ({
    payload: await redeemExtras(deps, actor, body),
  }));
  registerEndpoint(app, deps, c.unredeemExtrasPurchase, async ({ actor, body }) => ({
    payload: await unredeemExtras(deps, actor, body),
    msg: 'Voucher un-redeemed',
  }));
  registerEndpoint(app, deps, c.getDoorList, async ({ actor, query }) => ({
    payload: await getDoorList(deps, actor, query),
  }));
  registerEndpoint(app, deps, c.sync, async ({ actor, body }) => ({ payload: await syncDevice(deps, actor, body) }));
}
