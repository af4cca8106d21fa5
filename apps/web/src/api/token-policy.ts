import type { Endpoint } from '@clubtix/contract';

/**
 * Whether a call carries the session token (SPEC.md section 6). Public endpoints never do, so a
 * visitor's page looks the same signed in or not. Public reads marked `optionalAuth` show a club's
 * own admins their drafts and inactive items, but only when the call site asks for that
 * (`asManager`): the admin screens do, public pages never do.
 */
export function shouldSendToken(
  endpoint: Pick<Endpoint, 'access' | 'optionalAuth'>,
  hasToken: boolean,
  asManager: boolean,
): boolean {
  if (!hasToken) return false;
  if (endpoint.access !== 'public') return true;
  return endpoint.optionalAuth === true && asManager;
}
