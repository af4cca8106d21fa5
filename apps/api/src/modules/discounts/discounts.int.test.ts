import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, WRONG_CODES_PER_HOUR, type TEvent, type TTicket, type BodyOf } from '@clubtix/contract';
import { anyString, createEvent, createTicket, daysFromNow, payloadOf } from '../../../test/catalogue';
import {
  createClubWithAdmin,
  createSiblingApp,
  createTestApp,
  expectError,
  type ApiResponse,
  type TestApp,
} from '../../../test/helpers';
import { discounts } from '../../db/schema';
import { giveBackUses, takeUse } from './discount-uses.repo';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

type TSaveDiscount = BodyOf<typeof endpoints.discount.save>;

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

  const save = (token: string, body: BodyOf<typeof endpoints.discount.save>) =>
    callEndpoint(t, endpoints.discount.save, { token, body });
  const list = (token: string, eventId = event.id) =>
    callEndpoint(t, endpoints.discount.getDiscountsByEventId, { token, query: { eventId } });
  const remove = (token: string, discountId: string) =>
    callEndpoint(t, endpoints.discount.deleteDiscount, { token, body: { discountId } });
  const check = (code: string, eventId = event.id) =>
    callEndpoint(t, endpoints.discount.checkCode, { query: { eventId, code } });
  const create = async (body: Partial<TSaveDiscount> & { code: string }) =>
    expectPayload(await save(a.admin.token, { eventId: event.id, kind: 'percent', value: 10, ...body }));
  const setUsed = (id: string, usedCount: number) =>
    t.db.update(discounts).set({ usedCount }).where(eq(discounts.id, id));

  it('creates a code and lists it with its uses', async () => {
    const body: TSaveDiscount = {
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
    const created = expectPayload(response);
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
    expect(expectPayload(await list(a.admin.token)).find((d) => d.id === created.id)).toEqual({
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
    const other = await create({ code: 'OTHER-1' });
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
        code: 'MIXED-1',
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
    expect(expectPayload(await save(a.admin.token, { ...limited, maxUses: 4 })).maxUses).toBe(4);
  });

  it('saves an access code that takes nothing off (0, percent or amount) when it opens a hidden ticket', async () => {
    const members = await createTicket(t, a.admin.token, event.id, { name: 'Members', hidden: true });
    for (const [code, kind] of [
      ['OPENS-PCT', 'percent'],
      ['OPENS-AMT', 'amount'],
    ] as const) {
      const saved = await create({ code, kind, value: 0, ticketIds: [members.id, adult.id] });
      expect(saved).toMatchObject({ kind, value: 0, ticketIds: [members.id, adult.id] });
      expect(payloadOf(await check(code))).toMatchObject({ kind, value: 0, ticketIds: [members.id, adult.id] });
    }
    // Edited again, a percent of 0 stays 0: never changed silently.
    const listed = expectPayload(await list(a.admin.token)).find((item) => item.code === 'OPENS-PCT')!;
    expect(expectPayload(await save(a.admin.token, { ...listed, maxUses: 9 })).value).toBe(0);

    const before = (await t.db.select().from(discounts)).length;
    for (const ticketIds of [[], [adult.id]]) {
      const refused = await save(a.admin.token, {
        eventId: event.id,
        code: 'NOTHING-0',
        kind: 'amount',
        value: 0,
        ticketIds,
      });
      expectError(
        refused,
        400,
        'BAD_INPUT',
        'value: A code that takes nothing off must open at least one hidden ticket',
      );
      expect(refused.body.errors?.[0]?.path).toBe('value');
    }
    const negative = await save(a.admin.token, { eventId: event.id, code: 'MINUS-1', kind: 'percent', value: -1 });
    expectError(negative, 400, 'BAD_INPUT');
    expect((await t.db.select().from(discounts)).length).toBe(before);
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
    expect(expectPayload(await list(a.admin.token)).map((d) => d.id)).not.toContain(doomed.id);
    expectError(await remove(a.admin.token, doomed.id), 404, 'NOT_FOUND');
  });

  it("keeps another club's admin out: 404 and nothing changed", async () => {
    const mine = await create({ code: 'WALLED' });
    expectError(await list(b.admin.token), 404, 'NOT_FOUND');
    expectError(await save(b.admin.token, { ...mine, code: 'TAKEN-1' }), 404, 'NOT_FOUND');
    expectError(
      await save(b.admin.token, { eventId: event.id, code: 'PLANTED', kind: 'percent', value: 5 }),
      404,
      'NOT_FOUND',
    );
    const theirEvent = await createEvent(t, b.admin.token, { title: 'B own' });
    expectError(await save(b.admin.token, { ...mine, eventId: theirEvent.id, code: 'MOVED-1' }), 404, 'NOT_FOUND');
    expectError(await remove(b.admin.token, mine.id), 404, 'NOT_FOUND');
    expect(expectPayload(await list(a.admin.token)).find((d) => d.id === mine.id)).toEqual(mine);
    expect(expectPayload(await list(a.admin.token)).map((d) => d.code)).not.toContain('PLANTED');
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
    const body: Omit<TSaveDiscount, 'code'> = { eventId: full.id, kind: 'percent', value: 5 };
    expect((await save(a.admin.token, { ...body, code: 'LAST-1' })).status).toBe(200);
    expectError(await save(a.admin.token, { ...body, code: 'ONEMORE' }), 409, 'CONFLICT', /at most 1000 codes/);
    expect(expectPayload(await list(a.admin.token, full.id))).toHaveLength(1000);
  });

  describe('GET /discount/checkCode', () => {
    it('answers what a usable code takes off and which tickets it opens, whatever the case typed', async () => {
      await create({ code: 'Kids50', value: 50, ticketIds: [child.id] });
      const response = await check('kids50');
      expect(response.body.msg).toBe('Code applied');
      expect(expectPayload(response)).toEqual({
        code: 'Kids50',
        kind: 'percent',
        value: 50,
        ticketIds: [child.id],
      });
      expect(response.text).not.toMatch(/maxUses|used/);
    });

    it('says which: not yet valid, expired, used up; unknown and inactive alike', async () => {
      await create({ code: 'LATER-1', validFrom: daysFromNow(2) });
      await create({ code: 'PAST-1', validFrom: daysFromNow(-5), validUntil: daysFromNow(-1) });
      const usedUp = await create({ code: 'GONE-1', maxUses: 2 });
      await setUsed(usedUp.id, 2);
      await create({ code: 'OFF-12', isActive: false });
      const cases = [
        ['NOPE-1', 'This code is not valid for this event'],
        ['later-1', 'This code is not valid yet'],
        ['PAST-1', 'This code has expired'],
        ['GONE-1', 'This code has been used up'],
        ['OFF-12', 'This code is not valid for this event'],
      ] as const;
      for (const [code, message] of cases) {
        const response = await check(code);
        expectError(response, 400, 'BAD_INPUT', `code: ${message}`);
        expect(response.body.errors).toEqual([{ path: 'code', message }]);
      }
    });

    it('answers an unknown code and an inactive one with the same body, in every language', async () => {
      await create({ code: 'SLEEPY', isActive: false });
      for (const language of ['en', 'fr', 'th']) {
        const headers = { 'accept-language': language };
        const inactive = await callEndpoint(t, endpoints.discount.checkCode, {
          query: { eventId: event.id, code: 'SLEEPY' },
          headers,
        });
        const unknown = await callEndpoint(t, endpoints.discount.checkCode, {
          query: { eventId: event.id, code: 'SNOOZY' },
          headers,
        });
        expect(inactive.status).toBe(400);
        expect(unknown.text).toBe(inactive.text);
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

  describe('the length of a code', () => {
    it('refuses a new code shorter than 6 characters, naming the field, and stores nothing', async () => {
      const response = await save(a.admin.token, { eventId: event.id, code: 'SHORT', kind: 'percent', value: 5 });
      expectError(response, 400, 'BAD_INPUT');
      expect(response.body.errors).toEqual([{ path: 'code', message: 'A new code has at least 6 characters' }]);
      expect(expectPayload(await list(a.admin.token)).map((d) => d.code)).not.toContain('SHORT');
      expect((await save(a.admin.token, { eventId: event.id, code: 'LONGER', kind: 'percent', value: 5 })).status).toBe(
        200,
      );
    });

    it('keeps an older short code working and editable, and refuses changing a code to a short one', async () => {
      const [old] = await t.db
        .insert(discounts)
        .values({ clubId: a.club.id, eventId: event.id, code: 'Ab3', codeKey: 'AB3', kind: 'percent', value: 10 })
        .returning();
      expect(expectPayload(await check('ab3'))).toMatchObject({ code: 'Ab3', value: 10 });
      const body: Omit<TSaveDiscount, 'code'> = { id: old!.id, eventId: event.id, kind: 'percent', value: 20 };
      // Its own text again, in any case: kept.
      expect(expectPayload(await save(a.admin.token, { ...body, code: 'AB3' }))).toMatchObject({ value: 20 });
      const renamed = await save(a.admin.token, { ...body, code: 'XY9' });
      expectError(renamed, 400, 'BAD_INPUT');
      expect(renamed.body.errors).toEqual([{ path: 'code', message: 'A new code has at least 6 characters' }]);
      const [row] = await t.db.select().from(discounts).where(eq(discounts.id, old!.id));
      expect(row).toMatchObject({ code: 'AB3', value: 20 });
      expect(expectPayload(await save(a.admin.token, { ...body, code: 'LONGER-AB3' })).code).toBe('LONGER-AB3');
    });
  });

  describe('the use count', () => {
    it('never takes the last use twice, however many take it at once, and gives uses back', async () => {
      const code = await create({ code: 'RACE-1', maxUses: 3 });
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

/**
 * Guessing codes (docs/decisions/0063-code-guessing-limits.md): one address tries at most
 * WRONG_CODES_PER_HOUR wrong codes of one event an hour, whichever call carries them, counted in the
 * table every process shares; past it every code of that event is 429, the right one too.
 */
describe('guessing codes', () => {
  let apps: TestApp[];
  let token: string;
  let event: TEvent;
  let crew: TTicket;
  let open: TTicket;
  beforeAll(async () => {
    const first = await createTestApp();
    apps = [first, await createSiblingApp(first)];
    token = (await createClubWithAdmin(first)).admin.token;
    event = await createEvent(first, token, { title: 'Guessed' });
    open = await createTicket(first, token, event.id, { name: 'Open', price: 1000 });
    crew = await createTicket(first, token, event.id, { name: 'Crew', price: 1000, hidden: true });
    // What the attacker was after: 100 % off a hidden ticket.
    expect(
      (
        await callEndpoint(first, endpoints.discount.save, {
          token,
          body: { eventId: event.id, code: 'CREW-PASS', kind: 'percent', value: 100, ticketIds: [crew.id] },
        })
      ).status,
    ).toBe(200);
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  let addressCounter = 1;
  const newAddress = () => `10.34.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
  let guess = 0;
  const wrongCode = () => `WRONG-${(guess += 1)}`;
  const check = (remoteAddress: string, code: string, eventId = event.id, app = apps[0]!) =>
    callEndpoint(app, endpoints.discount.checkCode, { remoteAddress, query: { eventId, code } });
  const listWith = (remoteAddress: string, code: string) =>
    callEndpoint(apps[0]!, endpoints.ticket.getTicketsByEventId, { remoteAddress, query: { eventId: event.id, code } });
  const hold = (remoteAddress: string, discountCode: string) =>
    callEndpoint(apps[0]!, endpoints.registration.initRegistration, {
      remoteAddress,
      body: {
        eventId: event.id,
        email: `guess${(guess += 1)}@example.org`,
        tickets: [{ ticketId: crew.id, quantity: 1 }],
        discountCode,
      },
    });
  const expectTooMany = (response: ApiResponse) => {
    expectError(
      response,
      429,
      'RATE_LIMITED',
      /^Too many wrong codes from your network for this event: try again in (60|59) minutes\.$/,
    );
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(response.text).not.toContain(crew.id);
  };

  it(`answers ${WRONG_CODES_PER_HOUR} of many wrong codes sent at once to two processes, then 429 even for the right code`, async () => {
    const attacker = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => check(attacker, wrongCode(), event.id, apps[i % 2])),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(WRONG_CODES_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - WRONG_CODES_PER_HOUR);
    for (const answer of answers.filter((r) => r.status === 429)) expectTooMany(answer);

    // The right code within the hour, from that address, by any call: nothing useful.
    expectTooMany(await check(attacker, 'CREW-PASS'));
    expectTooMany(await check(attacker, 'crew-pass', event.id, apps[1]));
    expectTooMany(await listWith(attacker, 'CREW-PASS'));
    expectTooMany(await hold(attacker, 'CREW-PASS'));
    // Without a code the address still sees and buys what anyone may.
    const names = expectPayload(
      await callEndpoint(apps[0]!, endpoints.ticket.getTicketsByEventId, {
        remoteAddress: attacker,
        query: { eventId: event.id },
      }),
    ).map((ticket) => ticket.name);
    expect(names).toEqual(['Open']);

    // Another address, and another event from the same address, are not limited by it.
    expect(expectPayload(await check(newAddress(), 'CREW-PASS'))).toMatchObject({ value: 100 });
    const other = await createEvent(apps[0]!, token, { title: 'Guessed too' });
    expectError(await check(attacker, 'CREW-PASS', other.id), 400, 'BAD_INPUT');
  });

  it('counts the ticket list asked with a code, and a hold or an order with a code, against the same allowance', async () => {
    const attacker = newAddress();
    for (let i = 0; i < 10; i++) {
      const names = expectPayload(await listWith(attacker, wrongCode())).map((ticket) => ticket.name);
      expect(names).toEqual(['Open']);
    }
    for (let i = 0; i < 5; i++) expectError(await hold(attacker, wrongCode()), 400, 'BAD_INPUT');
    const held = expectPayload(
      await callEndpoint(apps[0]!, endpoints.registration.initRegistration, {
        remoteAddress: attacker,
        body: { eventId: event.id, email: 'guesser@example.org', tickets: [{ ticketId: open.id, quantity: 1 }] },
      }),
    ).registration;
    const order = (discountCode: string) =>
      callEndpoint(apps[0]!, endpoints.order.createOrder, {
        remoteAddress: attacker,
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid, discountCode },
      });
    for (let i = 0; i < 4; i++) expectError(await order(wrongCode()), 400, 'BAD_INPUT');
    expectError(await check(attacker, wrongCode()), 400, 'BAD_INPUT');
    // 20 wrong codes: the next look, whatever it carries, is refused.
    expectTooMany(await order('CREW-PASS'));
    expectTooMany(await listWith(attacker, 'CREW-PASS'));
    expectTooMany(await check(attacker, wrongCode()));
  });

  it('counts unknown and inactive codes alike, and not the codes the event holds', async () => {
    const saveCode = async (body: Partial<TSaveDiscount> & { code: string }) =>
      expect(
        (
          await callEndpoint(apps[0]!, endpoints.discount.save, {
            token,
            body: { eventId: event.id, kind: 'percent', value: 10, ...body },
          })
        ).status,
      ).toBe(200);
    await saveCode({ code: 'ASLEEP-1', isActive: false });
    await saveCode({ code: 'OVER-1', validUntil: daysFromNow(-1) });
    const buyer = newAddress();
    for (let i = 0; i < 30; i++) expect((await check(buyer, 'CREW-PASS')).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expectError(await check(buyer, 'OVER-1'), 400, 'BAD_INPUT', 'code: This code has expired');
    const names = expectPayload(await listWith(buyer, 'crew-pass')).map((ticket) => ticket.name);
    expect(names).toEqual(['Open', 'Crew']);
    for (let i = 0; i < WRONG_CODES_PER_HOUR / 2; i++) {
      expectError(await check(buyer, 'ASLEEP-1'), 400, 'BAD_INPUT', 'code: This code is not valid for this event');
      expectError(await check(buyer, wrongCode()), 400, 'BAD_INPUT', 'code: This code is not valid for this event');
    }
    expectTooMany(await check(buyer, 'CREW-PASS'));
  });
});
