import { ROLE_ADMIN, ROLE_STAFF, type TCurrentUser } from '@clubtix/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../../session/session';
import { dashboardLoader, forgetCachedData, routeLoader, unknownRouteLoader } from './route-loaders';

const signedIn = vi.hoisted((): { session: Session } => ({ session: { token: null, user: null } }));
vi.mock('../../session/session', () => ({ getSession: () => signedIn.session, signOutLocally: () => undefined }));

function signInAs(role: number): void {
  const user = { id: 'u1', email: 'u@example.org', name: 'U', role, clubId: 'c1' } as TCurrentUser;
  signedIn.session = { token: 't', user };
}

/** Runs a loader for a path; answers where it sends the browser, or null to stay. */
function load(loader: (args: LoaderFunctionArgs) => Response | null, path: string): string | null {
  const request = new Request(`http://app.test${path}`);
  const response = loader({ request, params: {}, context: undefined } as unknown as LoaderFunctionArgs);
  return response?.headers.get('Location') ?? null;
}

describe('the loaders for door staff (docs/product.md section 20)', () => {
  it('open the door pages to staff and admins, and send staff from an admin page to their home', () => {
    signInAs(ROLE_STAFF);
    expect(load(routeLoader('door'), '/event/e1/checkin')).toBeNull();
    expect(load(routeLoader('admin'), '/event/e1/tickets')).toBe('/dashboard/staff');
    expect(load(routeLoader('manager'), '/club/edit/c1')).toBe('/dashboard/staff');
    expect(load(routeLoader('staff'), '/dashboard/staff')).toBeNull();
    signInAs(ROLE_ADMIN);
    expect(load(routeLoader('door'), '/event/e1/checkin')).toBeNull();
    expect(load(routeLoader('staff'), '/dashboard/staff')).toBe('/dashboard/admin');
  });
  it('send staff from /dashboard and an unknown path to the staff home', () => {
    signInAs(ROLE_STAFF);
    expect(load(dashboardLoader, '/dashboard')).toBe('/dashboard/staff');
    expect(load(unknownRouteLoader, '/no/such/page')).toBe('/dashboard/staff');
  });
  it('send a signed-out visitor of a door page to sign in with that page to return to', () => {
    signedIn.session = { token: null, user: null };
    expect(load(routeLoader('door'), '/event/e1/checkin')).toBe('/signin?redirect=%2Fevent%2Fe1%2Fcheckin');
  });
});

function clientWith(...keys: string[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData([key], `${key} data`);
  return client;
}

/** A component showing the query: an observer with a listener, as useQuery mounts one. */
function show(client: QueryClient, key: string): () => void {
  const observer = new QueryObserver(client, { queryKey: [key], queryFn: () => `${key} again`, staleTime: Infinity });
  return observer.subscribe(() => undefined);
}

const cached = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey[0]);

describe('forgetCachedData', () => {
  it('forgets at once what no page shows', () => {
    const client = clientWith('clubs', 'admins');
    forgetCachedData(client);
    expect(cached(client)).toEqual([]);
  });

  it('keeps what the page being left shows until it lets go, so it fetches nothing meanwhile', () => {
    const client = clientWith('clubs', 'admins', 'events');
    const hideClubs = show(client, 'clubs');
    const hideAdmins = show(client, 'admins');

    forgetCachedData(client);
    expect(cached(client)).toEqual(['clubs', 'admins']);
    expect(client.getQueryData(['clubs'])).toBe('clubs data');
    expect(client.isFetching()).toBe(0);

    hideClubs();
    expect(cached(client)).toEqual(['admins']);
    hideAdmins();
    expect(cached(client)).toEqual([]);
  });

  it('forgets a query only once its last viewer has let go', () => {
    const client = clientWith('clubs');
    const first = show(client, 'clubs');
    const second = show(client, 'clubs');
    forgetCachedData(client);
    first();
    expect(cached(client)).toEqual(['clubs']);
    second();
    expect(cached(client)).toEqual([]);
  });

  it('leaves the next session alone once the cache was cleared by a sign-in', () => {
    const client = clientWith('clubs');
    const hide = show(client, 'clubs');
    forgetCachedData(client);
    client.clear();
    // The next user's page shows the same query and leaves it: it stays cached as usual.
    client.setQueryData(['clubs'], 'next user data');
    hide();
    show(client, 'clubs')();
    expect(client.getQueryData(['clubs'])).toBe('next user data');
  });
});
