import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { answerList } from '../../plugins/lists';
import { registerEndpoint, type Deps } from '../../plugins/routes';
import { countEventOrders, createOrder, findEventOrders, findManagedOrder } from './orders.service';

export function orderRoutes(app: FastifyInstance, deps: Deps): void {
  const o = endpoints.order;
  registerEndpoint(app, deps, o.createOrder, async ({ body }) => ({
    payload: { order: await createOrder(deps, body) },
  }));
  registerEndpoint(app, deps, o.getOrdersByEventId, async ({ actor, query, reply }) => ({
    payload: answerList(reply, await findEventOrders(deps, actor, query)),
  }));
  registerEndpoint(app, deps, o.getOrderCountsByEventId, async ({ actor, query }) => ({
    payload: await countEventOrders(deps, actor, query.eventId),
  }));
  registerEndpoint(app, deps, o.getOrderById, async ({ actor, query }) => ({
    payload: await findManagedOrder(deps, actor, query.orderId),
  }));
  registerEndpoint(app, deps, o.getOrderWithItems, async ({ actor, query }) => ({
    payload: await findManagedOrder(deps, actor, query.orderId),
  }));
}
