import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
 * succeeded or was cancelled, as Stripe refuses it). It answers only the secret key it was given,
 * as Stripe would.
 */
export async function startStripeStandIn(secretKey: string): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  /** Each key's first response, as sent. */
  const byIdempotencyKey = new Map<string, string>();
  const idempotencyKeys: string[] = [];
  const cancelled: string[] = [];
  let count = 0;

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
