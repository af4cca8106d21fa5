import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCodeCheck, TDiscount, TEvent, TTicket } from '@clubtix/contract';
import { anyString, createEvent, createTicket, daysFromNow, payloadOf } from '../../../test/catalogue';
import { call, createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { discounts } from '../../db/schema';
import { giveBackUses, takeUse } from './discount-uses.repo';

/** Discount and access codes (docs/product.md section 19): CRUD, the tenant wall, what a buyer hears. */
describe('discount codes', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let event: TEvent;
  let adult: TTicket;
  let child: TTicket;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
    event = await createEvent(t, a.admin.token, { title: 'Coded' });
    adult = await createTicket(t, a.admin.token, event.id, { name: 'Adult' });
    child = await createTicket(t, a.admin.token, event.id, { name: 'Child', price: 1000 });
  });
  afterAll(async () => t.close());

  const save = (token: string, body: Record<string, unknown>) => call(t, 'POST', '/discount/save', { token, body });
  const list = (token: string, eventId = event.id) =>
    call(t, 'GET', '/discount/getDiscountsByEventId', { token, query: { eventId } });
  const remove = (token: string, discountId: string) =>
    call(t, 'DELETE', '/discount/deleteDiscount', { token, body: { discountId } });
  const check = (code: string, eventId = event.id) =>
    call(t, 'GET', '/discount/checkCode', { query: { eventId, code } });
  const create = async (body: Record<string, unknown>) =>
    payloadOf<TDiscount>(await save(a.admin.token, { eventId: event.id, kind: 'percent', value: 10, ...body }));
  const setUsed = (id: string, usedCount: number) =>
    t.db.update(discounts).set({ usedCount }).where(eq(discounts.id, id));

  it('creates a code and lists it with its uses', async () => {
    const body = {
      eventId: event.id,
      code: 'Spring-25',
      kind: 'amount',
      value: 500,
      ticketIds: [adult.id],
      maxUses: 10,
      validFrom: '2030-01-01T00:00:00Z',
      validUntil: '2040-01-01T00:00:00Z',
    };
    const response = await save(a.admin.token, body);
    expect(response.body.msg).toBe('Code created');
    const created = payloadOf<TDiscount>(response);
    expect(created).toEqual({
      ...body,
      id: anyString,
      validFrom: '2030-01-01T00:00:00.000Z',
      validUntil: '2040-01-01T00:00:00.000Z',
      used: 0,
      isActive: true,
      createdAt: anyString,
    });
    await setUsed(created.id, 3);
    expect(payloadOf<TDiscount[]>(await list(a.admin.token)).find((d) => d.id === created.id)).toEqual({
      ...created,
      used: 3,
    });
  });

  it('updates a code in place, keeping what the body leaves out', async () => {
    const code = await create({ code: 'EDITME', maxUses: 5, validUntil: '2040-01-01T00:00:00Z' });
    const response = await save(a.admin.token, {
      id: code.id,
      eventId: event.id,
      code: 'edited',
      kind: 'amount',
      value: 300,
    });
    expect(response.body.msg).toBe('Code saved');
    expect(payloadOf(response)).toEqual({ ...code, code: 'edited', kind: 'amount', value: 300 });
    const cleared = await save(a.admin.token, {
      ...code,
      id: code.id,
      maxUses: null,
      validUntil: null,
      isActive: false,
    });
    expect(payloadOf(cleared)).toEqual({ ...code, maxUses: null, validUntil: null, isActive: false });
  });

  it('refuses a second code of the event whatever its case, on the code field', async () => {
    await create({ code: 'SUMMER' });
    const duplicate = await save(a.admin.token, { eventId: event.id, code: 'summer', kind: 'percent', value: 5 });
    expectError(duplicate, 409, 'CONFLICT');
    expect(duplicate.body.errors?.[0]?.path).toBe('code');
    const other = await create({ code: 'OTHER' });
    const renamed = await save(a.admin.token, { ...other, code: 'Summer' });
    expectError(renamed, 409, 'CONFLICT');
    // Another event may use the same code.
    const second = await createEvent(t, a.admin.token, { title: 'Second coded' });
    expect((await save(a.admin.token, { eventId: second.id, code: 'summer', kind: 'percent', value: 5 })).status).toBe(
      200,
    );
  });

  it('refuses tickets of another event or club, and a use limit below the uses taken', async () => {
    const otherEvent = await createEvent(t, b.admin.token, { title: 'B coded' });
    const theirs = await createTicket(t, b.admin.token, otherEvent.id);
    for (const ticketIds of [[theirs.id], [adult.id, 'no-such-ticket']]) {
      const response = await save(a.admin.token, {
        eventId: event.id,
        code: 'MIXED',
        kind: 'percent',
        value: 5,
        ticketIds,
      });
      expectError(response, 400, 'BAD_INPUT');
      expect(response.body.errors?.[0]?.path).toBe('ticketIds');
    }
    const limited = await create({ code: 'LIMITED', maxUses: 5 });
    await setUsed(limited.id, 4);
    const lowered = await save(a.admin.token, { ...limited, maxUses: 3 });
    expectError(lowered, 409, 'CONFLICT', 'Use limit cannot be lower than the 4 uses already taken');
    expect(payloadOf<TDiscount>(await save(a.admin.token, { ...limited, maxUses: 4 })).maxUses).toBe(4);
  });

  it('refuses a window that ends before it starts, against the stored start too', async () => {
    const windowed = await create({ code: 'WINDOW', validFrom: '2035-01-01T00:00:00Z' });
    expectError(
      await save(a.admin.token, { ...windowed, validFrom: undefined, validUntil: '2034-01-01T00:00:00Z' }),
      400,
      'BAD_INPUT',
    );
  });

  it('deletes a code; the list no longer shows it', async () => {
    const doomed = await create({ code: 'DOOMED' });
    const response = await remove(a.admin.token, doomed.id);
    expect(response.body).toEqual({ payload: { id: doomed.id }, msg: 'Code deleted' });
    expect(payloadOf<TDiscount[]>(await list(a.admin.token)).map((d) => d.id)).not.toContain(doomed.id);
    expectError(await remove(a.admin.token, doomed.id), 404, 'NOT_FOUND');
  });

  it("keeps another club's admin out: 404 and nothing changed", async () => {
    const mine = await create({ code: 'WALLED' });
    expectError(await list(b.admin.token), 404, 'NOT_FOUND');
    expectError(await save(b.admin.token, { ...mine, code: 'TAKEN' }), 404, 'NOT_FOUND');
    expectError(
      await save(b.admin.token, { eventId: event.id, code: 'PLANTED', kind: 'percent', value: 5 }),
      404,
      'NOT_FOUND',
    );
    const theirEvent = await createEvent(t, b.admin.token, { title: 'B own' });
    expectError(await save(b.admin.token, { ...mine, eventId: theirEvent.id, code: 'MOVED' }), 404, 'NOT_FOUND');
    expectError(await remove(b.admin.token, mine.id), 404, 'NOT_FOUND');
    expect(payloadOf<TDiscount[]>(await list(a.admin.token)).find((d) => d.id === mine.id)).toEqual(mine);
    expect(payloadOf<TDiscount[]>(await list(a.admin.token)).map((d) => d.code)).not.toContain('PLANTED');
  });

  it('refuses a code past the 1000 an event may hold, so the list shows them all', async () => {
    const full = await createEvent(t, a.admin.token, { title: 'Many codes' });
    await t.db.insert(discounts).values(
      Array.from({ length: 999 }, (_, i) => ({
        clubId: a.club.id,
        eventId: full.id,
        code: `BULK${i}`,
        codeKey: `BULK${i}`,
        kind: 'percent',
        value: 5,
      })),
    );
    const body = { eventId: full.id, kind: 'percent', value: 5 };
    expect((await save(a.admin.token, { ...body, code: 'LAST' })).status).toBe(200);
    expectError(await save(a.admin.token, { ...body, code: 'ONEMORE' }), 409, 'CONFLICT', /at most 1000 codes/);
    expect(payloadOf<TDiscount[]>(await list(a.admin.token, full.id))).toHaveLength(1000);
  });

  describe('GET /discount/checkCode', () => {
    it('answers what a usable code takes off and which tickets it opens, whatever the case typed', async () => {
      await create({ code: 'Kids50', value: 50, ticketIds: [child.id] });
      const response = await check('kids50');
      expect(response.body.msg).toBe('Code applied');
      expect(payloadOf<TCodeCheck>(response)).toEqual({
        code: 'Kids50',
        kind: 'percent',
        value: 50,
        ticketIds: [child.id],
      });
      expect(response.text).not.toMatch(/maxUses|used/);
    });

    it('says which: unknown, not yet valid, expired, used up, inactive', async () => {
      await create({ code: 'LATER', validFrom: daysFromNow(2) });
      await create({ code: 'PAST', validFrom: daysFromNow(-5), validUntil: daysFromNow(-1) });
      const usedUp = await create({ code: 'GONE', maxUses: 2 });
      await setUsed(usedUp.id, 2);
      await create({ code: 'OFF', isActive: false });
      const cases = [
        ['NOPE', 'This code does not exist for this event'],
        ['later', 'This code is not valid yet'],
        ['PAST', 'This code has expired'],
        ['GONE', 'This code has been used up'],
        ['OFF', 'This code is no longer active'],
      ] as const;
      for (const [code, message] of cases) {
        const response = await check(code);
        expectError(response, 400, 'BAD_INPUT', `code: ${message}`);
        expect(response.body.errors).toEqual([{ path: 'code', message }]);
      }
    });

    it("answers 404 for a draft event's codes and never another event's code", async () => {
      const draft = await createEvent(t, a.admin.token, { title: 'Coded draft', status: 'draft' });
      await save(a.admin.token, { eventId: draft.id, code: 'DRAFTY', kind: 'percent', value: 5 });
      expectError(await check('DRAFTY', draft.id), 404, 'NOT_FOUND');
      const other = await createEvent(t, a.admin.token, { title: 'Other coded' });
      await create({ code: 'ONLYHERE' });
      expectError(await check('ONLYHERE', other.id), 400, 'BAD_INPUT');
    });
  });

  describe('the use count', () => {
    it('never takes the last use twice, however many take it at once, and gives uses back', async () => {
      const code = await create({ code: 'RACE', maxUses: 3 });
      const taken = await Promise.all(
        Array.from({ length: 20 }, () => t.db.transaction(async (tx) => takeUse(tx, code.id))),
      );
      expect(taken.filter(Boolean)).toHaveLength(3);
      const [row] = await t.db.select().from(discounts).where(eq(discounts.id, code.id));
      expect(row!.usedCount).toBe(3);
      await t.db.transaction(async (tx) => giveBackUses(tx, [code.id, code.id, null]));
      const [after] = await t.db.select().from(discounts).where(eq(discounts.id, code.id));
      expect(after!.usedCount).toBe(1);
      await t.db.transaction(async (tx) => giveBackUses(tx, [code.id, code.id, code.id]));
      const [floor] = await t.db.select().from(discounts).where(eq(discounts.id, code.id));
      expect(floor!.usedCount).toBe(0);
    });

    it('takes no use of an inactive, expired or not yet valid code', async () => {
      const off = await create({ code: 'TAKEOFF', isActive: false });
      const past = await create({ code: 'TAKEPAST', validUntil: daysFromNow(-1) });
      const later = await create({ code: 'TAKELATER', validFrom: daysFromNow(1) });
      for (const code of [off, past, later]) {
        expect(await t.db.transaction(async (tx) => takeUse(tx, code.id))).toBeUndefined();
      }
    });
  });
});
