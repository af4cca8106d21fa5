import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { endpoints, passQrText } from '@clubtix/contract';
import { attendees, events, mailOutbox, passPurchases, registrations, tickets } from '../../db/schema';
import { anyString } from '../../../test/catalogue';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { buyPass, createPass, createSeries, purchasePass } from '../../../test/passes';
import { expireLapsedHolds } from '../purchase/hold/holds.repo';

/** Buying a season pass through the one pipeline (docs/decisions/0080-series-and-passes.md). */
describe('buying a season pass', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: 'pass-metrics-token' });
    a = await createClubWithAdmin(t);
  });
  afterAll(async () => t.close());

  const eventRows = (ids: string[]) => t.db.select().from(events).where(inArray(events.id, ids)).orderBy(events.id);
  const placesOf = (passPurchaseId: string) =>
    t.db
      .select({ registration: registrations, attendee: attendees, ticket: tickets })
      .from(registrations)
      .innerJoin(attendees, eq(attendees.registrationId, registrations.id))
      .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
      .where(eq(registrations.passPurchaseId, passPurchaseId))
      .orderBy(registrations.eventId);

  it('holds a place at every coming event, and paying confirms them all and mails the pass once', async () => {
    const season = await createSeries(t, a.admin.token, a.club.id, 3, { capacity: 10 });
    // An event of the series that ended takes no place.
    const [past] = await t.db
      .update(events)
      .set({ startDate: new Date(Date.now() - 48 * 3600_000), endDate: new Date(Date.now() - 45 * 3600_000) })
      .where(eq(events.id, season.events[2]!.id))
      .returning();
    const coming = season.events.slice(0, 2).map((event) => event.id);
    const pass = await createPass(t, a.admin.token, season.seriesId, { price: 9_000 });

    const held = expectPayload(await purchasePass(t, pass.id, 1)).passPurchase;
    expect(held).toEqual({ id: anyString, amount: 9_000, currency: 'gbp', status: 'pending' });
    let places = await placesOf(held.id);
    expect(places.map((place) => place.registration.eventId)).toEqual([...coming].sort());
    const [purchase] = await t.db.select().from(passPurchases).where(eq(passPurchases.id, held.id));
    for (const place of places) {
      expect(place.registration).toMatchObject({ status: 'pending', source: 'pass', qrUuid: purchase!.qrSecret });
      expect(place.attendee).toMatchObject({ shortCode: purchase!.shortCode, firstName: 'Pat', lastName: 'Holder 1' });
      expect(place.ticket).toMatchObject({ passId: pass.id, hidden: true, isActive: false, quantity: null, price: 0 });
      expect(place.ticket.reservedCount).toBe(1);
    }
    expect((await eventRows(coming)).map((event) => event.reservedCount)).toEqual([1, 1]);
    expect((await eventRows([past!.id]))[0]!.reservedCount).toBe(0);
    // Never on sale on its own, nor edited as a ticket type.
    const edit = await callEndpoint(t, endpoints.ticket.save, {
      token: a.admin.token,
      body: { id: places[0]!.ticket.id, isActive: true },
    });
    expectError(edit, 409, 'CONFLICT');
    const hold = await callEndpoint(t, endpoints.registration.initRegistration, {
      body: {
        eventId: places[0]!.registration.eventId,
        email: 'sneaky@example.org',
        tickets: [{ ticketId: places[0]!.ticket.id, quantity: 1 }],
      },
    });
    expect(hold.status).toBeGreaterThanOrEqual(400);

    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { passPurchaseId: held.id } }),
    );
    const confirm = () =>
      callEndpoint(t, endpoints.stripe.confirmPayment, {
        body: { paymentIntentId: intent.paymentIntentId, testCard: '4242 4242 4242 4242' },
      });
    const paid = await confirm();
    expect(expectPayload(paid)).toMatchObject({ passPurchaseId: held.id, refundRequired: false });
    expect(paid.body.msg).toBe('Payment received: your season pass is on its way');
    expect(expectPayload(await confirm())).toMatchObject({ passPurchaseId: held.id });

    places = await placesOf(held.id);
    expect(
      places.map((place) => [place.registration.status, place.attendee.confirmed, place.ticket.soldCount]),
    ).toEqual([
      ['confirmed', true, 1],
      ['confirmed', true, 1],
    ]);
    const [settled] = await t.db.select().from(passPurchases).where(eq(passPurchases.id, held.id));
    expect(settled).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', expiresAt: null });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'holder-1@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toEqual([
      expect.objectContaining({ kind: 'qr', text: passQrText(held.id, purchase!.qrSecret) }),
      { kind: 'passPdf', passPurchaseId: held.id, qrSecret: purchase!.qrSecret },
    ]);
    expect(mails[0]!.text).toContain(season.events[0]!.title);
    expect(mails[0]!.text).not.toContain(past!.title);
  });

  it('refuses a pass that would overfill one event, naming it, and writes nothing', async () => {
    const season = await createSeries(t, a.admin.token, a.club.id, 2, { capacity: 5 });
    const full = season.events[1]!;
    await t.db.update(events).set({ reservedCount: 5 }).where(eq(events.id, full.id));
    const pass = await createPass(t, a.admin.token, season.seriesId);
    const refused = await purchasePass(t, pass.id, 2);
    expectError(refused, 409, 'SOLD_OUT');
    expect(refused.body.msg).toContain(full.title);
    const ids = season.events.map((event) => event.id);
    expect(await t.db.select().from(registrations).where(inArray(registrations.eventId, ids))).toEqual([]);
    expect(await t.db.select().from(passPurchases).where(eq(passPurchases.passId, pass.id))).toEqual([]);
    expect(await t.db.select().from(tickets).where(eq(tickets.passId, pass.id))).toEqual([]);
    expect((await eventRows(ids)).map((event) => event.reservedCount).sort()).toEqual([0, 5]);
  });

  it('refuses a pass of a series with no coming event (409), and an unknown pass (404)', async () => {
    const season = await createSeries(t, a.admin.token, a.club.id, 1);
    await t.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, season.events[0]!.id));
    const pass = await createPass(t, a.admin.token, season.seriesId);
    expectError(await purchasePass(t, pass.id), 409, 'CONFLICT');
    expectError(await purchasePass(t, 'no-such-pass'), 404, 'NOT_FOUND');
  });

  it('lets a lapsed pass go at every event, and a late payment takes its places again while they are free', async () => {
    const season = await createSeries(t, a.admin.token, a.club.id, 2, { capacity: 3 });
    const ids = season.events.map((event) => event.id);
    const pass = await createPass(t, a.admin.token, season.seriesId);
    const held = expectPayload(await purchasePass(t, pass.id, 3)).passPurchase;
    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { passPurchaseId: held.id } }),
    );
    await t.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.passPurchaseId, held.id));
    await expireLapsedHolds(t.db);
    const [lapsed] = await t.db.select().from(passPurchases).where(eq(passPurchases.id, held.id));
    expect(lapsed!.status).toBe('expired');
    expect((await eventRows(ids)).map((event) => event.reservedCount)).toEqual([0, 0]);
    const paid = await callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: intent.paymentIntentId, testCard: '4242 4242 4242 4242' },
    });
    expect(expectPayload(paid)).toMatchObject({ refundRequired: false });
    expect((await eventRows(ids)).map((event) => event.reservedCount)).toEqual([1, 1]);

    // Paid late once an event filled meanwhile: flagged for the organiser's refund, nothing taken.
    const second = expectPayload(await purchasePass(t, pass.id, 4)).passPurchase;
    const secondIntent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { passPurchaseId: second.id } }),
    );
    await t.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.passPurchaseId, second.id));
    await expireLapsedHolds(t.db);
    await t.db.update(events).set({ reservedCount: 3 }).where(eq(events.id, ids[1]!));
    const late = await callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: secondIntent.paymentIntentId, testCard: '4242 4242 4242 4242' },
    });
    expect(expectPayload(late)).toMatchObject({ refundRequired: true });
    const [flagged] = await t.db.select().from(passPurchases).where(eq(passPurchases.id, second.id));
    expect(flagged!.paymentStatus).toBe('refund_required');
    const stillExpired = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(registrations)
      .where(and(eq(registrations.passPurchaseId, second.id), eq(registrations.status, 'expired')));
    expect(stillExpired[0]!.n).toBe(2);
  });

  it('confirms a free pass at once and mails it', async () => {
    const season = await createSeries(t, a.admin.token, a.club.id, 2);
    const pass = await createPass(t, a.admin.token, season.seriesId, { price: 0 });
    const bought = expectPayload(await purchasePass(t, pass.id, 6)).passPurchase;
    expect(bought).toMatchObject({ amount: 0, status: 'confirmed' });
    const places = await placesOf(bought.id);
    expect(places.map((place) => place.registration.status)).toEqual(['confirmed', 'confirmed']);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'holder-6@example.org'))).toHaveLength(1);
  });

  it('counts a paid pass in ticketsSold once per event', async () => {
    const season = await createSeries(t, a.admin.token, a.club.id, 2);
    const pass = await createPass(t, a.admin.token, season.seriesId);
    const scrape = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { authorization: 'Bearer pass-metrics-token' },
        })
      ).body;
    const before = await scrape();
    await buyPass(t, pass.id, 5);
    const after = await scrape();
    const sold = (text: string) => Number(/clubtix_tickets_sold_total\S* (\d+)/.exec(text)?.[1] ?? 0);
    expect(sold(after) - sold(before)).toBe(2);
  });
});
