import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  extrasQrText,
  redeemedAtOfConflict,
  SCAN_MESSAGES,
  type TEvent,
  type TExtras,
  type TExtrasPurchase,
} from '@clubtix/contract';
import { extrasPurchases, type ExtrasPurchaseRow } from '../../db/schema';
import { createExtras } from '../../../test/catalogue';
import { buyTickets, doorEvent, qrOf } from '../../../test/door';
import { call, createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';

/** DECISIONS.md section 7: an extras purchase carries its own QR, redeemed once at the door. */
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
  const redeem = (payload: unknown, eventId = event.id) =>
    call(t, 'POST', '/registration/scanByExtrasPurchaseId', { token, body: { payload, eventId } });
  const redeemedAtOf = async (id: string) =>
    (await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.id, id)))[0]!.redeemedAt;

  it('redeems a paid voucher once, then answers 409 with the time', async () => {
    const row = await purchase();
    const first = await redeem(`\n ${voucherOf(row)} \n`);
    expect(first.status).toBe(200);
    const redeemed = first.body.payload as TExtrasPurchase;
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
    expectError(again, 409, 'CONFLICT', `Already redeemed at ${berlinTime}`);
    expect(redeemedAtOfConflict(again.body)).toBe(redeemed.redeemedAt);
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

  it('says what it is when the scanned text is not a voucher', async () => {
    const { ticket } = await doorEvent(t, token);
    const registration = await buyTickets(t, ticket.eventId, ticket.id, 1);
    expectError(await redeem(qrOf(registration)), 400, 'BAD_INPUT', SCAN_MESSAGES.ticketNotExtras);
    for (const payload of ['hello', '{}', '{"x": 1, "q": 2}', '{"x": "a"}', 'x'.repeat(10_240), '']) {
      expectError(await redeem(payload), 400, 'BAD_INPUT', SCAN_MESSAGES.notAnExtrasVoucher);
    }
    expectError(await redeem(42), 400, 'BAD_INPUT', /^payload: /);
  });
});
