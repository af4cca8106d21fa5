import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, extrasQrText, SCAN_MESSAGES, type TEvent, type TRegistration } from '@clubtix/contract';
import { checkins, extrasPurchases, type ExtrasPurchaseRow } from '../../db/schema';
import { createExtras } from '../../../test/catalogue';
import { buyTickets, checkIn, doorEvent, qrOf, scan, scanAndCheckIn, undoCheckIn } from '../../../test/door';
import {
  createClubWithAdmin,
  createSudo,
  createTestApp,
  expectError,
  type ApiResponse,
  type TestApp,
} from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

/**
 * docs/product.md section 13 at the door: an admin of club A aiming any check-in call at club B's event,
 * tickets or vouchers gets 404, as if they did not exist (never "another event", which would tell
 * that the ticket exists), and B's check-ins and vouchers stay exactly as they were.
 */
describe('the tenant wall at the door', () => {
  let t: TestApp;
  let a: string;
  let b: string;
  let doorA: TEvent;
  let doorB: TEvent;
  let ticketOfB: TRegistration;
  let voucherOfB: ExtrasPurchaseRow;
  let bTitle: string;

  beforeAll(async () => {
    t = await createTestApp();
    const clubA = await createClubWithAdmin(t);
    const clubB = await createClubWithAdmin(t);
    a = clubA.admin.token;
    b = clubB.admin.token;
    doorA = (await doorEvent(t, a)).event;
    const ofB = await doorEvent(t, b, { title: 'Members Only Regatta' });
    doorB = ofB.event;
    bTitle = doorB.title;
    ticketOfB = await buyTickets(t, doorB.id, ofB.ticket.id, 2);
    // B's first attendee is checked in, the second is not.
    const first = ticketOfB.attendees[0]!.attendeeId;
    expect((await checkIn(t, b, doorB.id, ticketOfB.registrationId, first)).status).toBe(200);
    const extra = await createExtras(t, b, doorB.id);
    [voucherOfB] = (await t.db
      .insert(extrasPurchases)
      .values({
        clubId: clubB.club.id,
        eventId: doorB.id,
        extrasId: extra.id,
        email: 'b@example.org',
        quantity: 1,
        amount: 1200,
        currency: 'gbp',
        paymentStatus: 'paid',
      })
      .returning()) as [ExtrasPurchaseRow];
  });
  afterAll(async () => t.close());

  const snapshot = async () => ({
    checkins: await t.db
      .select()
      .from(checkins)
      .where(
        inArray(
          checkins.attendeeId,
          ticketOfB.attendees.map((x) => x.attendeeId),
        ),
      ),
    voucher: await t.db.select().from(extrasPurchases).where(eq(extrasPurchases.id, voucherOfB.id)),
  });

  function expectWalled(response: ApiResponse, msg?: string) {
    expectError(response, 404, 'NOT_FOUND', msg);
    expect(response.text).not.toContain(bTitle);
    expect(response.text).not.toContain(ticketOfB.email);
  }

  const checkedIn = () => ticketOfB.attendees[0]!.attendeeId;
  const notCheckedIn = () => ticketOfB.attendees[1]!.attendeeId;

  it('hides every door call on B from an admin of A and changes nothing', async () => {
    const before = await snapshot();
    expect(before.checkins).toHaveLength(1);

    expectWalled(await scan(t, a, doorB.id, qrOf(ticketOfB)), 'Event not found');
    expectWalled(await scan(t, a, doorA.id, qrOf(ticketOfB)), SCAN_MESSAGES.ticketNotFound);
    const secondOfB = qrOf(ticketOfB, ticketOfB.attendees[1]);
    expectWalled(await scanAndCheckIn(t, a, doorB.id, secondOfB), 'Event not found');
    expectWalled(await scanAndCheckIn(t, a, doorA.id, secondOfB), SCAN_MESSAGES.ticketNotFound);
    expectWalled(await checkIn(t, a, doorB.id, ticketOfB.registrationId, notCheckedIn()), 'Event not found');
    expectWalled(await checkIn(t, a, doorA.id, ticketOfB.registrationId, notCheckedIn()), SCAN_MESSAGES.ticketNotFound);
    // Already checked in at B: A must not learn that either (no 409, no time).
    expectWalled(await checkIn(t, a, doorB.id, ticketOfB.registrationId, checkedIn()), 'Event not found');
    expectWalled(await undoCheckIn(t, a, checkedIn()), 'Check-in not found');
    const named = await callEndpoint(t, endpoints.checkin.delete, {
      token: a,
      body: { attendeeId: checkedIn(), eventId: doorB.id },
    });
    expectWalled(named, 'Check-in not found');
    const stats = await callEndpoint(t, endpoints.checkin.getStatistics, { token: a, query: { eventId: doorB.id } });
    expectWalled(stats, 'Event not found');
    const voucher = extrasQrText(voucherOfB.id, voucherOfB.qrUuid);
    const redeem = (eventId: string) =>
      callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, { token: a, body: { payload: voucher, eventId } });
    expectWalled(await redeem(doorB.id), 'Event not found');
    expectWalled(await redeem(doorA.id), SCAN_MESSAGES.extrasNotFound);

    expect(await snapshot()).toEqual(before);
  });

  it("lets B's own admin and the super user through", async () => {
    const seen = await scan(t, b, doorB.id, qrOf(ticketOfB));
    expect(seen.status).toBe(200);
    const sudo = (await createSudo(t)).token;
    expect((await scan(t, sudo, doorB.id, qrOf(ticketOfB))).status).toBe(200);
    const stats = await callEndpoint(t, endpoints.checkin.getStatistics, { token: sudo, query: { eventId: doorB.id } });
    // One registration of two attendees, one of them checked in.
    expect(stats.body.payload).toMatchObject({
      totalRegistrationCount: 1,
      totalAttendeeCount: 2,
      totalCheckinCount: 1,
    });
    expect((await checkIn(t, sudo, doorB.id, ticketOfB.registrationId, notCheckedIn())).status).toBe(200);
    expect((await undoCheckIn(t, sudo, notCheckedIn())).status).toBe(200);
    const onScan = await scanAndCheckIn(t, sudo, doorB.id, qrOf(ticketOfB, ticketOfB.attendees[1]));
    expect(onScan.body.payload).toMatchObject({ justCheckedIn: true, attendee: { attendeeId: notCheckedIn() } });
    expect((await undoCheckIn(t, sudo, notCheckedIn())).status).toBe(200);
    // A super user at club A's door with B's ticket hears "another event": it may see both clubs.
    expectError(await scan(t, sudo, doorA.id, qrOf(ticketOfB)), 404, 'NOT_FOUND', SCAN_MESSAGES.ticketForAnotherEvent);
    const voucher = extrasQrText(voucherOfB.id, voucherOfB.qrUuid);
    const redeemed = await callEndpoint(t, endpoints.checkin.scanByExtrasPurchaseId, {
      token: b,
      body: { payload: voucher, eventId: doorB.id },
    });
    expect(redeemed.status).toBe(200);
  });
});
