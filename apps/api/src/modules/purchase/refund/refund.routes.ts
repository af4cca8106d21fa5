import type { FastifyInstance } from 'fastify';
import { endpoints, formatMoney, type TCurrency, type TLanguage } from '@clubtix/contract';
import { say, sayIn } from '../../../core/errors';
import type { Deps } from '../../../core/deps';
import { registerEndpoint } from '../../../plugins/routes';
import { cancelEvent, findEventCancellation } from './cancellation.service';
import { refundOrder } from './refund.service';
import { refundExtrasPurchase, refundPass, refundSponsorship } from './refund-payable.service';

/** "Refunded: £12.50 in all", the money in the form of the request's language. */
const refundedMsg =
  (payable: { refundedAmount: number; currency: TCurrency }, replayed: boolean) => (language: TLanguage) => {
    const amount = formatMoney(payable.refundedAmount, payable.currency, language);
    return replayed
      ? sayIn(language, say('Already refunded: {amount} in all', { amount }), 'replies')
      : sayIn(language, say('Refunded: {amount} in all', { amount }), 'replies');
  };

/** Refunds and cancelling an event (docs/product.md section 19); events/ stays below the purchase. */
export function refundRoutes(app: FastifyInstance, deps: Deps): void {
  registerEndpoint(app, deps, endpoints.order.refund, async ({ actor, body }) => {
    const { order, replayed } = await refundOrder(deps, actor, body, app.log);
    return { payload: { order }, msg: refundedMsg(order, replayed) };
  });
  registerEndpoint(app, deps, endpoints.sponsorship.refund, async ({ actor, body }) => {
    const { sponsorship, replayed } = await refundSponsorship(deps, actor, body, app.log);
    return { payload: { sponsorship }, msg: refundedMsg(sponsorship, replayed) };
  });
  registerEndpoint(app, deps, endpoints.extrasPurchase.refund, async ({ actor, body }) => {
    const { extrasPurchase, replayed } = await refundExtrasPurchase(deps, actor, body, app.log);
    return { payload: { extrasPurchase }, msg: refundedMsg(extrasPurchase, replayed) };
  });
  registerEndpoint(app, deps, endpoints.pass.refund, async ({ actor, body }) => {
    const { passPurchase, refunded, replayed } = await refundPass(deps, actor, body, app.log);
    return { payload: { passPurchase }, msg: refundedMsg(refunded, replayed) };
  });
  registerEndpoint(app, deps, endpoints.event.cancelEvent, async ({ actor, body }) => {
    const cancellation = await cancelEvent(deps, actor, body, app.log);
    return {
      payload: cancellation,
      msg: cancellation.refundAll ? 'The event is cancelled; its orders are being refunded' : 'The event is cancelled',
    };
  });
  registerEndpoint(app, deps, endpoints.event.getCancellation, async ({ actor, query }) => ({
    payload: await findEventCancellation(deps, actor, query.eventId),
  }));
}
