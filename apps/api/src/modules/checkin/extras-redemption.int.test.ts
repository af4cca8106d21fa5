import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  extrasQrText,
  redeemedAtOfConflict,
  SCAN_MESSAGES,
  type TEvent,
  type TExtras,
} from '@clubtix/contract';
import { extrasPurchases, type ExtrasPurchaseRow } from '../../db/schema';
import { createExtras } from '../../../test/catalogue';
import { buyTickets, doorEvent, qrOf } from '../../../test/door';
import { call, createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/** docs/product.md section 16: an extras purchase carries its own QR, redeemed once at the door. */
describe('redeeming extras vouchers', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let event: TEvent;
  let lunch: TExtras;

  beforeAll(async () => {
    t = await createTestApp();
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    clubId = club.id;
    ({ event } = await doorEvent(t, token, { timezone: 'Europe/Berlin' }));
    lunch = await createExtras(t, token, event.id, { name: 'Lunch box', price: 1200 });
  });
  afterAll(async () => t.close());

  /** Until the extras purchase flow exists, purchases are written as that flow will write them. */
  async function purchase(values: Partial<ExtrasPurchaseRow> = {}): Promise<ExtrasPurchaseRow> {
    const [row] = await t.db
      .insert(extrasPurchases)
      .values({
        clubId,
        eventId: event.id,
        extrasId: lunch.id,
        email: 'buyer@example.org',
        quantity: 2,
        amount: 2400,
        currency: 'gbp',
        paymentStatus: 'paid',
        paidAt: new Date(),
        ...values,
      })
      .returning();
    return row!;
  }

  const voucherOf = (row: ExtrasPurchaseRow) => extrasQrText(row.id, row.qrUuid);
  const redeem = (payload: string, eventId = event.id) =>
    callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, { token, body: { payload, eventId } });
  const redeemedAtOf = async (id: string) =>
    (await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.id, id)))[0]!.redeemedAt;

  it('redeems a paid voucher once, then answers 409 with the time', async () => {
    const row = await purchase();
    const first = await redeem(`\n ${voucherOf(row)} \n`);
    expect(first.status).toBe(200);
    const redeemed = first.body.payload!;
    expect(redeemed).toMatchObject({
      id: row.id,
      eventId: event.id,
      extras: { id: lunch.id, name: 'Lunch box' },
      quantity: 2,
      paymentStatus: 'paid',
    });
    expect(Date.now() - Date.parse(redeemed.redeemedAt!)).toBeLessThan(60_000);
    expect((await redeemedAtOf(row.id))?.toISOString()).toBe(redeemed.redeemedAt);

    const again = await redeem(voucherOf(row));
    const berlinTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(redeemed.redeemedAt!));
    // What, whose and when (docs/decisions/0024): the door reads which voucher it was.
    expectError(again, 409, 'CONFLICT', `Already redeemed at ${berlinTime}: 2 × Lunch box, buyer@example.org`);
    expect(redeemedAtOfConflict(again.body)).toBe(redeemed.redeemedAt);
  });

  it('with redeem: false shows the voucher and redeems nothing; redeemed, it says when', async () => {
    const row = await purchase();
    const lookUp = () =>
      callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
        token,
        body: { payload: voucherOf(row), eventId: event.id, redeem: false },
      });
    for (let i = 0; i < 2; i++) {
      const seen = await lookUp();
      expect(seen.status).toBe(200);
      expect(seen.body.payload).toMatchObject({
        id: row.id,
        extras: { name: 'Lunch box' },
        quantity: 2,
        email: 'buyer@example.org',
        redeemedAt: null,
      });
    }
    expect(await redeemedAtOf(row.id)).toBeNull();

    const redeemed = (await redeem(voucherOf(row), event.id)).body.payload!;
    const after = await lookUp();
    expect(after.status).toBe(200);
    expect(after.body.payload!.redeemedAt).toBe(redeemed.redeemedAt);
    expect((await redeemedAtOf(row.id))?.toISOString()).toBe(redeemed.redeemedAt);

    const bad = await call(t, 'POST', '/registration/scanByExtrasPurchaseId', {
      token,
      body: { payload: voucherOf(row), eventId: event.id, redeem: 'no' },
    });
    expectError(bad, 400, 'BAD_INPUT', /redeem must be true or false/);
  });

  it('redeems once when 20 scanners scan the same voucher at once', async () => {
    const row = await purchase();
    const responses = await Promise.all(Array.from({ length: 20 }, () => redeem(voucherOf(row))));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = responses.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused.every((r) => r.body.code === 'CONFLICT' && /^Already redeemed at /.test(r.body.msg ?? ''))).toBe(
      true,
    );
  });

  it('answers 404 for an unpaid voucher, a wrong qrUuid and another event, and redeems none of them', async () => {
    const pending = await purchase({ paymentStatus: 'pending', paidAt: null });
    const refund = await purchase({ paymentStatus: 'refund_required' });
    for (const row of [pending, refund]) {
      expectError(await redeem(voucherOf(row)), 404, 'NOT_FOUND', SCAN_MESSAGES.extrasNotFound);
    }
    const paid = await purchase();
    expectError(await redeem(extrasQrText(paid.id, 'guess')), 404, 'NOT_FOUND', SCAN_MESSAGES.extrasNotFound);
    expectError(await redeem(extrasQrText('no-such-purchase', paid.qrUuid)), 404, 'NOT_FOUND');

    const other = await doorEvent(t, token, { title: 'Night Sail' });
    const wrongDoor = await redeem(voucherOf(paid), other.event.id);
    expectError(wrongDoor, 404, 'NOT_FOUND', SCAN_MESSAGES.extrasForAnotherEvent);
    expect(wrongDoor.body.errors).toEqual([{ path: 'eventId', message: `This extras voucher is for ${event.title}` }]);
    expectError(await redeem(voucherOf(paid), 'no-such-event'), 404, 'NOT_FOUND', 'Event not found');
    for (const row of [pending, refund, paid]) expect(await redeemedAtOf(row.id)).toBeNull();
  });

  describe('sent as { payload } alone (docs/product.md section 7)', () => {
    const redeemHere = (payload: string, as = token) =>
      callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, { token: as, body: { payload } });

    it("redeems a paid voucher at its own event's door, once", async () => {
      const row = await purchase();
      const first = await redeemHere(voucherOf(row));
      expect(first.status).toBe(200);
      expect(first.body.payload).toMatchObject({ id: row.id, eventId: event.id, extras: { id: lunch.id } });
      expect(first.body.payload!.redeemedAt).toBe((await redeemedAtOf(row.id))?.toISOString());
      const again = await redeemHere(voucherOf(row));
      expectError(again, 409, 'CONFLICT', /^Already redeemed at \d\d:\d\d: 2 × Lunch box, buyer@example.org$/);
      expect(redeemedAtOfConflict(again.body)).toBe(first.body.payload!.redeemedAt);
    });

    it('answers 404 for an unpaid voucher, a wrong qrUuid or an unknown one, redeeming none', async () => {
      const pending = await purchase({ paymentStatus: 'pending', paidAt: null });
      const paid = await purchase();
      for (const payload of [
        voucherOf(pending),
        extrasQrText(paid.id, 'guess'),
        extrasQrText('no-such-purchase', paid.qrUuid),
      ]) {
        expectError(await redeemHere(payload), 404, 'NOT_FOUND', SCAN_MESSAGES.extrasNotFound);
      }
      for (const row of [pending, paid]) expect(await redeemedAtOf(row.id)).toBeNull();
    });

    it("keeps the wall: another club's admin hears 404 and redeems nothing; no token 401; the super user may", async () => {
      const row = await purchase();
      const stranger = (await createClubWithAdmin(t)).admin.token;
      const refused = await redeemHere(voucherOf(row), stranger);
      expectError(refused, 404, 'NOT_FOUND', SCAN_MESSAGES.extrasNotFound);
      expect(refused.text).not.toContain(event.title);
      expect(refused.text).not.toContain(row.email);
      const signedOut = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
        body: { payload: voucherOf(row) },
      });
      expectError(signedOut, 401, 'UNAUTHENTICATED');
      expect(await redeemedAtOf(row.id)).toBeNull();
      const sudo = (await createSudo(t)).token;
      expect((await redeemHere(voucherOf(row), sudo)).status).toBe(200);
    });

    it('still says what it is when the text is not a voucher', async () => {
      expectError(await redeemHere('hello'), 400, 'BAD_INPUT', SCAN_MESSAGES.notAnExtrasVoucher);
      const noPayload = await call(t, 'POST', '/registration/scanByExtrasPurchaseId', {
        token,
        body: { payload: undefined },
      });
      expectError(noPayload, 400, 'BAD_INPUT', /^payload: /);
    });
  });

  it('says what it is when the scanned text is not a voucher', async () => {
    const { ticket } = await doorEvent(t, token);
    const registration = await buyTickets(t, ticket.eventId, ticket.id, 1);
    expectError(await redeem(qrOf(registration)), 400, 'BAD_INPUT', SCAN_MESSAGES.ticketNotExtras);
    for (const payload of ['hello', '{}', '{"x": 1, "q": 2}', '{"x": "a"}', 'x'.repeat(10_240), '']) {
      expectError(await redeem(payload), 400, 'BAD_INPUT', SCAN_MESSAGES.notAnExtrasVoucher);
    }
    const body = { payload: 42, eventId: event.id };
    expectError(
      await call(t, 'POST', '/registration/scanByExtrasPurchaseId', { token, body }),
      400,
      'BAD_INPUT',
      /^payload: /,
    );
  });
});
