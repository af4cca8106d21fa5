import { describe, expect, it, vi } from 'vitest';
import { createStripeLoader } from './stripe-loader';

const blocked = new Error('Failed to load Stripe.js');
const stripe = { name: 'the Stripe instance' };

/** A loadStripe that answers each call in turn: a failure (js.stripe.com unreachable) or the instance. */
function loadStripe(...outcomes: Array<'fails' | 'loads' | 'null' | 'throws'>) {
  return vi.fn((_key: string) => {
    switch (outcomes.shift()) {
      case 'fails':
        return Promise.reject(blocked);
      case 'null':
        return Promise.resolve(null);
      case 'throws':
        throw blocked;
      case 'loads':
      case undefined:
        return Promise.resolve(stripe);
    }
  });
}

describe('createStripeLoader', () => {
  it('reports loading, then the instance, and keeps it for the life of the page', async () => {
    const load = loadStripe('loads');
    const loader = createStripeLoader(load);
    expect(loader.state('pk_test_1')).toEqual({ status: 'loading' });

    const first = loader.load('pk_test_1');
    expect(loader.state('pk_test_1')).toEqual({ status: 'loading' });
    expect(await first).toEqual({ status: 'ready', stripe });
    expect(loader.state('pk_test_1')).toEqual({ status: 'ready', stripe });

    expect(await loader.load('pk_test_1')).toEqual({ status: 'ready', stripe });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares one load between forms that ask at the same moment', async () => {
    const load = loadStripe('loads');
    const loader = createStripeLoader(load);
    const [a, b] = await Promise.all([loader.load('pk_test_1'), loader.load('pk_test_1')]);
    expect(a).toEqual(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports a failure without rejecting, forgets it, and loads again when asked to try again', async () => {
    const load = loadStripe('fails', 'loads');
    const loader = createStripeLoader(load);

    expect(await loader.load('pk_test_1')).toEqual({ status: 'failed', error: blocked });
    expect(loader.state('pk_test_1')).toEqual({ status: 'failed', error: blocked });

    const retry = loader.load('pk_test_1');
    expect(loader.state('pk_test_1')).toEqual({ status: 'loading' });
    expect(await retry).toEqual({ status: 'ready', stripe });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['answers null', 'null'],
    ['throws at once', 'throws'],
  ] as const)('counts a loadStripe that %s as a failure', async (_title, outcome) => {
    const loader = createStripeLoader(loadStripe(outcome, 'loads'));
    expect(await loader.load('pk_test_1')).toMatchObject({ status: 'failed' });
    expect(await loader.load('pk_test_1')).toEqual({ status: 'ready', stripe });
  });

  it('tells subscribers of every change, until they leave', async () => {
    const loader = createStripeLoader(loadStripe('fails', 'loads'));
    const seen: string[] = [];
    const leave = loader.subscribe(() => seen.push(loader.state('pk_test_1').status));
    await loader.load('pk_test_1');
    await loader.load('pk_test_1');
    expect(seen).toEqual(['loading', 'failed', 'loading', 'ready']);
    leave();
    await loader.load('pk_test_1');
    expect(seen).toHaveLength(4);
  });

  it('keeps each key apart', async () => {
    const loader = createStripeLoader(loadStripe('fails', 'loads'));
    expect(await loader.load('pk_test_1')).toMatchObject({ status: 'failed' });
    expect(await loader.load('pk_live_2')).toEqual({ status: 'ready', stripe });
    expect(loader.state('pk_test_1')).toMatchObject({ status: 'failed' });
  });
});
