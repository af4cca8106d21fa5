import { redirect, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../api/query-client';
import { showQueryMessage } from '../../components/toasts';
import { dashboardTarget, decideNavigation, PATHS, unknownRouteTarget, type RouteAccess } from './guards';
import { getSession, signOutLocally } from './session';

const LAST_REDIRECT_KEY = 'clubtix.lastRedirect';

/** Keeps the source and target of the last backend redirect (SPEC.md section 2), for support and debugging. */
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
 * The loader every route gets: runs the navigation checks of SPEC.md section 2 before the page
 * renders (loaders run on every navigation to the route, including the first page load), then
 * the route's own step, if any.
 */
export function routeLoader(access: RouteAccess, after?: After) {
  return (args: LoaderFunctionArgs): Response | null => {
    const decision = decideNavigation(new URL(args.request.url), access, getSession());
    switch (decision.kind) {
      case 'redirect':
        if (decision.reason === 'backendRedirect') recordBackendRedirect(decision.to);
        return redirect(decision.to);
      case 'message':
        showQueryMessage(decision.message);
        return redirect(decision.to);
      case 'proceed':
        return after ? after(args) : null;
    }
  };
}

export const dashboardLoader = routeLoader('signedIn', () => redirect(dashboardTarget(getSession())));

export const signOutLoader = routeLoader('signedIn', () => {
  signOutLocally();
  // Cached server data belonged to the user who left.
  queryClient.clear();
  return redirect(PATHS.signIn);
});

export const unknownRouteLoader = routeLoader('public', () => redirect(unknownRouteTarget(getSession())));
