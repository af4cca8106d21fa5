import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A PaymentIntent as the stand-in keeps it: the fields of Stripe's object that ClubTix reads. */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  livemode: false;
}

/** A Refund as the stand-in keeps it: the fields of Stripe's object that ClubTix reads. */
export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded' | 'pending' | 'failed';
  reason: string | null;
  failure_reason?: string;
  metadata: Record<string, string>;
  created: number;
}

/** A Stripe event signed as Stripe signs it, for POST /api/stripe/webhook. */
export interface SignedEvent {
  type: string;
  payload: string;
  signature: string;
}

export interface StripeStandIn {
  /** For STRIPE_API_BASE. */
  url: string;
  intents: Map<string, StandInIntent>;
  /** How many intents POST /v1/payment_intents created (a replayed idempotency key creates none). */
  created(): number;
  /** The Idempotency-Key of every create received, replays included. */
  idempotencyKeys: string[];
  /** The ids of the intents POST /v1/payment_intents/:id/cancel cancelled, in order. */
  cancelled: string[];
  /** Every refund made, in order (a replayed idempotency key makes none). */
  refunds: StandInRefund[];
  /** The Idempotency-Key of every refund create received, replays included. */
  refundKeys: string[];
  /** How long each refund create takes (0: at once), to catch a process in the middle of a batch. */
  setRefundDelay(ms: number): void;
  /**
   * From the `count`-th refund create on (counting every create received, replays included), each
   * waits until this is called with null: a test catches a process between Stripe and its commit.
   */
  pauseRefundsAfter(count: number | null): void;
  /** How many refund creates are waiting on pauseRefundsAfter. */
  waitingRefunds(): number;
  /** Refunds of this intent are refused from now on, as Stripe refuses a disputed charge's. */
  refuseRefundsOf(paymentIntentId: string): void;
  /**
   * A refund made by hand in Stripe's dashboard: recorded as Stripe would, and the two webhook
   * events Stripe then sends (`refund.created`, then `charge.refunded`), signed with `secret`.
   */
  refundInDashboard(
    paymentIntentId: string,
    amount: number,
    secret: string,
  ): { refund: StandInRefund; events: SignedEvent[] };
  /** Any event as Stripe sends it (pretty-printed JSON), signed with the SDK's own test helper. */
  signedEvent(type: string, object: unknown, secret: string): SignedEvent;
  /** What the buyer's browser and Stripe would do to an intent: pay it, decline it. */
  update(id: string, change: Partial<StandInIntent>): StandInIntent;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(6).toString('hex')}`,
    ...headers,
  });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * The statuses from which Stripe lets an intent be cancelled ('processing' only "in rare cases":
 * the stand-in refuses it, as Stripe mostly does).
 */
const CANCELLABLE = new Set([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
]);

const stripeError = (message: string, code: string) => ({ error: { type: 'invalid_request_error', code, message } });

/**
 * A local HTTP stand-in for the few Stripe endpoints ClubTix calls, so that the official SDK runs
 * unchanged in tests without a network: POST /v1/payment_intents (form-encoded, honouring
 * Idempotency-Key as Stripe does: a replay answers the first response as it was then, with
 * `Idempotent-Replayed: true`), GET /v1/payment_intents/:id and POST /v1/payment_intents/:id/cancel
 * (refused with `payment_intent_unexpected_state` while the intent is processing, and once it
 * succeeded or was cancelled, as Stripe refuses it); POST /v1/refunds (idempotency keys honoured as
 * above, more than is left refused with `amount_too_large`) and GET /v1/refunds?payment_intent;
 * refunds made "in the dashboard" with their signed webhook events. It answers only the secret key it was given,
 * as Stripe would.
 */
export async function startStripeStandIn(secretKey: string): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  /** Each key's first response, as sent. */
  const byIdempotencyKey = new Map<string, string>();
  const idempotencyKeys: string[] = [];
  const cancelled: string[] = [];
  let count = 0;
  const refunds: StandInRefund[] = [];
  const refundKeys: string[] = [];
  const refundReplies = new Map<string, string>();
  const refused = new Set<string>();
  let refundDelayMs = 0;
  let pauseAfter: number | null = null;
  let waiting: (() => void)[] = [];

  const refundedOf = (intentId: string) =>
    refunds
      .filter((refund) => refund.payment_intent === intentId && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
  const chargeOf = (intentId: string) => `ch_${intentId.slice(3)}`;

  /** Refuses as Stripe does, or records the refund; undefined: made. */
  function makeRefund(intentId: string, amount: number | undefined, metadata: Record<string, string>) {
    const intent = intents.get(intentId);
    if (!intent) return { status: 404, body: stripeError(`No such payment_intent: '${intentId}'`, 'resource_missing') };
    if (intent.status !== 'succeeded') {
      const message = `This PaymentIntent (${intentId}) does not have a successful charge to refund.`;
      return { status: 400, body: stripeError(message, 'charge_not_refundable') };
    }
    if (refused.has(intentId)) {
      return { status: 400, body: stripeError('This charge is disputed and cannot be refunded.', 'charge_disputed') };
    }
    const left = intent.amount - refundedOf(intentId);
    if (left <= 0) {
      return {
        status: 400,
        body: stripeError(`Charge ${chargeOf(intentId)} has already been refunded.`, 'charge_already_refunded'),
      };
    }
    const wanted = amount ?? left;
    if (wanted > left) {
      const message = `Refund amount (${wanted}) is greater than unrefunded amount on charge (${left})`;
      return { status: 400, body: stripeError(message, 'amount_too_large') };
    }
    const refund: StandInRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount: wanted,
      currency: intent.currency,
      payment_intent: intentId,
      charge: chargeOf(intentId),
      status: 'succeeded',
      reason: null,
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  function signedEvent(type: string, object: unknown, secret: string): SignedEvent {
    const event = {
      id: `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event, null, 2);
    return { type, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  const server = createServer((request, response) => {
    void (async () => {
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const body = await readBody(request);
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = request.headers['idempotency-key'];
        if (typeof key === 'string') idempotencyKeys.push(key);
        const replayed = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (replayed) return send(response, 200, replayed, { 'idempotent-replayed': 'true' });
        const form = new URLSearchParams(body);
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: StandInIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          description: form.get('description'),
          metadata,
          automatic_payment_methods:
            form.get('automatic_payment_methods[enabled]') === 'true' ? { enabled: true } : null,
          last_payment_error: null,
          livemode: false,
        };
        intents.set(id, intent);
        if (typeof key === 'string') byIdempotencyKey.set(key, JSON.stringify(intent));
        count += 1;
        return send(response, 200, intent);
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = request.headers['idempotency-key'];
        if (typeof key === 'string') refundKeys.push(key);
        if (pauseAfter !== null && refundKeys.length >= pauseAfter) {
          await new Promise<void>((resolve) => waiting.push(resolve));
        }
        if (refundDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, refundDelayMs));
        // Stripe answers a replayed key with the first response, refusals included.
        const replayed = typeof key === 'string' ? refundReplies.get(key) : undefined;
        if (replayed) {
          const { status, body: first } = JSON.parse(replayed) as { status: number; body: unknown };
          return send(response, status, first, { 'idempotent-replayed': 'true' });
        }
        const form = new URLSearchParams(body);
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const amount = form.get('amount');
        const made = makeRefund(
          form.get('payment_intent') ?? '',
          amount === null ? undefined : Number(amount),
          metadata,
        );
        if (typeof key === 'string') refundReplies.set(key, JSON.stringify(made));
        return send(response, made.status, made.body);
      }
      if (request.method === 'GET' && url.pathname === '/v1/refunds') {
        const intentId = url.searchParams.get('payment_intent');
        const data = refunds.filter((refund) => !intentId || refund.payment_intent === intentId).reverse();
        return send(response, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (request.method === 'POST' && cancel?.[1]) {
        const id = decodeURIComponent(cancel[1]);
        const intent = intents.get(id);
        if (!intent) return send(response, 404, stripeError(`No such payment_intent: '${id}'`, 'resource_missing'));
        if (!CANCELLABLE.has(intent.status)) {
          const message = `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`;
          return send(response, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message,
              payment_intent: intent,
            },
          });
        }
        intent.status = 'canceled';
        cancelled.push(id);
        return send(response, 200, intent);
      }
      const read = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && read?.[1]) {
        const intent = intents.get(decodeURIComponent(read[1]));
        if (intent) return send(response, 200, intent);
        return send(response, 404, stripeError(`No such payment_intent: '${read[1]}'`, 'resource_missing'));
      }
      return send(
        response,
        404,
        stripeError(`Unrecognized request URL (${request.method} ${url.pathname})`, 'not_found'),
      );
    })().catch((error: unknown) => send(response, 500, stripeError(String(error), 'stand_in_failed')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    created: () => count,
    idempotencyKeys,
    cancelled,
    refunds,
    refundKeys,
    setRefundDelay(ms) {
      refundDelayMs = ms;
    },
    pauseRefundsAfter(count) {
      pauseAfter = count;
      if (count === null) {
        for (const resume of waiting) resume();
        waiting = [];
      }
    },
    waitingRefunds: () => waiting.length,
    refuseRefundsOf(paymentIntentId) {
      refused.add(paymentIntentId);
    },
    refundInDashboard(paymentIntentId, amount, secret) {
      const made = makeRefund(paymentIntentId, amount, {});
      if (made.status !== 200) throw new Error(`the dashboard refused: ${JSON.stringify(made.body)}`);
      const refund = made.body as StandInRefund;
      const intent = intents.get(paymentIntentId)!;
      const charge = {
        id: refund.charge,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: refundedOf(paymentIntentId),
        currency: intent.currency,
        payment_intent: paymentIntentId,
        refunded: refundedOf(paymentIntentId) >= intent.amount,
        status: 'succeeded',
        metadata: intent.metadata,
        livemode: false,
      };
      return {
        refund,
        events: [signedEvent('refund.created', refund, secret), signedEvent('charge.refunded', charge, secret)],
      };
    },
    signedEvent,
    update(id, change) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id} in the stand-in`);
      Object.assign(intent, change);
      return intent;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
