import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetCachedData } from './route-loaders';

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
