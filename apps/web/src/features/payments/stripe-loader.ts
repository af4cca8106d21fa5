/** Where loading Stripe.js for one publishable key stands. */
export type StripeLoadState<S> =
  { status: 'loading' } | { status: 'ready'; stripe: S } | { status: 'failed'; error: unknown };

export interface StripeLoader<S> {
  /** The state now; `loading` for a key nobody asked for yet, since asking is the next thing a form does. */
  state: (key: string) => StripeLoadState<S>;
  /** Called whenever any key's state changes (for useSyncExternalStore). */
  subscribe: (listener: () => void) => () => void;
  /**
   * Loads the instance for this key, joins the load in flight, or answers the one already loaded.
   * Settles with `ready` or `failed` and never rejects: a page with no reachable js.stripe.com
   * (an air-gapped server, a venue's bad Wi-Fi, a blocker) shows a message, not an unhandled error.
   */
  load: (key: string) => Promise<StripeLoadState<S>>;
}

const LOADING = { status: 'loading' } as const;

/**
 * One Stripe instance per key for the life of the page, as Stripe asks: a successful load is kept,
 * a failed one is forgotten so that the next `load` (the buyer's "Try again") really loads again
 * instead of answering the cached failure until the page is reloaded.
 */
export function createStripeLoader<S>(loadStripe: (key: string) => Promise<S | null>): StripeLoader<S> {
  const loads = new Map<string, Promise<StripeLoadState<S>>>();
  const states = new Map<string, StripeLoadState<S>>();
  const listeners = new Set<() => void>();

  function settle(key: string, state: StripeLoadState<S>): StripeLoadState<S> {
    states.set(key, state);
    for (const listener of listeners) listener();
    return state;
  }

  return {
    state: (key) => states.get(key) ?? LOADING,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load(key) {
      const known = loads.get(key);
      if (known) return known;
      settle(key, LOADING);
      // The executor turns a synchronous throw of loadStripe into a failure like any other.
      const loading = new Promise<S | null>((resolve) => resolve(loadStripe(key))).then(
        (stripe): StripeLoadState<S> => {
          // loadStripe answers null where there is no window; in a browser that means it did not load.
          if (stripe === null) throw new Error('Stripe.js did not load');
          return settle(key, { status: 'ready', stripe });
        },
      );
      const settled = loading.catch((error: unknown) => {
        loads.delete(key);
        return settle(key, { status: 'failed', error });
      });
      loads.set(key, settled);
      return settled;
    },
  };
}
