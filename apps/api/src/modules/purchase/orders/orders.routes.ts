import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { answerList } from '../../../plugins/lists';
import { registerEndpoint } from '../../../plugins/routes';
import { type Deps } from '../../../core/deps';
import { confirmFreeOrder } from '../price/free-booking.service';
import { createOrder } from '../price/create-order.service';
import { countEventOrders, findEventOrders, findManagedOrder } from './orders.service';

export function orderRoutes(app: FastifyInstance, deps: Deps): void {
  const o = endpoints.order;
  registerEndpoint(app, deps, o.createOrder, async ({ body }) => {
    const priced = await createOrder(deps, body);
    return {
      payload: priced,
      ...(priced.emailConfirmation
        ? { msg: 'Check your inbox: open the link we sent you to confirm your booking' }
        : {}),
    };
  });
  registerEndpoint(app, deps, o.confirmFreeOrder, async ({ body }) => ({
    payload: await confirmFreeOrder(deps, body),
    msg: 'Your booking is confirmed',
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
