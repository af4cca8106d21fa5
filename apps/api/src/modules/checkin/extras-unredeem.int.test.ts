import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, extrasQrText, SCAN_MESSAGES, type TEvent, type TExtras, type BodyOf } from '@clubtix/contract';
import { extrasPurchases, type ExtrasPurchaseRow } from '../../db/schema';
import { createExtras } from '../../../test/catalogue';
import { doorEvent } from '../../../test/door';
import { createDoorStaff } from '../../../test/door-staff';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * Un-redeeming a voucher redeemed by mistake (docs/product.md section 20): the same role check, tenant
 * wall and door rules as redeeming it; 409 NOT_REDEEMED when it is not redeemed.
 */
describe('un-redeeming extras vouchers', () => {
  let t: TestApp;
  let token: string;
  let clubId: string;
  let event: TEvent;
  let otherEvent: TEvent;
  let lunch: TExtras;

  beforeAll(async () => {
    t = await createTestApp();
    const { club, admin } = await createClubWithAdmin(t);
    token = admin.token;
    clubId = club.id;
    ({ event } = await doorEvent(t, token, { title: 'Harbour Regatta' }));
    ({ event: otherEvent } = await doorEvent(t, token, { title: 'Night Sail' }));
    lunch = await createExtras(t, token, event.id, { name: 'Lunch box', price: 1200 });
  });
  afterAll(async () => t.close());

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
        redeemedAt: new Date('2031-05-01T10:00:00Z'),
        ...values,
      })
      .returning();
    return row!;
  }

  const unredeem = (body: BodyOf<typeof endpoints.checkin.unredeemExtrasPurchase>, as = token) =>
    callEndpoint(t, endpoints.checkin.unredeemExtrasPurchase, { token: as, body });
  const redeemedAtOf = async (id: string) =>
    (await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.id, id)))[0]!.redeemedAt;

  it('un-redeems a redeemed voucher, which can then be redeemed again; a second un-redeem answers 409', async () => {
    const row = await purchase();
    const undone = await unredeem({ extrasPurchaseId: row.id, eventId: event.id });
    expect(undone.status).toBe(200);
    expect(undone.body.payload).toMatchObject({
      id: row.id,
      eventId: event.id,
      extras: { id: lunch.id, name: 'Lunch box' },
      redeemedAt: null,
    });
    expect(await redeemedAtOf(row.id)).toBeNull();
    expectError(
      await unredeem({ extrasPurchaseId: row.id, eventId: event.id }),
      409,
      'NOT_REDEEMED',
      'This voucher is not redeemed',
    );
    const again = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token,
      body: { payload: extrasQrText(row.id, row.qrUuid), eventId: event.id },
    });
    expect(again.status).toBe(200);
    expect(again.body.payload!.redeemedAt).not.toBeNull();
  });

  it("without eventId un-redeems at the voucher's own door; one never redeemed answers 409 NOT_REDEEMED", async () => {
    const row = await purchase();
    expect((await unredeem({ extrasPurchaseId: row.id })).status).toBe(200);
    expect(await redeemedAtOf(row.id)).toBeNull();
    const fresh = await purchase({ redeemedAt: null });
    expectError(await unredeem({ extrasPurchaseId: fresh.id }), 409, 'NOT_REDEEMED');
  });

  it('answers 404 for another event, an unknown voucher, an unpaid one, and changes nothing', async () => {
    const row = await purchase();
    const wrongDoor = await unredeem({ extrasPurchaseId: row.id, eventId: otherEvent.id });
    expectError(wrongDoor, 404, 'NOT_FOUND', SCAN_MESSAGES.extrasForAnotherEvent);
    expectError(await unredeem({ extrasPurchaseId: 'no-such-purchase', eventId: event.id }), 404, 'NOT_FOUND');
    expectError(await unredeem({ extrasPurchaseId: 'no-such-purchase' }), 404, 'NOT_FOUND');
    expectError(await unredeem({ extrasPurchaseId: row.id, eventId: 'no-such-event' }), 404, 'NOT_FOUND');
    const pending = await purchase({ paymentStatus: 'pending', paidAt: null });
    expectError(await unredeem({ extrasPurchaseId: pending.id }), 404, 'NOT_FOUND', SCAN_MESSAGES.extrasNotFound);
    expect(await redeemedAtOf(row.id)).not.toBeNull();
    expect(await redeemedAtOf(pending.id)).not.toBeNull();
  });

  it("keeps the wall: another club's admin hears 404, with or without an event, and nothing changes", async () => {
    const row = await purchase();
    const stranger = await createClubWithAdmin(t);
    const { event: strangersEvent } = await doorEvent(t, stranger.admin.token);
    for (const body of [
      { extrasPurchaseId: row.id },
      { extrasPurchaseId: row.id, eventId: event.id },
      { extrasPurchaseId: row.id, eventId: strangersEvent.id },
    ]) {
      const refused = await unredeem(body, stranger.admin.token);
      expectError(refused, 404, 'NOT_FOUND');
      expect(refused.text).not.toContain(event.title);
      expect(refused.text).not.toContain(row.email);
    }
    expectError(
      await callEndpoint(t, endpoints.checkin.unredeemExtrasPurchase, { body: { extrasPurchaseId: row.id } }),
      401,
      'UNAUTHENTICATED',
    );
    expect(await redeemedAtOf(row.id)).not.toBeNull();
  });

  it('lets staff of the event un-redeem; staff of another event hear 404', async () => {
    const mine = await createDoorStaff(t, token, clubId, [event.id]);
    const others = await createDoorStaff(t, token, clubId, [otherEvent.id]);
    const row = await purchase();
    expectError(await unredeem({ extrasPurchaseId: row.id, eventId: event.id }, others), 404, 'NOT_FOUND');
    expectError(await unredeem({ extrasPurchaseId: row.id }, others), 404, 'NOT_FOUND');
    expect(await redeemedAtOf(row.id)).not.toBeNull();
    expect((await unredeem({ extrasPurchaseId: row.id, eventId: event.id }, mine)).status).toBe(200);
    expect(await redeemedAtOf(row.id)).toBeNull();
  });

  it('un-redeems once when 10 doors un-redeem the same voucher at once', async () => {
    const row = await purchase();
    const answers = await Promise.all(Array.from({ length: 10 }, () => unredeem({ extrasPurchaseId: row.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === 'NOT_REDEEMED')).toHaveLength(9);
  });
});
