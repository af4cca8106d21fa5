import Stripe from 'stripe';
import type { StripeSettings } from '../../../config';
import type { IntentState, PaymentProvider, ProviderEvent } from '../../../core/payment-provider';
import { createStripeRefund, listStripeRefunds, toProviderRefund } from '../refund/stripe-refunds';

type StripeOptions = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

/** STRIPE_API_BASE as the SDK takes it; with none, the SDK's own host (api.stripe.com over https). */
function hostOptions(apiBase: string | undefined): Pick<StripeOptions, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Stripe's statuses reduced to ours. Only 'succeeded' settles an order; requires_capture cannot
 * happen with automatic capture and counts as not yet paid, as does any status Stripe adds later.
 */
function toStatus(status: Stripe.PaymentIntent.Status): IntentState['status'] {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_payment_method':
      return 'requires_payment_method';
    case 'canceled':
      return 'canceled';
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action';
    case 'processing':
    case 'requires_capture':
    default:
      return 'processing';
  }
}

function toState(intent: Stripe.PaymentIntent): IntentState {
  return {
    id: intent.id,
    status: toStatus(intent.status),
    amount: intent.amount,
    currency: intent.currency,
    lastError: intent.last_payment_error?.message ?? null,
    ...(intent.metadata ? { metadata: intent.metadata } : {}),
  };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing');

/** Stripe's refusal to act on an intent in its current state (cancelling one that succeeded, or is cancelled). */
const isUnexpectedState = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.code === 'payment_intent_unexpected_state';

/** PaymentIntents through the official SDK; the card itself is typed into Stripe Elements, never sent to us. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...hostOptions(settings.apiBase),
    // A retried create carries the same idempotency key, so retrying never charges twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'ClubTix' },
  });
  const { webhookSecret } = settings;

  const retrieveIntent = async (id: string): Promise<IntentState | undefined> => {
    try {
      return toState(await stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  const verifyWebhook = (rawBody: Buffer, signature: string | undefined): ProviderEvent | undefined => {
    if (!signature || !webhookSecret) return undefined;
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    } catch {
      // A wrong or stale signature, a wrong secret or a mangled body: all mean "not from Stripe".
      return undefined;
    }
    if (event.type === 'payment_intent.succeeded')
      return { kind: 'payment_succeeded', intent: toState(event.data.object) };
    if (event.type === 'refund.created' || event.type === 'refund.updated') {
      const refund = toProviderRefund(event.data.object);
      if (refund) return { kind: 'refund', refund };
    }
    if (event.type === 'charge.refunded') {
      const intent = event.data.object.payment_intent;
      const paymentIntentId = typeof intent === 'string' ? intent : intent?.id;
      if (paymentIntentId) return { kind: 'payment_refunded', paymentIntentId };
    }
    return { kind: 'other', type: event.type };
  };

  return {
    name: 'stripe',
    ...(settings.publishableKey ? { publishableKey: settings.publishableKey } : {}),
    async createIntent({ amount, currency, key, description, metadata }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency,
          description,
          automatic_payment_methods: { enabled: true },
          ...(metadata ? { metadata } : {}),
        },
        { idempotencyKey: key },
      );
      if (!intent.client_secret) throw new Error(`Stripe answered PaymentIntent ${intent.id} without a client secret`);
      // A replayed key answers the first response as it was then; the intent may have changed since.
      const replayed = intent.lastResponse.headers['idempotent-replayed'] === 'true';
      const status = replayed
        ? toStatus((await stripe.paymentIntents.retrieve(intent.id)).status)
        : toStatus(intent.status);
      return { id: intent.id, clientSecret: intent.client_secret, status };
    },
    retrieveIntent,
    async cancelIntent(id) {
      try {
        return toState(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        if (isMissing(error)) return undefined;
        // Succeeded (or processing, or cancelled already): what it is now is the answer.
        if (isUnexpectedState(error)) return retrieveIntent(id);
        throw error;
      }
    },
    refund: (request) => createStripeRefund(stripe, request),
    listRefunds: (paymentIntentId) => listStripeRefunds(stripe, paymentIntentId),
    ...(webhookSecret ? { verifyWebhook } : {}),
  };
}
