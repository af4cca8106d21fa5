import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { startExtrasPayment } from './payables/extras.payable';
import { handlePaymentWebhook } from './settle/webhook';
import { confirmPayment } from './settle/confirm-payment';
import { startPayment } from './pay/start-payment';
import { findRegistrationOfPayment } from './settle/purchase-answers';

export function paymentRoutes(app: FastifyInstance, deps: Deps): void {
  const p = endpoints.stripe;
  registerEndpoint(app, deps, p.createPaymentIntent, async ({ body }) => ({
    payload: body.extrasPurchaseId
      ? await startExtrasPayment(deps, body.extrasPurchaseId)
      : await startPayment(deps, body.orderId ?? ''),
  }));
  registerEndpoint(app, deps, p.confirmPayment, async ({ body }) => {
    const { purchase, msg } = await confirmPayment(deps, body.paymentIntentId, body.testCard);
    return { payload: purchase, msg };
  });
  registerEndpoint(app, deps, p.getRegistrationFromPayment, async ({ query }) => ({
    payload: await findRegistrationOfPayment(deps, query.paymentIntentId),
  }));
  // Loaded with the enclosing /api plugin; registered apart so its raw-body parser stays its own.
  void app.register((scope, _options, done) => {
    stripeWebhookRoute(scope, deps);
    done();
  });
}

/**
 * POST /stripe/webhook is Stripe's call, not a contract endpoint (hidden from the OpenAPI document).
 * Its signature covers the exact bytes Stripe sent, so in this plugin alone the body stays a raw
 * Buffer, whatever its content type; every other route keeps parsing JSON.
 */
function stripeWebhookRoute(scope: FastifyInstance, deps: Deps): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  scope.post('/stripe/webhook', { schema: { hide: true } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    await handlePaymentWebhook(
      deps,
      request.log,
      Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      typeof signature === 'string' ? signature : undefined,
    );
    return { received: true };
  });
}
