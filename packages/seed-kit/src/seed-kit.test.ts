import { describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@clubtix/contract';
import { seedKit, SeedError, type SeedRequest, type SeedTransport } from './index';

/** A transport that records each call and answers what `answer` says. */
function recording(answer: (endpoint: Endpoint, request: SeedRequest) => unknown) {
  const calls: { path: string; request: SeedRequest }[] = [];
  const transport: SeedTransport = (endpoint, request) => {
    calls.push({ path: endpoint.path, request });
    return Promise.resolve({ status: 200, body: { payload: answer(endpoint, request) }, authorization: 'Bearer t0k' });
  };
  return { calls, transport };
}

describe('the seeding kit', () => {
  it('sends each body with its defaults, the caller overriding only what it names', async () => {
    const { calls, transport } = recording((_endpoint, request) => ({ id: 'id-1', ...(request.body as object) }));
    const kit = seedKit(transport);
    await kit.event('tok', { title: 'Night Sail' });
    await kit.ticket('tok', 'ev-1', { price: 0 });
    expect(calls.map((call) => call.path)).toEqual([endpoints.event.save.path, endpoints.ticket.save.path]);
    expect(calls[0]!.request).toMatchObject({
      token: 'tok',
      body: { title: 'Night Sail', timezone: 'Europe/London', currency: 'gbp', status: 'published' },
    });
    expect(calls[1]!.request.body).toEqual({ eventId: 'ev-1', name: 'Adult', price: 0, quantity: 100 });
  });

  it('answers the token of a sign-up as the API hands it back', async () => {
    const { transport } = recording(() => ({ currentUser: { email: 'a@example.org' } }));
    const admin = await seedKit(transport).clubAdmin();
    expect(admin.token).toBe('Bearer t0k');
    expect(admin.user).toEqual({ email: 'a@example.org' });
  });

  it('throws a SeedError naming the step and the answer when the API refuses', async () => {
    const refusing: SeedTransport = () =>
      Promise.resolve({ status: 403, body: { msg: 'Not your club', code: 'FORBIDDEN' } });
    await expect(seedKit(refusing).extras('tok', 'ev-1')).rejects.toThrow(
      new SeedError('Saving the extra', { status: 403, body: { msg: 'Not your club', code: 'FORBIDDEN' } }),
    );
  });
});
