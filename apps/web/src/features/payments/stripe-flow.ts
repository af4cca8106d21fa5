import { isApiError } from '../../api/api-error';

/** What Stripe.js answers to confirmPayment with `redirect: 'if_required'`, reduced to what we read. */
export interface StripeConfirmResult {
  error?: { message?: string | undefined } | undefined;
  paymentIntent?: { status: string } | undefined;
}

export type StripeOutcome<R> = { kind: 'paid'; result: R } | { kind: 'failed'; message: string };

export interface StripeFlowSteps<R> {
  /** stripe.confirmPayment: card details go from Stripe's iframes to Stripe, never to us. */
  confirmWithStripe: () => Promise<StripeConfirmResult>;
  /** POST /stripe/confirm-payment without a test card: the server asks Stripe itself. */
  confirmWithServer: () => Promise<R>;
  wait: (ms: number) => Promise<void>;
}

export const STRIPE_FALLBACK_ERROR = 'The payment did not go through. Please try again.';
export const STILL_PROCESSING =
  'Your bank is still processing the payment. We will e-mail you when it is confirmed; you can close this page.';

/**
 * Pays with Stripe Elements (docs/decisions/0003-payments.md): Stripe first, then our server. A
 * payment Stripe reports as `processing` is asked about again every few seconds, since the server
 * answers 402 until it settles (the webhook may settle it meanwhile; the answer is the same).
 */
export async function payWithStripe<R>(
  steps: StripeFlowSteps<R>,
  { attempts = 10, delayMs = 3000 } = {},
): Promise<StripeOutcome<R>> {
  const stripe = await steps.confirmWithStripe();
  if (stripe.error) return { kind: 'failed', message: stripe.error.message || STRIPE_FALLBACK_ERROR };
  const processing = stripe.paymentIntent?.status === 'processing';
  for (let attempt = 1; ; attempt++) {
    try {
      return { kind: 'paid', result: await steps.confirmWithServer() };
    } catch (error) {
      const notYet = isApiError(error) && error.status === 402 && processing;
      if (!notYet) return { kind: 'failed', message: isApiError(error) ? error.msg : STRIPE_FALLBACK_ERROR };
      if (attempt >= attempts) return { kind: 'failed', message: STILL_PROCESSING };
      await steps.wait(delayMs);
    }
  }
}
