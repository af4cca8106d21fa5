import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';
import { requestLanguage } from '../../core/i18n';
import { findBuyerRegistration, saveRegistrationDetails } from './details/registration-details.service';
import { createSponsorship } from './hold/create-sponsorship.service';
import { initRegistration } from './hold/init-registration.service';
import { purchaseExtras } from './hold/purchase-extras.service';
import { startPayment } from './pay/start-payment';
import { confirmFreeOrder } from './price/free-booking.service';
import { createOrder } from './price/create-order.service';
import { confirmPayment } from './pay/confirm-payment';
import { findRegistrationOfPayment } from './settle/purchase-answers';
import { handlePaymentWebhook } from './settle/webhook';

/**
 * The buyer's calls, in the order of a purchase (docs/product.md section 15): hold, details, price,
 * pay, settle; extras bought alone and sponsorships or donations take the same pay and settle steps.
 */
export function purchaseRoutes(app: FastifyInstance, deps: Deps): void {
  const r = endpoints.registration;
  // What a buyer starts records their language (the request's): their mails speak it.
  registerEndpoint(app, deps, r.initRegistration, async ({ body, request }) => ({
    payload: await initRegistration(deps, body, request.ip, requestLanguage(request)),
  }));
  registerEndpoint(app, deps, endpoints.extrasPurchase.purchaseExtras, async ({ body, request }) => ({
    payload: await purchaseExtras(deps, body, requestLanguage(request)),
  }));
  registerEndpoint(app, deps, endpoints.sponsorship.create, async ({ body, request }) => ({
    payload: await createSponsorship(deps, body, requestLanguage(request)),
  }));
  registerEndpoint(app, deps, r.save, async ({ body }) => ({ payload: await saveRegistrationDetails(deps, body) }));
  registerEndpoint(app, deps, r.getRegistration, async ({ query }) => ({
    payload: await findBuyerRegistration(deps, query.registrationId, query.qrUuid),
  }));
  const o = endpoints.order;
  registerEndpoint(app, deps, o.createOrder, async ({ body, request }) => {
    const priced = await createOrder(deps, body, request.ip);
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
  const p = endpoints.stripe;
  registerEndpoint(app, deps, p.createPaymentIntent, async ({ body }) => ({
    payload: body.extrasPurchaseId
      ? await startPayment(deps, 'extras', body.extrasPurchaseId)
      : body.passPurchaseId
        ? await startPayment(deps, 'pass', body.passPurchaseId)
        : await startPayment(deps, 'order', body.orderId ?? ''),
  }));
  registerEndpoint(app, deps, endpoints.sponsorship.createSponsorshipPaymentIntent, async ({ body }) => ({
    payload: await startPayment(deps, 'sponsorship', body.sponsorshipId),
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
