import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, MAILS_PER_RECIPIENT_PER_HOUR, type TAttendee, type TEvent, type TTicket } from '@clubtix/contract';
import { extrasPurchases, mailOutbox, orders, registrations } from '../../db/schema';
import { buyTickets, holdTickets } from '../../../test/buying';
import { addTicket, createExtras, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * The club's mail quotas (docs/product.md section 18): MAIL_DAILY_LIMIT_PER_CLUB a day, and
 * MAILS_PER_RECIPIENT_PER_HOUR to one address from one club, a purchase's own ticket mail aside.
 * Refused mail is never queued and the call writes nothing; the 429 says which limit and when it
 * ends. No SMTP_URL: the mail is kept in the outbox, where it is counted.
 */
interface Club {
  token: string;
  event: TEvent;
  paid: TTicket;
  free: TTicket;
}

async function setUpClub(t: TestApp, fields: Record<string, unknown> = {}): Promise<Club> {
  const token = (await createClubWithAdmin(t)).admin.token;
  const event = await publishEvent(t, token, fields);
  const paid = await addTicket(t, token, event.id, { price: 1500, quantity: 100 });
  const free = await addTicket(t, token, event.id, { name: 'Free', price: 0, quantity: 100 });
  return { token, event, paid, free };
}

const sendTicket = (t: TestApp, club: Club, attendeeId: string) =>
  callEndpoint(t, endpoints.registration.sendTicket, {
    token: club.token,
    query: { attendeeId, eventId: club.event.id },
  });

const mailRows = (t: TestApp, to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** A paid purchase of one ticket whose attendee is `email`: its attendee, to resend. */
async function boughtBy(t: TestApp, club: Club, email: string) {
  const { registration } = await buyTickets(t, club.event.id, club.paid.id, email, [
    { firstName: 'Ann', lastName: 'Lee', email },
  ]);
  return registration.attendees[0]!;
}

describe('the daily mail limit per club', () => {
  const LIMIT = 4;
  let t: TestApp;
  let club: Club;
  let other: Club;

  beforeAll(async () => {
    t = await createTestApp({ MAIL_DAILY_LIMIT_PER_CLUB: String(LIMIT) });
    club = await setUpClub(t);
    other = await setUpClub(t);
  });
  afterAll(async () => t.close());

  it('refuses every mail past it with 429 naming the limit, except a purchase of its own tickets', async () => {
    // Three purchases (three ticket mails) and one resend: the club's four mails of the day.
    const ann = await boughtBy(t, club, 'ann@example.org');
    await boughtBy(t, club, 'bea@example.org');
    await boughtBy(t, club, 'cy@example.org');
    expect((await sendTicket(t, club, ann.attendeeId)).status).toBe(200);

    const refused = await sendTicket(t, club, ann.attendeeId);
    expectError(
      refused,
      429,
      'RATE_LIMITED',
      /^This club has reached its limit of 4 e-mails a day, so no more can be sent today\. The limit resets at midnight UTC, in \d+ (hours?|minutes?)( \d+ minutes?)?\.$/,
    );
    expect(await mailRows(t, 'ann@example.org')).toHaveLength(2);
    const lookup = await callEndpoint(t, endpoints.registration.getRegistrationByEmail, {
      query: { email: 'bea@example.org', eventId: club.event.id },
    });
    expectError(lookup, 429, 'RATE_LIMITED', /limit of 4 e-mails a day/);
    expect(await mailRows(t, 'bea@example.org')).toHaveLength(1);

    // A free booking mails an address nobody proved: refused, and nothing of it is confirmed.
    const held = await holdTickets(t, club.event.id, club.free.id, 'free@example.org', [
      { firstName: 'Fay', lastName: 'Free', email: 'free@example.org' },
    ]);
    const freeOrder = await callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: held.registrationId, qrUuid: held.qrUuid },
    });
    expectError(freeOrder, 429, 'RATE_LIMITED', /limit of 4 e-mails a day/);
    const [kept] = await t.db.select().from(registrations).where(eq(registrations.id, held.registrationId));
    expect(kept!.status).toBe('pending');
    const [order] = await t.db.select().from(orders).where(eq(orders.registrationId, held.registrationId));
    expect(order!.paymentStatus).toBe('pending');
    expect(await mailRows(t, 'free@example.org')).toHaveLength(0);

    // So is the link of a booking that must be confirmed by e-mail: no mail, and no link to open.
    const asking = await publishEvent(t, club.token, { confirmFreeByEmail: true });
    const askingFree = await addTicket(t, club.token, asking.id, { price: 0 });
    const unconfirmed = await holdTickets(t, asking.id, askingFree.id, 'link@example.org', [
      { firstName: 'Lin', lastName: 'Kay', email: 'link@example.org' },
    ]);
    const linkOrder = await callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: unconfirmed.registrationId, qrUuid: unconfirmed.qrUuid },
    });
    expectError(linkOrder, 429, 'RATE_LIMITED', /limit of 4 e-mails a day/);
    const [waiting] = await t.db.select().from(registrations).where(eq(registrations.id, unconfirmed.registrationId));
    expect(waiting).toMatchObject({ status: 'pending', confirmToken: null });
    expect(await mailRows(t, 'link@example.org')).toHaveLength(0);

    // A buyer who pays gets the tickets whatever the count: the fifth mail of the day.
    await boughtBy(t, club, 'dot@example.org');
    expect(await mailRows(t, 'dot@example.org')).toHaveLength(1);

    // Another club's day is its own.
    const own = await boughtBy(t, other, 'ann@example.org');
    expect((await sendTicket(t, other, own.attendeeId)).status).toBe(200);
  });

  it('lets no more through than the day has room for, however many processes queue at once', async () => {
    const sibling = await createSiblingApp(t, { MAIL_DAILY_LIMIT_PER_CLUB: String(LIMIT) });
    try {
      // A free extra mails its voucher to whatever address is typed: twelve strangers at once, on
      // two processes, for the four mails a fresh club has in a day.
      const fresh = await setUpClub(t);
      const map = await createExtras(t, fresh.token, fresh.event.id, { name: 'Harbour map', price: 0 });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          callEndpoint(i % 2 ? sibling : t, endpoints.extrasPurchase.purchaseExtras, {
            body: { eventId: fresh.event.id, extrasId: map.id, quantity: 1, email: `stranger${i}@example.org` },
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LIMIT);
      for (const answer of answers.filter((a) => a.status !== 200)) {
        expectError(answer, 429, 'RATE_LIMITED', /limit of 4 e-mails a day/);
      }
      const count = async (table: typeof mailOutbox | typeof extrasPurchases) => {
        const [row] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.clubId, fresh.event.clubId));
        return row!.n;
      };
      // Each refused call wrote nothing: no mail, and no purchase either.
      expect(await count(mailOutbox)).toBe(LIMIT);
      expect(await count(extrasPurchases)).toBe(LIMIT);
    } finally {
      await sibling.close();
    }
  });
});

describe(`${MAILS_PER_RECIPIENT_PER_HOUR} mails an hour to one address from one club`, () => {
  let t: TestApp;
  let sibling: TestApp;
  let club: Club;

  beforeAll(async () => {
    t = await createTestApp();
    sibling = await createSiblingApp(t);
    club = await setUpClub(t);
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
  });

  it('counts resends, lookups and free bookings to the address, not its purchases, and refuses the sixth', async () => {
    const victim = 'victim@example.org';
    // Two purchases by the address: their ticket mails are its own and do not count.
    const first = await boughtBy(t, club, victim);
    const second = await boughtBy(t, club, victim);
    for (const attendee of [first, first, first, second]) {
      expect((await sendTicket(t, club, attendee.attendeeId)).status).toBe(200);
    }
    const lookup = () =>
      callEndpoint(t, endpoints.registration.getRegistrationByEmail, {
        query: { email: victim, eventId: club.event.id },
      });
    expect((await lookup()).status).toBe(200);

    const refused = await sendTicket(t, club, second.attendeeId);
    expectError(
      refused,
      429,
      'RATE_LIMITED',
      /^victim@example\.org has already been sent 5 e-mails from this club in the last hour, the most allowed\. More can be sent to this address in (60 minutes|1 hour)\.$/,
    );
    expectError(await lookup(), 429, 'RATE_LIMITED', /victim@example\.org has already been sent 5 e-mails/);
    const held = await holdTickets(t, club.event.id, club.free.id, victim, [
      { firstName: 'Vic', lastName: 'Tim', email: victim },
    ]);
    expectError(
      await callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: held.registrationId, qrUuid: held.qrUuid },
      }),
      429,
      'RATE_LIMITED',
    );
    expect(await mailRows(t, victim)).toHaveLength(2 + MAILS_PER_RECIPIENT_PER_HOUR);

    // Named as an attendee of someone else's free booking: the buyer's mail carries the ticket, the
    // copy to the address is left out, and the booking goes through.
    const group = await holdTickets(t, club.event.id, club.free.id, 'friend@example.org', [
      { firstName: 'Fran', lastName: 'Kind', email: 'friend@example.org' },
      { firstName: 'Vic', lastName: 'Tim', email: victim },
    ]);
    const booked = await callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: group.registrationId, qrUuid: group.qrUuid },
    });
    expect(expectPayload(booked).order.paymentStatus).toBe('paid');
    expect(await mailRows(t, 'friend@example.org')).toHaveLength(1);

    // A purchase still reaches it, and so does another club.
    await boughtBy(t, club, victim);
    expect(await mailRows(t, victim)).toHaveLength(3 + MAILS_PER_RECIPIENT_PER_HOUR);
    const other = await setUpClub(t);
    const elsewhere = await boughtBy(t, other, victim);
    expect((await sendTicket(t, other, elsewhere.attendeeId)).status).toBe(200);

    // An hour later they no longer count.
    await t.db
      .update(mailOutbox)
      .set({ createdAt: sql`${mailOutbox.createdAt} - interval '61 minutes'` })
      .where(and(eq(mailOutbox.to, victim), eq(mailOutbox.clubId, club.event.clubId)));
    expect((await sendTicket(t, club, second.attendeeId)).status).toBe(200);
  });

  it('lets no more than the limit through when many processes mail one address at once', async () => {
    const shared = 'shared@example.org';
    const attendees: TAttendee[] = [];
    for (let i = 0; i < 4; i++) attendees.push(await boughtBy(t, club, shared));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sendTicket(i % 2 ? sibling : t, club, attendees[i % 4]!.attendeeId)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    for (const answer of answers.filter((a) => a.status !== 200)) expectError(answer, 429, 'RATE_LIMITED');
    const resent = (await mailRows(t, shared)).filter((row) => row.topic !== null);
    expect(resent).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
  });
});
