import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TExtras } from '@clubtix/contract';
import { anyString, createEvent, createExtras, payloadOf } from '../../../test/catalogue';
import { call, createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** Extras: the admin calls under /event, the public ones under /extras (docs/product.md section 7). */
describe('extras', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let published: TEvent;
  let draft: TEvent;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
    published = await createEvent(t, a.admin.token, { title: 'With Extras' });
    draft = await createEvent(t, a.admin.token, { title: 'Draft Extras', status: 'draft' });
  });
  afterAll(async () => t.close());

  const save = (token: string, body: Record<string, unknown>) =>
    callEndpoint(t, endpoints.extras.saveExtras, { token, body });
  const managed = (eventId: string, token = a.admin.token) =>
    callEndpoint(t, endpoints.extras.getExtras, { token, query: { eventId } });
  const remove = (token: string, extrasId: string, eventId: string) =>
    callEndpoint(t, endpoints.extras.removeExtras, { token, query: { extrasId, eventId } });
  const publicList = (eventId: string) => callEndpoint(t, endpoints.extras.getExtrasByEventId, { query: { eventId } });
  const byIds = (extrasIds: string) => callEndpoint(t, endpoints.extras.getExtrasByIds, { query: { extrasIds } });
  const namesOf = (response: Awaited<ReturnType<typeof managed>>) => expectPayload(response).map((x) => x.name);

  describe('POST /event/saveExtras and GET /event/getExtras', () => {
    it('creates, updates and lists extras, active or not, for the admin', async () => {
      const event = await createEvent(t, a.admin.token, { title: 'Extras Admin' });
      const created = await save(a.admin.token, {
        eventId: event.id,
        name: ' Parking ',
        description: 'All day',
        price: 500,
        quantity: 40,
      });
      expect(created.body.msg).toBe('Extra created');
      const parking = expectPayload(created);
      expect(parking).toEqual({
        id: anyString,
        eventId: event.id,
        name: 'Parking',
        description: 'All day',
        price: 500,
        quantity: 40,
        isActive: true,
      });
      const updated = await save(a.admin.token, {
        id: parking.id,
        eventId: event.id,
        name: 'Parking',
        price: 700,
        isActive: false,
      });
      expect(updated.body.msg).toBe('Extra saved');
      // What the body left out (description, quantity) stays as it was.
      expect(payloadOf(updated)).toEqual({ ...parking, price: 700, isActive: false });
      await createExtras(t, a.admin.token, event.id, { name: 'T-shirt' });
      expect(namesOf(await managed(event.id))).toEqual(['Parking', 'T-shirt']);
    });

    it('changes only the price when only the price is sent: same quantity, isActive and the rest', async () => {
      const extra = await createExtras(t, a.admin.token, published.id, {
        name: 'Price only',
        description: 'Kept',
        quantity: 30,
        isActive: false,
      });
      const response = await save(a.admin.token, { id: extra.id, eventId: published.id, price: 1500 });
      expect(response.body.msg).toBe('Extra saved');
      expect(payloadOf(response)).toEqual({ ...extra, price: 1500 });
      expect(expectPayload(await managed(published.id))).toContainEqual({ ...extra, price: 1500 });
      // The eventId may be left out of an update too.
      expect(payloadOf(await save(a.admin.token, { id: extra.id, isActive: true }))).toEqual({
        ...extra,
        price: 1500,
        isActive: true,
      });
    });

    it('clears a field sent as null or empty, and refuses a null price or name on update', async () => {
      const extra = await createExtras(t, a.admin.token, published.id, {
        name: 'Cleared',
        description: 'Gone soon',
        quantity: 30,
      });
      const cleared = await save(a.admin.token, { id: extra.id, quantity: null, description: '' });
      expect(payloadOf(cleared)).toEqual({ ...extra, quantity: null, description: null });
      for (const [change, field] of [
        [{ price: null }, 'price'],
        [{ name: '' }, 'name'],
        [{ isActive: null }, 'isActive'],
      ] as const) {
        expectError(
          await save(a.admin.token, { id: extra.id, ...change }),
          400,
          'BAD_INPUT',
          new RegExp(`^${field}: `),
        );
      }
      expect(expectPayload(await managed(published.id))).toContainEqual({
        ...extra,
        quantity: null,
        description: null,
      });
    });

    it('creates nothing without a name, price or event (400 naming the field)', async () => {
      for (const [body, field] of [
        [{ eventId: published.id, price: 100 }, 'name'],
        [{ eventId: published.id, name: 'No price' }, 'price'],
        [{ name: 'No event', price: 100 }, 'eventId'],
      ] as const) {
        const response = await save(a.admin.token, body);
        expectError(response, 400, 'BAD_INPUT', new RegExp(`^${field}: `));
        expect(response.body.errors?.[0]?.path).toBe(field);
      }
      expect(namesOf(await managed(published.id))).not.toContain('No price');
    });

    it.each([
      ['a negative price', { price: -5 }, 'price'],
      ['a fractional price', { price: 10.5 }, 'price'],
      ['a blank name', { name: '' }, 'name'],
      ['a fractional quantity', { quantity: 0.5 }, 'quantity'],
      ['an isActive as text', { isActive: 'yes' }, 'isActive'],
    ])('answers 400 for %s', async (_title, overrides, field) => {
      const response = await save(a.admin.token, { eventId: published.id, name: 'Bad', price: 100, ...overrides });
      expectError(response, 400, 'BAD_INPUT', new RegExp(`^${field}: `));
      expect(response.body.errors?.[0]?.path).toBe(field);
    });

    it('answers 404 for an update naming another event of the club', async () => {
      const extra = await createExtras(t, a.admin.token, published.id, { name: 'Anchored' });
      expectError(
        await save(a.admin.token, { id: extra.id, eventId: draft.id, name: 'Moved', price: 1 }),
        404,
        'NOT_FOUND',
      );
      expect(expectPayload(await managed(published.id))).toContainEqual(extra);
      expect(namesOf(await managed(draft.id))).not.toContain('Moved');
    });

    it('needs a token', async () => {
      expectError(
        await callEndpoint(t, endpoints.extras.getExtras, { query: { eventId: published.id } }),
        401,
        'UNAUTHENTICATED',
      );
    });
  });

  describe('GET /event/removeExtras', () => {
    it('removes an extra of that event', async () => {
      const extra = await createExtras(t, a.admin.token, published.id, { name: 'Gone soon' });
      const response = await remove(a.admin.token, extra.id, published.id);
      expect(response.body).toEqual({ payload: { id: extra.id }, msg: 'Extra removed' });
      expect(namesOf(await managed(published.id))).not.toContain('Gone soon');
    });

    it('answers 404 for a wrong extra and event pair, and removes nothing', async () => {
      const extra = await createExtras(t, a.admin.token, published.id, { name: 'Paired' });
      expectError(await remove(a.admin.token, extra.id, draft.id), 404, 'NOT_FOUND', 'Extra not found');
      expectError(await remove(a.admin.token, 'no-such-extra', published.id), 404, 'NOT_FOUND');
      expect(expectPayload(await managed(published.id))).toContainEqual(extra);
    });
  });

  describe('the public reads', () => {
    let shown: TExtras;
    let inactive: TExtras;
    let ofDraft: TExtras;
    beforeAll(async () => {
      const event = await createEvent(t, a.admin.token, { title: 'Public Extras' });
      shown = await createExtras(t, a.admin.token, event.id, { name: 'Programme' });
      inactive = await createExtras(t, a.admin.token, event.id, { name: 'Withdrawn', isActive: false });
      ofDraft = await createExtras(t, a.admin.token, draft.id, { name: 'Secret' });
    });

    it('GET /extras/getExtrasByEventId lists the active extras of a published event only', async () => {
      expect(payloadOf(await publicList(shown.eventId))).toEqual([shown]);
      expectError(await publicList(draft.id), 404, 'NOT_FOUND');
      expectError(await publicList('no-such-event'), 404, 'NOT_FOUND');
    });

    it('GET /extras/getExtrasByIds answers the ones found, omitting unknown, inactive and draft ones', async () => {
      const ids = [shown.id, 'no-such-extra', inactive.id, ofDraft.id];
      expect(payloadOf(await byIds(JSON.stringify(ids)))).toEqual([shown]);
      expect(payloadOf(await byIds('[]'))).toEqual([]);
      expect(payloadOf(await byIds(JSON.stringify([shown.id, shown.id])))).toEqual([shown]);
    });

    it.each([
      ['broken JSON', '['],
      ['not JSON', 'abc'],
      ['an object', '{"id":"x"}'],
      ['a list of numbers', '[1,2]'],
      ['an empty id', '[""]'],
    ])('GET /extras/getExtrasByIds answers 400 with a clear message for %s', async (_title, extrasIds) => {
      expectError(
        await byIds(extrasIds),
        400,
        'BAD_INPUT',
        'extrasIds: extrasIds must be a JSON array of ids, like ["a","b"]',
      );
    });

    it('GET /extras/getExtrasByIds answers 400 without the parameter or with it twice', async () => {
      expectError(await callEndpoint(t, endpoints.extras.getExtrasByIds), 400, 'BAD_INPUT', /^extrasIds: /);
      const twice = await call(t, 'GET', '/extras/getExtrasByIds', { query: { extrasIds: ['[]', '[]'] } });
      expectError(twice, 400, 'BAD_INPUT', /^extrasIds: .*JSON array/);
    });
  });

  describe('the tenant wall', () => {
    it("answers 404 to every admin call on another club's extras, and changes nothing", async () => {
      const event = await createEvent(t, b.admin.token, { title: 'B Extras' });
      const extra = await createExtras(t, b.admin.token, event.id, { name: 'B only', isActive: false });
      const attempts = [
        save(a.admin.token, { eventId: event.id, name: 'Planted', price: 1 }),
        save(a.admin.token, { id: extra.id, eventId: event.id, name: 'Hijacked', price: 1 }),
        save(a.admin.token, { id: extra.id, eventId: published.id, name: 'Hijacked', price: 1 }),
        save(a.admin.token, { id: extra.id, price: 1 }),
        managed(event.id),
        remove(a.admin.token, extra.id, event.id),
        remove(a.admin.token, extra.id, published.id),
      ];
      for (const response of await Promise.all(attempts)) expectError(response, 404, 'NOT_FOUND');
      expect(payloadOf(await managed(event.id, b.admin.token))).toEqual([extra]);
    });
  });
});
