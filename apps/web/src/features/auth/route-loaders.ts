import type { QueryClient } from '@tanstack/react-query';
import { redirect, replace, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../api/query-client';
import { showQueryMessage } from '../../toasts/toasts';
import { dashboardTarget, decideNavigation, PATHS, unknownRouteTarget, type RouteAccess } from '../../session/guards';
import { getSession, signOutLocally } from '../../session/session';
import { signOutEverywhere } from './sign-out';

const LAST_REDIRECT_KEY = 'clubtix.lastRedirect';

/** Keeps the source and target of the last backend redirect (docs/product.md section 2), for support and debugging. */
function recordBackendRedirect(to: string): void {
  try {
    const from = `${window.location.pathname}${window.location.search}`;
    sessionStorage.setItem(LAST_REDIRECT_KEY, JSON.stringify({ from, to, at: new Date().toISOString() }));
  } catch {
    // Not being able to record it must not block the navigation.
  }
}

type After = (args: LoaderFunctionArgs) => Response | null;

/**
 * The loader every route gets: runs the navigation checks of docs/product.md section 2 before the page
 * renders (loaders run on every navigation to the route, including the first page load), then
 * the route's own step, if any.
 */
export function routeLoader(access: RouteAccess, after?: After) {
  return (args: LoaderFunctionArgs): Response | null => {
    const decision = decideNavigation(new URL(args.request.url), access, getSession());
    // Each goes in place of the address it leaves (replace), so Back does not land on it again: a
    // guarded page would bounce back to sign-in, an apiQueryMsg would toast twice, a backend
    // redirect would send the user forward once more.
    switch (decision.kind) {
      case 'redirect':
        if (decision.reason === 'backendRedirect') recordBackendRedirect(decision.to);
        return replace(decision.to);
      case 'message':
        showQueryMessage(decision.message);
        return replace(decision.to);
      case 'proceed':
        return after ? after(args) : null;
    }
  };
}

export const dashboardLoader = routeLoader('signedIn', () => redirect(dashboardTarget(getSession())));

/**
 * Forgets the server data cached for the user who is signing out. The page being left stays on
 * screen until sign-in has loaded, and a query removed under it would be fetched again at once, now
 * without the token (a 401 toast, a "Could not load" in passing): the queries it still shows are
 * forgotten as soon as it lets go of them, every other one now.
 */
export function forgetCachedData(client: QueryClient): void {
  const cache = client.getQueryCache();
  const shown = new Set(
    cache.findAll({ predicate: (query) => query.getObserversCount() > 0 }).map((query) => query.queryHash),
  );
  client.removeQueries({ predicate: (query) => !shown.has(query.queryHash) });
  client.getMutationCache().clear();
  if (shown.size === 0) return;
  const unsubscribe = cache.subscribe((event) => {
    const hash = event.query.queryHash;
    if (!shown.has(hash)) return;
    if (event.type === 'observerRemoved' && event.query.getObserversCount() === 0) {
      shown.delete(hash);
      cache.remove(event.query);
    } else if (event.type === 'removed') {
      // Gone already (a sign-in right after clears the cache): not to be watched into the next session.
      shown.delete(hash);
    }
    if (shown.size === 0) unsubscribe();
  });
}

const signOutChecks = routeLoader('signedIn');

/**
 * Sign-out ends the session on the server and clears the device's door lists (sign-out.ts), then
 * this browser's session and cached data; no other call is made, from here or from the page being left.
 */
export async function signOutLoader(args: LoaderFunctionArgs): Promise<Response | null> {
  const decided = signOutChecks(args);
  if (decided) return decided;
  await signOutEverywhere();
  forgetCachedData(queryClient);
  signOutLocally();
  return redirect(PATHS.signIn);
}

export const unknownRouteLoader = routeLoader('public', () => redirect(unknownRouteTarget(getSession())));
