import { ROLE_ADMIN, ROLE_STAFF, ROLE_SUDO } from '@clubtix/contract';
import { sameOriginPath } from '../lib/same-origin-path';

/**
 * Navigation guards of docs/product.md section 2 as pure functions of the session and the URL, so the
 * router stays thin and the rules are unit-tested. They decide where the user may go; the API
 * still enforces every permission itself.
 */

/**
 * Who may open a route. `door`: the door's pages (check-in, box office, statistics), for a club's
 * admins and its door staff; `staff`: the staff home; `manager`: an admin or the super user (their
 * club's settings). Every other admin page stays `admin` (docs/product.md section 20).
 */
export type RouteAccess = 'public' | 'signedOut' | 'signedIn' | 'admin' | 'sudo' | 'door' | 'staff' | 'manager';

export interface GuardSession {
  token: string | null;
  user: { role: number } | null;
}

export const PATHS = {
  home: '/',
  signIn: '/signin',
  signOut: '/signout',
  register: '/register',
  dashboard: '/dashboard',
  adminHome: '/dashboard/admin',
  sudoHome: '/dashboard/sudo',
  staffHome: '/dashboard/staff',
  team: '/team',
  series: '/series',
  notFound: '/not-found',
  unknownRoute: '/not-found/404',
} as const;

export const REDIRECT_PARAM = 'redirect';
export const API_QUERY_MSG_PARAM = 'apiQueryMsg';
/**
 * The page sign-in returns to: `/signin?redirect=/event/x/checkin` (docs/product.md section 20). On
 * sign-in `redirect` is this, not the backend redirect every other page follows first (which would
 * bounce straight back to the guarded page). `next`, the name used before, is still read, so links
 * made with it keep working (docs/decisions/0033-attendee-edits-and-sign-in-return.md).
 */
export const RETURN_PARAM = REDIRECT_PARAM;
export const OLD_RETURN_PARAM = 'next';

/**
 * Pages not worth returning to after signing in: they would send the user on at once, or are where
 * sign-in goes anyway (the dashboards).
 */
const NO_RETURN_PATHS: readonly string[] = [
  PATHS.signIn,
  PATHS.signOut,
  PATHS.register,
  PATHS.home,
  PATHS.dashboard,
  PATHS.adminHome,
  PATHS.sudoHome,
  PATHS.staffHome,
];

export function isSignedIn(session: GuardSession): boolean {
  return Boolean(session.token);
}

export function isAdmin(session: GuardSession): boolean {
  return isSignedIn(session) && session.user?.role === ROLE_ADMIN;
}

export function isSudo(session: GuardSession): boolean {
  return isSignedIn(session) && session.user?.role === ROLE_SUDO;
}

/** Door staff (role 5): the door of their club's events, nothing else (docs/product.md section 20). */
export function isStaff(session: GuardSession): boolean {
  return isSignedIn(session) && session.user?.role === ROLE_STAFF;
}

/** Whether this session may open a route of this access once signed in. */
export function hasAccess(access: 'admin' | 'sudo' | 'door' | 'staff' | 'manager', session: GuardSession): boolean {
  switch (access) {
    case 'admin':
      return isAdmin(session);
    case 'sudo':
      return isSudo(session);
    case 'door':
      return isAdmin(session) || isStaff(session);
    case 'staff':
      return isStaff(session);
    case 'manager':
      return isAdmin(session) || isSudo(session);
  }
}

/**
 * Home by role: the sudo, admin or staff dashboard, otherwise sign-out (a token without a known
 * role is useless).
 */
export function roleHome(session: GuardSession): string {
  if (isSudo(session)) return PATHS.sudoHome;
  if (isAdmin(session)) return PATHS.adminHome;
  if (isStaff(session)) return PATHS.staffHome;
  return PATHS.signOut;
}

/**
 * Where a route of the given access sends this session, or null when it may stay. A signed-out
 * visitor of a page that needs sign-in (`from`) goes to sign-in with that page to return to.
 */
export function guardRoute(access: RouteAccess, session: GuardSession, from?: URL): string | null {
  switch (access) {
    case 'public':
      return null;
    case 'signedOut':
      // Already signed in: straight on to the page the sign-in link names, else home.
      return isSignedIn(session) ? ((from && signInReturn(from)) ?? roleHome(session)) : null;
    case 'signedIn':
      return isSignedIn(session) ? null : signInPage(from);
    case 'admin':
    case 'sudo':
    case 'door':
    case 'staff':
    case 'manager':
      if (hasAccess(access, session)) return null;
      // Signed in without the role (door staff on an admin page): their own home, still signed in.
      return isSignedIn(session) ? roleHome(session) : signInPage(from);
  }
}

/**
 * The sign-in page, with `from` (a page of this origin) as the page to return to once signed in.
 */
export function signInPage(from?: URL): string {
  const back = from ? returnTarget(from.pathname + from.search + from.hash, from.origin) : null;
  return back === null ? PATHS.signIn : `${PATHS.signIn}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}

/**
 * The page to return to after sign-in, or null for the role home: a same-origin path only
 * (sameOriginPath, docs/product.md section 18), never sign-in, sign-out, register, home or a dashboard.
 */
export function returnTarget(raw: string | null, origin: string): string | null {
  if (!raw) return null;
  const path = sameOriginPath(raw, origin);
  if (path === null) return null;
  const { pathname } = new URL(path, origin);
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return NO_RETURN_PATHS.includes(page) ? null : path;
}

/** Whether a path is the sign-in page (with or without a trailing slash). */
export function isSignInPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === PATHS.signIn;
}

/** The page a sign-in address names to return to (`redirect`, else the older `next`), checked by returnTarget. */
export function signInReturn(url: URL): string | null {
  if (!isSignInPath(url.pathname)) return null;
  const raw = url.searchParams.get(RETURN_PARAM) ?? url.searchParams.get(OLD_RETURN_PARAM);
  return returnTarget(raw, url.origin);
}

/** An unknown path: not-found with 404, or home for a signed-in user. */
export function unknownRouteTarget(session: GuardSession): string {
  return isSignedIn(session) ? roleHome(session) : PATHS.unknownRoute;
}

/** /dashboard: each role to its dashboard (roleHome), anyone else to not-found. */
export function dashboardTarget(session: GuardSession): string {
  if (isSudo(session) || isAdmin(session) || isStaff(session)) return roleHome(session);
  return PATHS.notFound;
}

/**
 * A backend redirect (`?redirect=...`, e.g. after a payment provider returns) names where the app
 * should go instead. Only same-origin paths count (sameOriginPath), so the parameter cannot send
 * users elsewhere; a dropped target leaves the user on the page they opened.
 */
export function backendRedirectTarget(url: URL): string | null {
  // On sign-in, `redirect` is the page to return to once signed in (signInReturn).
  if (isSignInPath(url.pathname)) return null;
  const raw = url.searchParams.get(REDIRECT_PARAM);
  if (!raw) return null;
  const path = sameOriginPath(raw, url.origin);
  if (path === null) return null;
  // A target that redirects again would loop.
  return withoutParam(new URL(path, url.origin), REDIRECT_PARAM);
}

/**
 * The URL without one query parameter, as a path the router can navigate to. The address itself
 * may be `//evil.example?apiQueryMsg=...` (a path of this site, but `//` would leave it once
 * navigated to): such a path goes home instead.
 */
export function withoutParam(url: URL, name: string): string {
  const clean = new URL(url.href);
  clean.searchParams.delete(name);
  return sameOriginPath(clean.pathname + clean.search + clean.hash, url.origin) ?? PATHS.home;
}

/** The one-time `apiQueryMsg` message and the URL to continue to without it. */
export function apiQueryMessage(url: URL): { message: string; next: string } | null {
  const message = url.searchParams.get(API_QUERY_MSG_PARAM);
  if (message === null) return null;
  return { message: message.trim(), next: withoutParam(url, API_QUERY_MSG_PARAM) };
}

export type NavigationDecision =
  | { kind: 'proceed' }
  | { kind: 'redirect'; to: string; reason: 'backendRedirect' | 'guard' | 'apiQueryMsg' }
  | { kind: 'message'; message: string; to: string };

/**
 * The order of docs/product.md section 2: backend redirect first, then the route guard, then apiQueryMsg.
 * Each handled step stops the navigation by redirecting.
 */
export function decideNavigation(url: URL, access: RouteAccess, session: GuardSession): NavigationDecision {
  const backend = backendRedirectTarget(url);
  if (backend !== null) return { kind: 'redirect', to: backend, reason: 'backendRedirect' };
  const guarded = guardRoute(access, session, url);
  if (guarded !== null) return { kind: 'redirect', to: guarded, reason: 'guard' };
  const queryMsg = apiQueryMessage(url);
  if (queryMsg !== null) {
    return queryMsg.message
      ? { kind: 'message', message: queryMsg.message, to: queryMsg.next }
      : { kind: 'redirect', to: queryMsg.next, reason: 'apiQueryMsg' };
  }
  return { kind: 'proceed' };
}
