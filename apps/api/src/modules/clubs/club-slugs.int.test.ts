import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TClub } from '@clubtix/contract';
import { createEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/** Friendly club links (docs/product.md section 21): /club/{slug}/event beside /club/{clubId}/event. */
describe('club slugs', () => {
  let t: TestApp;
  let sudoToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    sudoToken = (await createSudo(t)).token;
  });
  afterAll(async () => t.close());

  const getClub = (clubId: string) => callEndpoint(t, endpoints.club.getClub, { query: { clubId } });
  const save = (token: string, body: Record<string, unknown>) => callEndpoint(t, endpoints.club.save, { token, body });

  it("an admin sets its club's slug by the event slug rule; the club is read by slug and by id", async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const saved = await save(admin.token, { id: club.id, slug: '  Harbour  Sailing Club! ' });
    expect(saved.status).toBe(200);
    // The admins' answer carries the club's contact e-mail; the public read does not (decision 0067).
    const { contactEmail, ...payload } = saved.body.payload as TClub & { contactEmail: string | null };
    expect(contactEmail).toBeNull();
    expect(payload).toMatchObject({ id: club.id, name: club.name, slug: 'harbour-sailing-club' });
    expect((await getClub('harbour-sailing-club')).body.payload).toEqual(payload);
    expect((await getClub(club.id)).body.payload).toEqual(payload);
    // As a link carries it: percent-encoded, or in capitals.
    expect((await getClub('Harbour-Sailing-Club')).body.payload).toEqual(payload);
    // A save without the slug keeps it; an empty one clears it and the old address stops answering.
    expect((await save(admin.token, { id: club.id, name: 'Renamed' })).body.payload!.slug).toBe('harbour-sailing-club');
    expect((await save(admin.token, { id: club.id, slug: '' })).body.payload!.slug).toBeNull();
    expectError(await getClub('harbour-sailing-club'), 404, 'NOT_FOUND');
  });

  it('a slug of every script, read back percent-encoded', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    expect((await save(admin.token, { id: club.id, slug: 'Club Nautique Été' })).body.payload!.slug).toBe(
      'club-nautique-été',
    );
    const found = await callEndpoint(t, endpoints.club.getClub, {
      query: { clubId: encodeURIComponent('club-nautique-été') },
    });
    expect(found.body.payload!.id).toBe(club.id);
  });

  it('a slug another club has: 409 on the slug field, and neither club changes', async () => {
    const first = await createClubWithAdmin(t);
    const second = await createClubWithAdmin(t);
    expect((await save(first.admin.token, { id: first.club.id, slug: 'rowing' })).status).toBe(200);
    const before = (await getClub(second.club.id)).body.payload;
    const taken = await save(second.admin.token, { id: second.club.id, name: 'Other name', slug: 'Rowing' });
    expectError(taken, 409, 'CONFLICT');
    expect(taken.body.errors).toEqual([{ path: 'slug', message: expect.stringContaining('rowing') as string }]);
    expect((await getClub(second.club.id)).body.payload).toEqual(before);
    expect((await getClub('rowing')).body.payload!.id).toBe(first.club.id);
    // Its own slug saved again is no conflict.
    expect((await save(first.admin.token, { id: first.club.id, slug: 'rowing' })).status).toBe(200);
    // A super user creating a club with a taken slug: 409, no club made.
    const created = await save(sudoToken, { name: 'Copy Rowing', slug: 'rowing' });
    expectError(created, 409, 'CONFLICT');
  });

  it('two clubs saving one slug at once: one gets it, the other 409', async () => {
    const first = await createClubWithAdmin(t);
    const second = await createClubWithAdmin(t);
    const answers = await Promise.all([
      save(first.admin.token, { id: first.club.id, slug: 'same-time' }),
      save(second.admin.token, { id: second.club.id, slug: 'same-time' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('a club slug may equal an event slug: they live at different addresses', async () => {
    const { club, admin } = await createClubWithAdmin(t);
    const event = await createEvent(t, admin.token, { title: 'Twin Name Regatta' });
    const saved = await save(admin.token, { id: club.id, slug: event.slug });
    expect(saved.body.payload!.slug).toBe(event.slug);
  });

  it('an unknown slug or id: 404', async () => {
    expectError(await getClub('no-such-club-anywhere'), 404, 'NOT_FOUND');
  });
});
