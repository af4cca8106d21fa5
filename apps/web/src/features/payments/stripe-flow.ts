import { isApiError, type ApiError } from '../../api/api-error';
import { i18n } from '../../i18n/i18n';

/** What Stripe.js answers to confirmPayment with `redirect: 'if_required'`, reduced to what we read. */
export interface StripeConfirmResult {
  error?: { message?: string | undefined } | undefined;
  paymentIntent?: { status: string } | undefined;
}

export type StripeOutcome<R> =
  | { kind: 'paid'; result: R }
  | { kind: 'failed'; message: string }
  /** The card may have been charged, but the server could not say so: never a decline. */
  | { kind: 'unconfirmed' };

export interface StripeFlowSteps<R> {
  /** stripe.confirmPayment: card details go from Stripe's iframes to Stripe, never to us. */
  confirmWithStripe: () => Promise<StripeConfirmResult>;
  /** POST /stripe/confirm-payment without a test card: the server asks Stripe itself. */
  confirmWithServer: () => Promise<R>;
  wait: (ms: number) => Promise<void>;
}

export const stripeFallbackError = (): string => i18n.t('payments:stripe.failed');
export const stillProcessing = (): string => i18n.t('payments:stripe.processing');

/**
 * Said when the card may have been charged but confirm-payment got no answer: the server settles
 * such payments on its own (docs/decisions/0003-payments.md), and paying again would pay twice.
 */
export const mayHaveGoneThrough = (whenConfirmed: string = i18n.t('payments:unconfirmed.tickets')) =>
  i18n.t('payments:unconfirmed.body', { whenConfirmed });

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The server's own answer that it did not settle the payment (a decline, 402; not found; a
 * mismatch). Anything else is no answer: a network error (status 0), a 5xx, or something that is
 * not the API's error at all, after which the payment may have been taken, and even settled.
 */
export const isRefusal = (error: unknown): error is ApiError =>
  isApiError(error) && error.status !== 0 && error.status < 500;

export type ServerAnswer<R> =
  { kind: 'paid'; result: R } | { kind: 'refused'; error: ApiError } | { kind: 'unanswered' };

export interface RetryOptions {
  /** How many times an unanswered confirmation is asked again. */
  retries?: number;
  /** The first wait before asking again; each next wait doubles. */
  retryDelayMs?: number;
}

/**
 * Asks the server to confirm a payment the provider may already have taken. Confirming is
 * idempotent, so an unanswered call is asked again a few times with a short backoff; only the
 * server's own refusal (a decline, 402) is a refusal.
 */
export async function confirmTakenPayment<R>(
  confirm: () => Promise<R>,
  pause: (ms: number) => Promise<void>,
  { retries = 3, retryDelayMs = 1000 }: RetryOptions = {},
): Promise<ServerAnswer<R>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { kind: 'paid', result: await confirm() };
    } catch (error) {
      if (isRefusal(error)) return { kind: 'refused', error };
      if (attempt >= retries) return { kind: 'unanswered' };
      await pause(retryDelayMs * 2 ** attempt);
    }
  }
}

export interface ServerOptions extends RetryOptions {
  /** Stripe said `processing`: the server's "not yet" (402) is asked about again. */
  processing?: boolean;
  /** How many times, and how far apart, a processing payment is asked about. */
  attempts?: number;
  delayMs?: number;
}

/**
 * The server's side of a Stripe payment, after Stripe took the card (and again from "Check again").
 * A payment Stripe reports as `processing` is asked about again every few seconds, since the server
 * answers 402 until it settles (the webhook may settle it meanwhile; the answer is the same).
 */
export async function confirmStripePayment<R>(
  steps: Pick<StripeFlowSteps<R>, 'confirmWithServer' | 'wait'>,
  { processing = false, attempts = 10, delayMs = 3000, ...retry }: ServerOptions = {},
): Promise<StripeOutcome<R>> {
  for (let attempt = 1; ; attempt++) {
    const answer = await confirmTakenPayment(steps.confirmWithServer, steps.wait, retry);
    if (answer.kind === 'paid') return answer;
    if (answer.kind === 'unanswered') return { kind: 'unconfirmed' };
    const notYet = answer.error.status === 402 && processing;
    if (!notYet) return { kind: 'failed', message: answer.error.msg };
    if (attempt >= attempts) return { kind: 'failed', message: stillProcessing() };
    await steps.wait(delayMs);
  }
}

/** Pays with Stripe Elements (docs/decisions/0003-payments.md): Stripe first, then our server. */
export async function payWithStripe<R>(
  steps: StripeFlowSteps<R>,
  options: Omit<ServerOptions, 'processing'> = {},
): Promise<StripeOutcome<R>> {
  const stripe = await steps.confirmWithStripe();
  if (stripe.error) return { kind: 'failed', message: stripe.error.message || stripeFallbackError() };
  return confirmStripePayment(steps, { ...options, processing: stripe.paymentIntent?.status === 'processing' });
}
