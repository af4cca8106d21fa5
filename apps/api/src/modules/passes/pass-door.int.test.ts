import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { endpoints, formatShortCode, passQrText } from '@clubtix/contract';
import { events, mailOutbox, passPurchases, registrations, tickets } from '../../db/schema';
import { downloadAttendees, readSheet } from '../../../test/attendee-data';
import { readPdf } from '../../../test/pdf';
import type { Deps } from '../../core/deps';
import { renderPassPdfForMail } from '../tickets-pdf/pass-pdf';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { buyPass, createPass, createSeries } from '../../../test/passes';

/** A season pass at the door of each event of its series, in its lists, and refunded (DECISIONS 18). */
describe('a season pass at the door', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let season: Awaited<ReturnType<typeof createSeries>>;
  let passPurchaseId: string;
  let qr: string;
  let shortCode: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    season = await createSeries(t, a.admin.token, a.club.id, 3, { capacity: 20 });
    const pass = await createPass(t, a.admin.token, season.seriesId, { price: 6_000 });
    passPurchaseId = await buyPass(t, pass.id, 1);
    const [row] = await t.db.select().from(passPurchases).where(eq(passPurchases.id, passPurchaseId));
    qr = passQrText(passPurchaseId, row!.qrSecret);
    shortCode = row!.shortCode;
  });
  afterAll(async () => t.close());

  const scan = (eventId: string, payload: string) =>
    callEndpoint(t, endpoints.checkin.scanByRegistrationId, {
      token: a.admin.token,
      body: { eventId, payload, checkin: true },
    });
  const eventRows = () =>
    t.db
      .select()
      .from(events)
      .where(
        inArray(
          events.id,
          season.events.map((event) => event.id),
        ),
      )
      .orderBy(events.startDate);

  it('admits the holder once at each event, by the QR or the short code', async () => {
    const [first, second] = season.events;
    const admitted = expectPayload(await scan(first!.id, qr));
    expect(admitted.justCheckedIn).toBe(true);
    expect(admitted.attendee).toMatchObject({ firstName: 'Pat', lastName: 'Holder 1' });
    const again = expectPayload(await scan(first!.id, qr));
    expect(again.justCheckedIn).toBe(false);
    expect(again.attendee.checkinTime).toBe(admitted.attendee.checkinTime);
    const elsewhere = expectPayload(await scan(second!.id, formatShortCode(shortCode)));
    expect(elsewhere.justCheckedIn).toBe(true);
    expect(expectPayload(await scan(second!.id, qr)).justCheckedIn).toBe(false);
  });

  it('finds no pass of another series, nor a forged secret', async () => {
    const other = await createSeries(t, a.admin.token, a.club.id, 1);
    expectError(await scan(other.events[0]!.id, qr), 404, 'NOT_FOUND');
    expectError(await scan(season.events[2]!.id, passQrText(passPurchaseId, 'forged-secret')), 404, 'NOT_FOUND');
  });

  it('lists and exports the holder among the attendees of every event', async () => {
    for (const event of season.events) {
      const page = expectPayload(
        await callEndpoint(t, endpoints.attendees.getAttendees, {
          token: a.admin.token,
          query: { eventId: event.id },
        }),
      );
      expect(page.total).toBe(1);
      expect(page.attendees.map((attendee) => attendee.lastName)).toEqual(['Holder 1']);
    }
    const list = expectPayload(
      await callEndpoint(t, endpoints.checkin.getDoorList, {
        token: a.admin.token,
        query: { eventId: season.events[2]!.id },
      }),
    );
    // The offline door matches the pass's QR by its id, then its secret against the row's qrHash.
    expect(list.attendees).toMatchObject([{ passPurchaseId, lastName: 'Holder 1' }]);
    const report = expectPayload(
      await callEndpoint(t, endpoints.report.getEventSales, {
        token: a.admin.token,
        query: { eventId: season.events[2]!.id },
      }),
    );
    // £60 over the series' three events; the pass's own ticket type is no row of its own.
    expect(report).toMatchObject({ passes: { sold: 1, gross: 2_000 }, byTicket: [] });
    const stats = expectPayload(
      await callEndpoint(t, endpoints.checkin.getStatistics, {
        token: a.admin.token,
        query: { eventId: season.events[0]!.id },
      }),
    );
    expect(stats).toMatchObject({ totalAttendeeCount: 1, totalCheckinCount: 1 });
    const download = await downloadAttendees(t, a.admin.token, season.events[2]!.id);
    expect(download.status).toBe(200);
    const [header, ...rows] = await readSheet(download.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf('Last name')]).toBe('Holder 1');
  });

  it('draws the pass as a PDF: the holder, the short code and the QR of the pass', async () => {
    const [row] = await t.db.select().from(passPurchases).where(eq(passPurchases.id, passPurchaseId));
    const deps = { db: t.db, media: t.media } as unknown as Deps;
    const pdf = await renderPassPdfForMail(deps, passPurchaseId, row!.qrSecret);
    const read = await readPdf(pdf!.content);
    expect(read.pages).toBe(1);
    expect(read.qrs).toEqual([qr]);
    expect(read.texts[0]).toContain('Pat Holder 1');
    expect(read.texts[0]).toContain(formatShortCode(shortCode));
    expect(await renderPassPdfForMail(deps, passPurchaseId, 'not-its-secret')).toBeNull();
  });

  it('refunded in full, stops admitting to the events not attended and frees their places', async () => {
    expect((await eventRows()).map((event) => event.reservedCount)).toEqual([1, 1, 1]);
    const refund = (body: { passPurchaseId: string; amount?: number }, token = a.admin.token) =>
      callEndpoint(t, endpoints.pass.refund, { token, body });
    const outsider = await createClubWithAdmin(t);
    expectError(await refund({ passPurchaseId }, outsider.admin.token), 404, 'NOT_FOUND');

    const part = await refund({ passPurchaseId, amount: 1_000 });
    expect(expectPayload(part).passPurchase).toMatchObject({ status: 'confirmed' });
    expect(part.body.msg).toBe('Refunded: £10 in all');
    const rest = await refund({ passPurchaseId });
    expect(expectPayload(rest).passPurchase).toMatchObject({ id: passPurchaseId, status: 'cancelled' });
    expect(rest.body.msg).toBe('Refunded: £60 in all');

    const places = await t.db
      .select({ eventId: registrations.eventId, status: registrations.status })
      .from(registrations)
      .where(eq(registrations.passPurchaseId, passPurchaseId));
    const statusAt = new Map(places.map((place) => [place.eventId, place.status]));
    // Attended: kept, for the books; the third event's place went back on sale.
    expect(season.events.map((event) => statusAt.get(event.id))).toEqual(['confirmed', 'confirmed', 'cancelled']);
    expect((await eventRows()).map((event) => event.reservedCount)).toEqual([1, 1, 0]);
    const [third] = await t.db.select().from(tickets).where(eq(tickets.eventId, season.events[2]!.id));
    expect(third).toMatchObject({ reservedCount: 0, soldCount: 0 });
    const refused = await scan(season.events[2]!.id, qr);
    expectError(refused, 409, 'CANCELLED');
    expect(refused.body.msg).toBe('This ticket was cancelled and refunded');
    const list = expectPayload(
      await callEndpoint(t, endpoints.checkin.getDoorList, {
        token: a.admin.token,
        query: { eventId: season.events[2]!.id },
      }),
    );
    expect(list.attendees).toMatchObject([{ passPurchaseId, cancelled: { refunded: true } }]);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'holder-1@example.org'));
    expect(mails.map((mail) => mail.subject).filter((subject) => subject.startsWith('Refund'))).toHaveLength(2);
    expect(mails.some((mail) => mail.text.includes('Your season pass is cancelled'))).toBe(true);
  });
});
