import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { payWithStripe, STILL_PROCESSING, STRIPE_FALLBACK_ERROR, type StripeConfirmResult } from './stripe-flow';

const declined = new ApiError(402, 'PAYMENT_FAILED', 'Your card was declined.');
const notYet = new ApiError(402, 'PAYMENT_FAILED', 'The payment has not gone through yet');

function steps(stripe: StripeConfirmResult, server: Array<'ok' | ApiError>) {
  const confirmWithServer = vi.fn(() => {
    const next = server.shift();
    return next === 'ok' || next === undefined ? Promise.resolve({ paid: true }) : Promise.reject(next);
  });
  return {
    confirmWithStripe: vi.fn(() => Promise.resolve(stripe)),
    confirmWithServer,
    wait: vi.fn(() => Promise.resolve()),
  };
}

describe('payWithStripe', () => {
  it('shows what Stripe says and does not ask the server', async () => {
    const s = steps({ error: { message: 'Your card has insufficient funds.' } }, []);
    expect(await payWithStripe(s)).toEqual({ kind: 'failed', message: 'Your card has insufficient funds.' });
    expect(s.confirmWithServer).not.toHaveBeenCalled();
  });

  it('has words for a Stripe error without a message', async () => {
    expect(await payWithStripe(steps({ error: {} }, []))).toEqual({ kind: 'failed', message: STRIPE_FALLBACK_ERROR });
  });

  it('confirms with the server once Stripe succeeded', async () => {
    const s = steps({ paymentIntent: { status: 'succeeded' } }, ['ok']);
    expect(await payWithStripe(s)).toEqual({ kind: 'paid', result: { paid: true } });
    expect(s.confirmWithServer).toHaveBeenCalledTimes(1);
  });

  it("shows the server's decline", async () => {
    const s = steps({ paymentIntent: { status: 'succeeded' } }, [declined]);
    expect(await payWithStripe(s)).toEqual({ kind: 'failed', message: 'Your card was declined.' });
  });

  it('asks again while the payment is processing', async () => {
    const s = steps({ paymentIntent: { status: 'processing' } }, [notYet, notYet, 'ok']);
    expect(await payWithStripe(s, { attempts: 5, delayMs: 10 })).toEqual({ kind: 'paid', result: { paid: true } });
    expect(s.confirmWithServer).toHaveBeenCalledTimes(3);
    expect(s.wait).toHaveBeenCalledWith(10);
  });

  it('stops asking after the last attempt', async () => {
    const s = steps({ paymentIntent: { status: 'processing' } }, [notYet, notYet, notYet]);
    expect(await payWithStripe(s, { attempts: 3, delayMs: 1 })).toEqual({ kind: 'failed', message: STILL_PROCESSING });
    expect(s.confirmWithServer).toHaveBeenCalledTimes(3);
  });
});
