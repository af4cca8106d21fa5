import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { NETWORK_ERROR_MESSAGE } from '../../api/api-error';
import {
  confirmStripePayment,
  confirmTakenPayment,
  mayHaveGoneThrough,
  payWithStripe,
  stillProcessing,
  stripeFallbackError,
  type StripeConfirmResult,
} from './stripe-flow';
import { i18n, startI18n } from '../../i18n/i18n';

beforeAll(async () => {
  await startI18n('en');
  await i18n.loadNamespaces('payments');
});

const declined = new ApiError(402, 'PAYMENT_FAILED', 'Your card was declined.');
const notYet = new ApiError(402, 'PAYMENT_FAILED', 'The payment has not gone through yet');
/** What the client throws when the server cannot be reached (fetch failed). */
const offline = new ApiError(0, 'UNAVAILABLE', NETWORK_ERROR_MESSAGE);
const serverError = new ApiError(500, 'INTERNAL', 'Something went wrong on our side');
const badGateway = new ApiError(
  502,
  'INTERNAL',
  'The server could not complete the request (status 502). Please try again.',
);

function steps(stripe: StripeConfirmResult, server: Array<'ok' | Error>) {
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
    expect(await payWithStripe(steps({ error: {} }, []))).toEqual({ kind: 'failed', message: stripeFallbackError() });
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
    expect(await payWithStripe(s, { attempts: 3, delayMs: 1 })).toEqual({ kind: 'failed', message: stillProcessing() });
    expect(s.confirmWithServer).toHaveBeenCalledTimes(3);
  });

  it('asks the server again when its answer is lost after Stripe took the card, with a growing pause', async () => {
    const s = steps({ paymentIntent: { status: 'succeeded' } }, [offline, badGateway, 'ok']);
    expect(await payWithStripe(s, { retries: 3, retryDelayMs: 100 })).toEqual({ kind: 'paid', result: { paid: true } });
    expect(s.confirmWithServer).toHaveBeenCalledTimes(3);
    expect(s.wait.mock.calls).toEqual([[100], [200]]);
  });

  it('never says the payment did not go through when the server keeps failing: it may have', async () => {
    const s = steps({ paymentIntent: { status: 'succeeded' } }, [serverError, offline, serverError, offline, 'ok']);
    const outcome = await payWithStripe(s, { retries: 3, retryDelayMs: 1 });
    expect(outcome).toEqual({ kind: 'unconfirmed' });
    expect(s.confirmWithServer).toHaveBeenCalledTimes(4);
  });

  it('reads an error that is not the API’s (a broken answer) as no answer', async () => {
    const s = steps({ paymentIntent: { status: 'succeeded' } }, [new TypeError('Failed to fetch')]);
    expect(await payWithStripe(s, { retries: 0 })).toEqual({ kind: 'unconfirmed' });
  });

  it('keeps a decline a decline after a lost answer, and stops there', async () => {
    const s = steps({ paymentIntent: { status: 'succeeded' } }, [offline, declined, 'ok']);
    expect(await payWithStripe(s, { retryDelayMs: 1 })).toEqual({ kind: 'failed', message: 'Your card was declined.' });
    expect(s.confirmWithServer).toHaveBeenCalledTimes(2);
  });

  it('confirms on "Check again" once the server answers', async () => {
    const s = steps({}, ['ok']);
    expect(await confirmStripePayment(s)).toEqual({ kind: 'paid', result: { paid: true } });
    const still = steps({}, [offline, offline]);
    expect(await confirmStripePayment(still, { retries: 1, retryDelayMs: 1 })).toEqual({ kind: 'unconfirmed' });
  });
});

describe('confirmTakenPayment (the simulated card form)', () => {
  const wait = () => Promise.resolve();

  it('answers the server’s refusal as it is, without asking again', async () => {
    const notFound = new ApiError(404, 'NOT_FOUND', 'Payment not found');
    const confirm = vi.fn(() => Promise.reject(notFound));
    expect(await confirmTakenPayment(confirm, wait)).toEqual({ kind: 'refused', error: notFound });
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('gives up after its retries with "no answer", not a refusal', async () => {
    const confirm = vi.fn(() => Promise.reject(offline));
    expect(await confirmTakenPayment(confirm, wait, { retries: 2 })).toEqual({ kind: 'unanswered' });
    expect(confirm).toHaveBeenCalledTimes(3);
  });
});

describe('what the buyer is told when the payment could not be confirmed', () => {
  it('says it may have gone through, what follows, and not to pay again', () => {
    const text = mayHaveGoneThrough();
    expect(text).toMatch(/may have gone through/);
    expect(text).toMatch(/do not pay again/);
    expect(text).toMatch(/your tickets will be e-mailed to you/);
    expect(text).not.toContain(stripeFallbackError());
    expect(mayHaveGoneThrough('your voucher will be e-mailed to you')).toMatch(/voucher/);
  });
});
