import { endpoints, type PayloadOf } from '@clubtix/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export type ConfirmedPurchase = PayloadOf<typeof endpoints.stripe.confirmPayment>;

/**
 * Asks the server to verify a payment with the provider and settle what it paid for. Quiet: the
 * card form shows a decline itself (the buyer retries right there), and the server's success
 * message speaks of tickets, which a donation is not.
 */
export function confirmPayment(paymentIntentId: string, testCard?: string): Promise<ConfirmedPurchase> {
  return callApi(endpoints.stripe.confirmPayment, {
    suppressToast: true,
    body: testCard === undefined ? { paymentIntentId } : { paymentIntentId, testCard },
  });
}

/** Starts paying an order: the provider's intent (the same one again for the same order and amount). */
export function useStartOrderPayment() {
  return useMutation({
    mutationFn: (orderId: string) =>
      callApi(endpoints.stripe.createPaymentIntent, { suppressToast: true, body: { orderId } }),
  });
}
