import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint, type Deps } from '../../plugins/routes';
import { confirmPayment, findRegistrationOfPayment, startPayment } from './payments.service';

export function paymentRoutes(app: FastifyInstance, deps: Deps): void {
  const p = endpoints.stripe;
  registerEndpoint(app, deps, p.createPaymentIntent, async ({ body }) => ({
    payload: await startPayment(deps, body.orderId),
  }));
  registerEndpoint(app, deps, p.confirmPayment, async ({ body }) => ({
    payload: await confirmPayment(deps, body.paymentIntentId, body.testCard),
    msg: 'Payment received: your tickets are on their way',
  }));
  registerEndpoint(app, deps, p.getRegistrationFromPayment, async ({ query }) => ({
    payload: await findRegistrationOfPayment(deps, query.paymentIntentId),
  }));
}
