import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { createBrowserRouter } from 'react-router';
import { removeFirstPaint } from './first-paint';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Longest wait for an idle moment once the first page is up. */
const IDLE_TIMEOUT_MS = 1_000;

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(run, 0);
}

/**
 * Watches for the first page to be shown: its route loaded, nothing it asked the API for still on the
 * way, and the browser idle. What waits for that (toasts, dialogs, the language menu) then loads
 * without competing with the page on a slow phone (docs/decisions/0046-fast-first-load.md).
 */
export function watchFirstPage(router: AppRouter, queryClient: QueryClient): void {
  let done = false;
  const settled = () =>
    router.state.initialized && router.state.navigation.state === 'idle' && queryClient.isFetching() === 0;
  const check = () => {
    if (done || !settled()) return;
    // The page renders and asks for its data after the router settles: look again once idle.
    whenIdle(() => {
      if (done || !settled()) return;
      done = true;
      // Whatever the first page turned out to be (an error, a redirect), the server's first paint goes.
      removeFirstPaint();
      unsubscribeRouter();
      unsubscribeQueries();
      markShown();
    });
  };
  const unsubscribeRouter = router.subscribe(check);
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(check);
  check();
}

/** False until the first page has been shown (watchFirstPage), then true. */
export function useAfterFirstPage(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void shown.then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, []);
  return ready;
}

/** Renders its children once the first page has been shown. */
export function AfterFirstPage({ children }: { children: ReactNode }) {
  return useAfterFirstPage() ? children : null;
}
