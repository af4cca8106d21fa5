import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { answerList } from '../../../plugins/lists';
import { registerEndpoint } from '../../../plugins/routes';
import { type Deps } from '../../../core/deps';
import { findEventExtrasPurchases } from './extras-purchases.service';
import { findManagedOrderWithRefunds } from '../refund/refund.service';
import { countEventOrders, findEventOrders } from './orders.service';

/** The admin's reads of what was bought: orders, and extras bought alone. */
export function orderRoutes(app: FastifyInstance, deps: Deps): void {
  const o = endpoints.order;
  registerEndpoint(app, deps, o.getOrdersByEventId, async ({ actor, query, reply }) => ({
    payload: answerList(reply, await findEventOrders(deps, actor, query)),
  }));
  registerEndpoint(app, deps, o.getOrderCountsByEventId, async ({ actor, query }) => ({
    payload: await countEventOrders(deps, actor, query.eventId),
  }));
  registerEndpoint(app, deps, o.getOrderById, async ({ actor, query }) => ({
    payload: await findManagedOrderWithRefunds(deps, actor, query.orderId),
  }));
  registerEndpoint(app, deps, o.getOrderWithItems, async ({ actor, query }) => ({
    payload: await findManagedOrderWithRefunds(deps, actor, query.orderId),
  }));
  registerEndpoint(app, deps, endpoints.extras.getExtrasPurchasesByEventId, async ({ actor, query }) => ({
    payload: await findEventExtrasPurchases(deps, actor, query),
  }));
}
