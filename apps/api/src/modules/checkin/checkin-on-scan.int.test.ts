import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketQrText, type TCheckinScan, type TEvent, type TTicket } from '@clubtix/contract';
import { checkins, registrations } from '../../db/schema';
import { buyTickets, doorEvent, holdGuests, qrOf, scan, scanAndCheckIn, undoCheckIn } from '../../../test/door';
import { createClubWithAdmin, createSiblingApp, createSudo, createTestApp, type TestApp } from '../../../test/helpers';

/** "Check in on scan": scanByRegistrationId with checkin: true reads the ticket and checks it in in one call. */
describe('check in on scan', () => {
  let apps: TestApp[];
  let token: string;
  let otherToken: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    const first = await createTestApp();
    apps = [first, await createSiblingApp(first), await createSiblingApp(first)];
    token = (await createClubWithAdmin(first)).admin.token;
    otherToken = (await createClubWithAdmin(first)).admin.token;
    ({ event, ticket } = await doorEvent(first, token));
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  const storedQrUuidOf = async (registrationId: string) =>
    (await apps[0]!.db.select().from(registrations).where(eq(registrations.id, registrationId)))[0]?.qrUuid;
  const storedFor = (attendeeId: string) =>
    apps[0]!.db.select().from(checkins).where(eq(checkins.attendeeId, attendeeId));

  it('checks the attendee in and answers the group with the new state; a second scan says it was already', async () => {
    const registration = await buyTickets(apps[0]!, event.id, ticket.id, 2);
    const [first, second] = registration.attendees;
    const response = await scanAndCheckIn(apps[0]!, token, event.id, qrOf(registration, first));
    expect(response.status).toBe(200);
    const answer = response.body.payload as TCheckinScan;
    expect(answer.justCheckedIn).toBe(true);
    const [stored] = await storedFor(first!.attendeeId);
    expect(answer.attendee).toMatchObject({ attendeeId: first!.attendeeId, checkinId: stored!.id });
    expect(answer.attendee.checkinTime).toBe(stored!.createdAt.toISOString());
    expect(answer.registration.attendees.map((a) => a.checkinId)).toEqual([stored!.id, null]);

    const again = await scanAndCheckIn(apps[1]!, token, event.id, qrOf(registration, first));
    expect(again.status).toBe(200);
    expect(again.body.payload).toMatchObject({ justCheckedIn: false, attendee: { checkinId: stored!.id } });
    expect(await storedFor(first!.attendeeId)).toHaveLength(1);
    // The plain scan still only reads.
    const read = await scan(apps[0]!, token, event.id, qrOf(registration, second));
    expect(read.body.payload).not.toHaveProperty('justCheckedIn');
    expect(await storedFor(second!.attendeeId)).toHaveLength(0);
  });

  it('stores one check-in when 20 scanners check the same ticket in on scan at once, on three processes', async () => {
    const registration = await buyTickets(apps[0]!, event.id, ticket.id, 1);
    const attendeeId = registration.attendees[0]!.attendeeId;
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => scanAndCheckIn(apps[i % 3]!, token, event.id, qrOf(registration))),
      );
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      const answers = responses.map((r) => r.body.payload as TCheckinScan);
      expect(answers.filter((a) => a.justCheckedIn)).toHaveLength(1);
      const stored = await storedFor(attendeeId);
      expect(stored).toHaveLength(1);
      // Everyone is told the one check-in that was stored.
      expect(new Set(answers.map((a) => a.attendee.checkinId))).toEqual(new Set([stored[0]!.id]));
      expect((await undoCheckIn(apps[round % 3]!, token, attendeeId)).status).toBe(200);
    }
  });

  it('checks nothing in for a wrong qrUuid, another club, or a bad flag', async () => {
    const registration = await buyTickets(apps[0]!, event.id, ticket.id, 1);
    const attendee = registration.attendees[0]!;
    const forged = ticketQrText({
      registrationId: registration.registrationId,
      attendeeId: attendee.attendeeId,
      qrUuid: '00000000-0000-4000-8000-000000000000',
    });
    expect((await scanAndCheckIn(apps[0]!, token, event.id, forged)).status).toBe(404);
    expect((await scanAndCheckIn(apps[0]!, otherToken, event.id, qrOf(registration))).status).toBe(404);
    const badFlag = await apps[0]!.app.inject({
      method: 'POST',
      url: '/api/checkin/scanByRegistrationId',
      headers: { authorization: `Bearer ${token}` },
      payload: { payload: qrOf(registration), eventId: event.id, checkin: 'yes' },
    });
    expect(badFlag.statusCode).toBe(400);
    expect(await storedFor(attendee.attendeeId)).toHaveLength(0);
  });

  it('answers each of many scans arriving together at one process as if it had come alone', async () => {
    // The scans share statements (core/batcher.ts): each must still get its own answer.
    const sudoToken = (await createSudo(apps[0]!)).token;
    const elsewhere = await doorEvent(apps[0]!, token);
    const group = await buyTickets(apps[0]!, event.id, ticket.id, 30);
    const [foreign] = (await buyTickets(apps[0]!, elsewhere.event.id, elsewhere.ticket.id, 1)).attendees;
    const unpaid = await holdGuests(apps[0]!, event.id, ticket.id, 1);
    const forged = ticketQrText({
      registrationId: group.registrationId,
      attendeeId: group.attendees[29]!.attendeeId,
      qrUuid: '00000000-0000-4000-8000-000000000000',
    });
    const foreignQr = ticketQrText({
      registrationId: foreign!.registrationId,
      attendeeId: foreign!.attendeeId,
      qrUuid: (await storedQrUuidOf(foreign!.registrationId))!,
    });
    // Each of the first 28 scanned twice at once (one of them by the super user), then the strays.
    const scans = group.attendees.slice(0, 28).flatMap((attendee, i) => [
      { token, qr: qrOf(group, attendee) },
      { token: i % 7 === 0 ? sudoToken : token, qr: qrOf(group, attendee) },
    ]);
    scans.push(
      { token, qr: forged },
      { token: otherToken, qr: qrOf(group, group.attendees[28]) },
      { token, qr: foreignQr },
      { token, qr: qrOf(unpaid) },
    );
    const responses = await Promise.all(scans.map((s) => scanAndCheckIn(apps[0]!, s.token, event.id, s.qr)));

    const answers = responses.slice(0, 56).map((r) => {
      expect(r.status).toBe(200);
      return r.body.payload as TCheckinScan;
    });
    for (let i = 0; i < 28; i++) {
      const pair = [answers[2 * i]!, answers[2 * i + 1]!];
      const attendeeId = group.attendees[i]!.attendeeId;
      expect(pair.map((a) => a.attendee.attendeeId)).toEqual([attendeeId, attendeeId]);
      expect(pair.filter((a) => a.justCheckedIn)).toHaveLength(1);
      const [stored] = await storedFor(attendeeId);
      expect(pair.map((a) => a.attendee.checkinId)).toEqual([stored!.id, stored!.id]);
    }
    const [forgedScan, otherClub, otherEvent, unpaidScan] = responses.slice(56);
    expect([forgedScan, otherClub, otherEvent, unpaidScan].map((r) => r!.status)).toEqual([404, 404, 404, 404]);
    expect(otherEvent!.body.errors).toEqual([
      { path: 'eventId', message: `This ticket is for ${elsewhere.event.title}` },
    ]);
    for (const attendee of [...group.attendees.slice(28), foreign!, unpaid.attendees[0]!])
      expect(await storedFor(attendee.attendeeId)).toEqual([]);
  });
});
