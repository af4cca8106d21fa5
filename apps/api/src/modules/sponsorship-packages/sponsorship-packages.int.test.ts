import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TSponsorshipPackage } from '@clubtix/contract';
import { anyString, createEvent, createPackage, payloadOf } from '../../../test/catalogue';
import { call, createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/** Sponsorship packages (docs/product.md section 14): admin calls, the public list, the tenant wall. */
describe('sponsorship packages', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let published: TEvent;
  let draft: TEvent;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
    published = await createEvent(t, a.admin.token, { title: 'Sponsored' });
    draft = await createEvent(t, a.admin.token, { title: 'Sponsored Draft', status: 'draft' });
  });
  afterAll(async () => t.close());

  const base = '/sponsorship-package';
  const save = (token: string, body: Record<string, unknown>) => call(t, 'POST', `${base}/save`, { token, body });
  const byId = (packageId: string, token = a.admin.token) =>
    call(t, 'GET', `${base}/getPackageById`, { token, query: { packageId } });
  const list = (eventId: string, token?: string) =>
    call(t, 'GET', `${base}/getPackagesByEventId`, { token, query: { eventId } });
  const setStatus = (token: string, packageId: string, isActive: unknown) =>
    call(t, 'POST', `${base}/updateStatus`, { token, body: { packageId, isActive } });
  const remove = (token: string, packageId: string) =>
    call(t, 'DELETE', `${base}/deletePackage`, { token, body: { packageId } });
  const namesOf = async (eventId: string, token?: string) =>
    payloadOf<TSponsorshipPackage[]>(await list(eventId, token)).map((p) => p.name);

  describe('POST /sponsorship-package/save', () => {
    it('creates a package and updates it in place', async () => {
      const body = {
        eventId: published.id,
        name: ' Gold ',
        description: 'Top tier',
        amount: 100_000,
        benefits: [' Logo ', 'Stand'],
        quantity: 3,
      };
      const created = await save(a.admin.token, body);
      expect(created.body.msg).toBe('Package created');
      const gold = payloadOf<TSponsorshipPackage>(created);
      expect(gold).toEqual({
        ...body,
        id: anyString,
        name: 'Gold',
        benefits: ['Logo', 'Stand'],
        isActive: true,
      });
      expect(payloadOf(await byId(gold.id))).toEqual(gold);

      const updated = await save(a.admin.token, { id: gold.id, eventId: published.id, name: 'Gold+', amount: 120_000 });
      expect(updated.body.msg).toBe('Package saved');
      // What the body left out (description, benefits, quantity) stays as it was.
      const expected = { ...gold, name: 'Gold+', amount: 120_000 };
      expect(payloadOf(updated)).toEqual(expected);
      expect(payloadOf(await byId(gold.id))).toEqual(expected);
    });

    it('changes only the amount when only the amount is sent: same quantity, isActive and benefits', async () => {
      const pkg = await createPackage(t, a.admin.token, published.id, {
        name: 'Amount only',
        description: 'Kept',
        benefits: ['Logo', 'Stand'],
        quantity: 2,
        isActive: false,
      });
      const response = await save(a.admin.token, { id: pkg.id, eventId: published.id, amount: 75_000 });
      expect(response.body.msg).toBe('Package saved');
      expect(payloadOf(response)).toEqual({ ...pkg, amount: 75_000 });
      expect(payloadOf(await byId(pkg.id))).toEqual({ ...pkg, amount: 75_000 });
      // The eventId may be left out of an update too.
      expect(payloadOf(await save(a.admin.token, { id: pkg.id, name: 'Amount only+' }))).toEqual({
        ...pkg,
        amount: 75_000,
        name: 'Amount only+',
      });
    });

    it('clears what is sent as null or empty, and refuses a null amount or name on update', async () => {
      const pkg = await createPackage(t, a.admin.token, published.id, {
        name: 'Cleared',
        description: 'Gone soon',
        benefits: ['Logo'],
        quantity: 2,
      });
      const cleared = await save(a.admin.token, { id: pkg.id, quantity: null, description: '', benefits: [] });
      const expected = { ...pkg, quantity: null, description: null, benefits: [] };
      expect(payloadOf(cleared)).toEqual(expected);
      for (const [change, field] of [
        [{ amount: null }, 'amount'],
        [{ name: null }, 'name'],
        [{ benefits: null }, 'benefits'],
      ] as const) {
        expectError(await save(a.admin.token, { id: pkg.id, ...change }), 400, 'BAD_INPUT', new RegExp(`^${field}: `));
      }
      expect(payloadOf(await byId(pkg.id))).toEqual(expected);
    });

    it('creates a package with no benefits, no limit and active when those are left out', async () => {
      const event = await createEvent(t, a.admin.token, { title: 'Plain Packages' });
      const plain = await save(a.admin.token, { eventId: event.id, name: 'Plain', amount: 1000 });
      expect(payloadOf(plain)).toEqual({
        id: anyString,
        eventId: event.id,
        name: 'Plain',
        description: null,
        amount: 1000,
        benefits: [],
        quantity: null,
        isActive: true,
      });
    });

    it.each([
      ['an empty benefit', { benefits: ['Logo', ''] }, 'benefits.1', 'benefits.1: Benefit is required'],
      ['a blank benefit', { benefits: ['   '] }, 'benefits.0', 'benefits.0: Benefit is required'],
      ['benefits as text', { benefits: 'Logo' }, 'benefits', 'benefits: Benefits must be a list of texts'],
      ['a number benefit', { benefits: [5] }, 'benefits.0', /^benefits\.0: /],
      [
        '31 benefits',
        { benefits: Array.from({ length: 31 }, (_, i) => `B${i}`) },
        'benefits',
        'benefits: At most 30 benefits',
      ],
      ['a negative amount', { amount: -100 }, 'amount', 'amount: Amount cannot be negative'],
      ['a fractional amount', { amount: 99.5 }, 'amount', /^amount: Amount must be a whole number/],
      ['a missing name', { name: undefined }, 'name', 'name: Name is required'],
      ['a missing amount', { amount: undefined }, 'amount', /^amount: Amount must be a number/],
    ])('answers 400 for %s, and creates nothing', async (_title, overrides, field, msg) => {
      const event = await createEvent(t, a.admin.token, { title: 'Strict Packages' });
      const response = await save(a.admin.token, { eventId: event.id, name: 'Bad', amount: 1000, ...overrides });
      expectError(response, 400, 'BAD_INPUT', msg);
      expect(response.body.errors?.[0]?.path).toBe(field);
      expect(await namesOf(event.id, a.admin.token)).toEqual([]);
    });

    it('answers 404 for an update naming another event of the club', async () => {
      const pkg = await createPackage(t, a.admin.token, published.id, { name: 'Anchored' });
      expectError(
        await save(a.admin.token, { id: pkg.id, eventId: draft.id, name: 'Moved', amount: 1 }),
        404,
        'NOT_FOUND',
      );
      expect(payloadOf(await byId(pkg.id))).toEqual(pkg);
    });
  });

  describe('GET /sponsorship-package/getPackagesByEventId', () => {
    it('shows the public the active packages of a published event, cheapest first; the admin all of them', async () => {
      const event = await createEvent(t, a.admin.token, { title: 'Package Shelf' });
      await createPackage(t, a.admin.token, event.id, { name: 'Silver', amount: 20_000 });
      await createPackage(t, a.admin.token, event.id, { name: 'Bronze', amount: 5_000 });
      await createPackage(t, a.admin.token, event.id, { name: 'Retired', amount: 1_000, isActive: false });
      expect(await namesOf(event.id)).toEqual(['Bronze', 'Silver']);
      expect(await namesOf(event.id, b.admin.token)).toEqual(['Bronze', 'Silver']);
      expect(await namesOf(event.id, a.admin.token)).toEqual(['Retired', 'Bronze', 'Silver']);
    });

    it("answers 404 for a draft's packages except to its own admin", async () => {
      await createPackage(t, a.admin.token, draft.id, { name: 'Hidden' });
      expectError(await list(draft.id), 404, 'NOT_FOUND');
      expectError(await list(draft.id, b.admin.token), 404, 'NOT_FOUND');
      expect(await namesOf(draft.id, a.admin.token)).toContain('Hidden');
    });
  });

  describe('POST /sponsorship-package/updateStatus', () => {
    it('deactivates and reactivates a package', async () => {
      const pkg = await createPackage(t, a.admin.token, published.id, { name: 'Flip' });
      const off = await setStatus(a.admin.token, pkg.id, false);
      expect(off.body).toEqual({ payload: { ...pkg, isActive: false }, msg: 'Package deactivated' });
      expect(await namesOf(published.id)).not.toContain('Flip');
      const on = await setStatus(a.admin.token, pkg.id, true);
      expect(on.body).toEqual({ payload: pkg, msg: 'Package activated' });
      expect(await namesOf(published.id)).toContain('Flip');
    });

    it('answers 400 for an isActive that is not a boolean, 404 for an unknown package', async () => {
      expectError(
        await setStatus(a.admin.token, 'x', 'false'),
        400,
        'BAD_INPUT',
        'isActive: isActive must be true or false',
      );
      expectError(
        await setStatus(a.admin.token, 'no-such-package', true),
        404,
        'NOT_FOUND',
        'Sponsorship package not found',
      );
    });
  });

  describe('DELETE /sponsorship-package/deletePackage', () => {
    it('deletes a package', async () => {
      const pkg = await createPackage(t, a.admin.token, published.id, { name: 'Short' });
      expect((await remove(a.admin.token, pkg.id)).body).toEqual({ payload: { id: pkg.id }, msg: 'Package removed' });
      expectError(await byId(pkg.id), 404, 'NOT_FOUND');
      expectError(await remove(a.admin.token, pkg.id), 404, 'NOT_FOUND');
    });

    it('keeps a package somebody sponsored, so the sponsorship does not turn into a donation', async () => {
      const event = await createEvent(t, a.admin.token, { title: 'Kept Sponsors', sponsorshipsEnabled: true });
      const pkg = await createPackage(t, a.admin.token, event.id, { name: 'Silver' });
      const sponsored = await callEndpoint(t, endpoints.sponsorship.create, {
        body: { eventId: event.id, packageId: pkg.id, name: 'Acme Ltd', email: 'acme@example.org' },
      });
      expect(sponsored.status).toBe(200);
      expectError(
        await remove(a.admin.token, pkg.id),
        409,
        'CONFLICT',
        'This package has sponsorships; make it inactive instead',
      );
      expect(payloadOf<TSponsorshipPackage>(await byId(pkg.id)).name).toBe('Silver');
      const listed = await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, {
        token: a.admin.token,
        query: { eventId: event.id },
      });
      expect(expectPayload(listed).map((s) => s.packageName)).toEqual(['Silver']);
      expect((await setStatus(a.admin.token, pkg.id, false)).status).toBe(200);
      // Removing the whole event still takes its packages and sponsorships with it.
      const removed = await callEndpoint(t, endpoints.event.removeEvent, {
        token: a.admin.token,
        query: { eventId: event.id },
      });
      expect(removed.status).toBe(200);
      expectError(await byId(pkg.id), 404, 'NOT_FOUND');
    });
  });

  describe('the tenant wall', () => {
    it("answers 404 to every admin call on another club's package, and changes nothing", async () => {
      const event = await createEvent(t, b.admin.token, { title: 'B Packages' });
      const pkg = await createPackage(t, b.admin.token, event.id, { name: 'B only' });
      const attempts = [
        save(a.admin.token, { eventId: event.id, name: 'Planted', amount: 1 }),
        save(a.admin.token, { id: pkg.id, eventId: event.id, name: 'Hijacked', amount: 1 }),
        save(a.admin.token, { id: pkg.id, eventId: published.id, name: 'Hijacked', amount: 1 }),
        save(a.admin.token, { id: pkg.id, amount: 1 }),
        byId(pkg.id),
        setStatus(a.admin.token, pkg.id, false),
        remove(a.admin.token, pkg.id),
      ];
      for (const response of await Promise.all(attempts)) expectError(response, 404, 'NOT_FOUND');
      expect(payloadOf(await list(event.id, b.admin.token))).toEqual([pkg]);
      expect(await namesOf(published.id, a.admin.token)).not.toContain('Hijacked');
    });
  });
});
