import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder, type TRegistration } from '@clubtix/contract';
import { registrations, waitlistEntries } from '../../db/schema';
import { lapseHold, payFor } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSiblingApp, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { outboxDrained } from '../../../test/mail';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import {
  countersOf,
  expireOffer,
  joinWaitlist,
  offerDepsOf,
  offerTokenIn,
  rowsOf,
  waitlistOf,
} from '../../../test/waitlist';
import { offerFreedTickets, type OfferDeps } from './offers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };
const PUBLIC_URL = 'https://tickets.example.org';

/**
 * docs/product.md section 19: an offer's link taken up. POST /waitlist/claim answers as
 * initRegistration does, holding the offer's tickets for its person without reserving them again.
 * Two app processes share the database; their sweeps are set past the tests' length, so each test
 * runs offerFreedTickets itself, or watches tickets coming back reach the line on their own.
 */
describe('taking up a waiting-list offer', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let sibling: TestApp;
  let deps: OfferDeps;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL, WAITLIST_OFFER_MINUTES: '20' };
    t = await createTestApp(env, { holdSweepMs: 3_600_000 });
    sibling = await createSiblingApp(t, env, { holdSweepMs: 3_600_000 });
    deps = offerDepsOf(t);
    token = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
    await smtp.close();
  });

  const claim = (offer: string, app = t) => callEndpoint(app, endpoints.waitlist.claim, { body: { offer } });
  const hold = (eventId: string, ticketId: string, quantity: number, email: string, app = t) =>
    callEndpoint(app, endpoints.registration.initRegistration, {
      body: { eventId, email, tickets: [{ ticketId, quantity }] },
    });
  async function soldOutWithLine(quantity: number, line: [string, number][]) {
    const event = await publishEvent(t, token, { title: 'Night Sail' });
    const ticket = await addTicket(t, token, event.id, { name: 'Deck', price: 1500, quantity, maxPerOrder: 4 });
    const holds: string[] = [];
    for (let i = 0; i < quantity; i++) {
      holds.push(
        expectPayload(await hold(event.id, ticket.id, 1, `early${i}@example.org`)).registration.registrationId,
      );
    }
    for (const [email, wanted] of line) {
      expect((await joinWaitlist(t, { eventId: event.id, ticketId: ticket.id, email, quantity: wanted })).status).toBe(
        200,
      );
    }
    return { event, ticket, holds };
  }
  /** The token of the offer link mailed to `email`, once the mail has arrived. */
  // The offer just made to an address, once its mail has arrived: earlier tests mailed the same
  // addresses, so the mail is found by the token the database holds for the open offer.
  async function mailedToken(email: string): Promise<string> {
    await outboxDrained(t);
    const [open] = await t.db
      .select({ offer: waitlistEntries.offerToken })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.email, email), eq(waitlistEntries.status, 'offered')))
      .orderBy(desc(waitlistEntries.offeredAt))
      .limit(1);
    const offer = open?.offer;
    expect(offer).toBeTruthy();
    await expect
      .poll(() => smtp.mailsTo(email).some((mail) => offerTokenIn(mail.parsed.text) === offer), { timeout: 30_000 })
      .toBe(true);
    return offer!;
  }

  it('turns the offer into a pending registration and order, once, without reserving again', async () => {
    const { event, ticket, holds } = await soldOutWithLine(2, [['ann@example.org', 2]]);
    await lapseHold(t, holds[0]!);
    await lapseHold(t, holds[1]!);
    expect(await offerFreedTickets(deps, event.id)).toBe(1);
    const offer = await mailedToken('ann@example.org');
    const [entry] = await waitlistOf(t, token, event.id);

    const claimed = await claim(offer);
    expect(claimed.status, claimed.body.msg).toBe(200);
    const { registration, order } = claimed.body.payload as Init;
    expect(registration).toMatchObject({ email: 'ann@example.org', status: 'pending', eventId: event.id });
    expect(registration.attendees.map((a) => a.ticketName)).toEqual(['Deck', 'Deck']);
    expect(registration.expiresAt).toBe(entry!.offerExpiresAt);
    expect(order).toMatchObject({
      amount: 3000,
      paymentStatus: 'pending',
      registrationId: registration.registrationId,
    });
    // The offer's reservation became the registration's: counted once.
    expect(await rowsOf(t, ticket.id)).toEqual({ held: 2, offered: 0 });
    expect(await countersOf(t, ticket.id)).toEqual({ ticket: 2, event: 2 });
    const [converted] = await waitlistOf(t, token, event.id);
    expect(converted).toMatchObject({ status: 'converted', registrationId: registration.registrationId });

    // Again, on another process: the same registration and order, nothing more held.
    const again = await claim(offer, sibling);
    expect(again.status).toBe(200);
    expect(again.body.payload).toEqual(claimed.body.payload);
    expect(await countersOf(t, ticket.id)).toEqual({ ticket: 2, event: 2 });

    // The buyer goes on as from initRegistration: details, order, payment.
    const filled = expectPayload(
      await callEndpoint(t, endpoints.registration.save, {
        body: {
          registrationId: registration.registrationId,
          qrUuid: registration.qrUuid,
          attendees: registration.attendees.map((a, i) => ({
            attendeeId: a.attendeeId,
            firstName: `Ann${i}`,
            lastName: 'Walker',
            email: 'ann@example.org',
          })),
          answers: {},
        },
      }),
    );
    await payFor(t, filled);
    expectError(await claim(offer), 409, 'CONFLICT', 'This offer was already taken up and booked');
    expectError(await claim('no-such-offer'), 404, 'NOT_FOUND');
  });

  it('answers 409 once the offer lapsed or was withdrawn, and the tickets went to the next', async () => {
    const { event, ticket, holds } = await soldOutWithLine(1, [
      ['ann@example.org', 1],
      ['bob@example.org', 1],
      ['cy@example.org', 1],
    ]);
    await lapseHold(t, holds[0]!);
    await offerFreedTickets(deps, event.id);
    const annOffer = await mailedToken('ann@example.org');
    let [ann] = await waitlistOf(t, token, event.id);
    // Past its end before any sweep: the claim itself lapses it, and Bob is offered at once.
    await expireOffer(t, ann!.id);
    [ann] = await waitlistOf(t, token, event.id);
    const at = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(ann!.offerExpiresAt!));
    const lapsed = `This offer lapsed at ${at} and went to the next person`;
    expectError(await claim(annOffer), 409, 'CONFLICT', lapsed);
    expectError(await claim(annOffer, sibling), 409, 'CONFLICT', lapsed);
    let list = await waitlistOf(t, token, event.id);
    expect(list.map((e) => e.status)).toEqual(['lapsed', 'offered', 'waiting']);

    const bobOffer = await mailedToken('bob@example.org');
    expect((await callEndpoint(t, endpoints.waitlist.remove, { token, body: { entryId: list[1]!.id } })).status).toBe(
      200,
    );
    expectError(await claim(bobOffer), 409, 'CONFLICT', 'This offer was withdrawn and went to the next person');
    list = await waitlistOf(t, token, event.id);
    expect(list.map((e) => e.status)).toEqual(['lapsed', 'removed', 'offered']);
    expect(await rowsOf(t, ticket.id)).toEqual({ held: 0, offered: 1 });
    expect(await countersOf(t, ticket.id)).toEqual({ ticket: 1, event: 1 });
    // Cy's claim works; a stranger still cannot hold the ticket.
    expect((await claim(await mailedToken('cy@example.org'))).status).toBe(200);
    expectError(await hold(event.id, ticket.id, 1, 'stranger@example.org'), 409, 'SOLD_OUT');
  });

  it('offers tickets as soon as they come back: a quantity raised, a claimed hold lapsing', async () => {
    const { event, ticket } = await soldOutWithLine(1, [
      ['ann@example.org', 2],
      ['bob@example.org', 1],
    ]);
    // Nothing but the quantity raised by 3: Ann's 2 and Bob's 1 are offered without any sweep.
    const saved = await callEndpoint(t, endpoints.ticket.save, { token, body: { id: ticket.id, quantity: 4 } });
    expect(saved.status, saved.body.msg).toBe(200);
    await expect
      .poll(async () => (await waitlistOf(t, token, event.id)).map((e) => e.status), { timeout: 30_000 })
      .toEqual(['offered', 'offered']);
    const claimed = expectPayload(await claim(await mailedToken('ann@example.org')));
    // Ann's hold lasts until her offer's end; when it lapses, a new person in line gets the tickets.
    expect(
      (await joinWaitlist(t, { eventId: event.id, ticketId: ticket.id, email: 'cy@example.org', quantity: 2 })).status,
    ).toBe(200);
    await t.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, claimed.registration.registrationId));
    // A stranger refused releases the lapsed hold on the spot; the line is told, and Cy is offered.
    expectError(await hold(event.id, ticket.id, 4, 'stranger@example.org'), 409, 'SOLD_OUT');
    await expect
      .poll(async () => (await waitlistOf(t, token, event.id)).map((e) => e.status), { timeout: 30_000 })
      .toEqual(['converted', 'offered', 'offered']);
    expect(await countersOf(t, ticket.id)).toEqual({ ticket: 4, event: 4 });
  });

  it("gives the line the tickets of a registration an admin cancels, or an event's capacity raised", async () => {
    const event = await publishEvent(t, token, { title: 'Night Sail', capacity: 1 });
    const ticket = await addTicket(t, token, event.id, { name: 'Deck', quantity: 5 });
    const first = expectPayload(await hold(event.id, ticket.id, 1, 'early@example.org'));
    for (const email of ['ann@example.org', 'bob@example.org']) {
      expect((await joinWaitlist(t, { eventId: event.id, ticketId: ticket.id, email, quantity: 1 })).status).toBe(200);
    }
    const cancelled = await callEndpoint(t, endpoints.registration.updateStatus, {
      token,
      body: { registrationId: first.registration.registrationId, status: 'cancelled' },
    });
    expect(cancelled.status, cancelled.body.msg).toBe(200);
    await expect
      .poll(async () => (await waitlistOf(t, token, event.id)).map((e) => e.status), { timeout: 30_000 })
      .toEqual(['offered', 'waiting']);
    const saved = await callEndpoint(t, endpoints.event.save, { token, body: { id: event.id, capacity: 2 } });
    expect(saved.status, saved.body.msg).toBe(200);
    await expect
      .poll(async () => (await waitlistOf(t, token, event.id)).map((e) => e.status), { timeout: 30_000 })
      .toEqual(['offered', 'offered']);
    expect(await countersOf(t, ticket.id)).toEqual({ ticket: 2, event: 2 });
  });

  it('makes one registration of two claims of one link at the same moment on two processes', async () => {
    const { event, holds } = await soldOutWithLine(1, [['ann@example.org', 1]]);
    await lapseHold(t, holds[0]!);
    await offerFreedTickets(deps, event.id);
    const offer = await mailedToken('ann@example.org');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => claim(offer, i % 2 ? sibling : t)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => (a.body.payload as Init).registration.registrationId));
    expect(ids.size).toBe(1);
    const rows = await t.db.select().from(registrations).where(eq(registrations.eventId, event.id));
    expect(rows.filter((row) => row.email === 'ann@example.org')).toHaveLength(1);
  });
});
