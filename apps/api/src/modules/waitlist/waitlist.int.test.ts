import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder, type TRegistration } from '@clubtix/contract';
import { lapseHold } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
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
import { mailOutbox } from '../../db/schema';
import { offerFreedTickets, type OfferDeps } from './offers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };
const PUBLIC_URL = 'https://tickets.example.org';

/**
 * docs/product.md section 19: a sold-out ticket type's waiting list, offered in turn as tickets come
 * back. The sweep's own timer is set past the tests' length: each test runs offerFreedTickets itself,
 * as the timer would, so what was not offered is known not to have been.
 */
describe('waiting lists', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let deps: OfferDeps;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp(
      { SMTP_URL: smtp.url, PUBLIC_URL, WAITLIST_OFFER_MINUTES: '30' },
      { holdSweepMs: 3_600_000 },
    );
    deps = offerDepsOf(t);
    token = (await createClubWithAdmin(t)).admin.token;
    otherToken = (await createClubWithAdmin(t)).admin.token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const hold = (eventId: string, ticketId: string, quantity: number, email = 'holder@example.org') =>
    callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId, email, tickets: [{ ticketId, quantity }] },
    });
  const held = async (eventId: string, ticketId: string, quantity: number, email?: string) => {
    const response = await hold(eventId, ticketId, quantity, email);
    expect(response.status, response.body.msg).toBe(200);
    return (response.body.payload as Init).registration.registrationId;
  };
  const positionOf = async (body: Parameters<typeof joinWaitlist>[1]) =>
    expectPayload(await joinWaitlist(t, body)).position;
  /** A ticket type sold out by holds of `per` tickets each, which the tests lapse one by one. */
  async function soldOut(quantity: number, fields: Record<string, unknown> = {}, per = 4) {
    const event = await publishEvent(t, token, { title: 'Night Sail', ...fields });
    const ticket = await addTicket(t, token, event.id, { name: 'Deck', quantity, maxPerOrder: 4 });
    const holds: string[] = [];
    for (let left = quantity; left > 0; left -= Math.min(left, per)) {
      holds.push(await held(event.id, ticket.id, Math.min(left, per), `early${left}@example.org`));
    }
    return { event, ticket, holds };
  }

  it('is joined only when nothing is left, answers the place in line, and keeps it when joined again', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 3, maxPerOrder: 4 });
    const body = { eventId: event.id, ticketId: ticket.id, email: 'ann@example.org', quantity: 1 };
    expectError(await joinWaitlist(t, body), 409, 'CONFLICT', 'Tickets are still on sale: book them now');
    await held(event.id, ticket.id, 2, 'early@example.org');
    expectError(await joinWaitlist(t, body), 409, 'CONFLICT', 'Tickets are still on sale: book them now');
    await held(event.id, ticket.id, 1, 'late@example.org');

    const joined = await joinWaitlist(t, { ...body, email: ' Ann@Example.org ' });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ payload: { position: 1 }, msg: 'You are number 1 on the waiting list' });
    expect(await positionOf({ ...body, email: 'bob@example.org', quantity: 2 })).toBe(2);
    expect(await positionOf({ ...body, email: 'cy@example.org' })).toBe(3);
    // Again, even with another quantity: the same place and the first quantity.
    expect(await positionOf({ ...body, quantity: 3 })).toBe(1);
    expect(await positionOf({ ...body, email: 'cy@example.org' })).toBe(3);
    const list = await waitlistOf(t, token, event.id);
    expect(list.map((entry) => [entry.email, entry.quantity, entry.position, entry.status])).toEqual([
      ['ann@example.org', 1, 1, 'waiting'],
      ['bob@example.org', 2, 2, 'waiting'],
      ['cy@example.org', 1, 3, 'waiting'],
    ]);
    // Many joins of one address at once keep one place.
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => joinWaitlist(t, { ...body, email: 'dee@example.org' })),
    );
    expect(racing.map((response) => response.body.payload)).toEqual(Array(8).fill({ position: 4 }));
    expect(await waitlistOf(t, token, event.id)).toHaveLength(4);
    // Each place is confirmed by mail once, however often it was joined, and counted in the club's day.
    await outboxDrained(t);
    const joinedSubject = `You are on the waiting list for ${event.title}`;
    const joinedMails = (to: string) => smtp.mailsTo(to).filter((mail) => mail.parsed.subject === joinedSubject);
    await expect
      .poll(() => ['ann', 'bob', 'cy', 'dee'].map((name) => joinedMails(`${name}@example.org`).length), {
        timeout: 30_000,
      })
      .toEqual([1, 1, 1, 1]);
    const [confirmation] = joinedMails('ann@example.org');
    expect(confirmation!.parsed.text).toContain('You are on the waiting list for 1 × ');
    expect(confirmation!.parsed.text).toContain('we will e-mail you a link that keeps them for you alone');
    const [counted] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.topic, 'waitlist-joined'));
    expect(counted!.count).toBe(4);
  });

  it("is open when the event's capacity is full though the ticket type has some left", async () => {
    const event = await publishEvent(t, token, { capacity: 2 });
    const ticket = await addTicket(t, token, event.id, { quantity: 10 });
    await held(event.id, ticket.id, 2);
    const body = { eventId: event.id, ticketId: ticket.id, email: 'ann@example.org', quantity: 1 };
    expect(await positionOf(body)).toBe(1);
  });

  it('refuses what one order could not buy, and what is not on sale', async () => {
    const { event, ticket } = await soldOut(2, { maxTicketsPerOrder: 3 });
    const body = { eventId: event.id, ticketId: ticket.id, email: 'ann@example.org', quantity: 5 };
    expectError(await joinWaitlist(t, body), 400, 'BAD_INPUT', 'Deck: at most 4 per order');
    const wide = await addTicket(t, token, event.id, { name: 'Wide', quantity: 0, maxPerOrder: 10 });
    expectError(
      await joinWaitlist(t, { ...body, ticketId: wide.id, quantity: 4 }),
      400,
      'BAD_INPUT',
      'At most 3 tickets per order',
    );
    expectError(await joinWaitlist(t, { ...body, quantity: 0 }), 400, 'BAD_INPUT');
    const hidden = await addTicket(t, token, event.id, { name: 'Crew', quantity: 0, hidden: true });
    expectError(await joinWaitlist(t, { ...body, ticketId: hidden.id, quantity: 1 }), 404, 'NOT_FOUND');
    const inactive = await addTicket(t, token, event.id, { name: 'Old', quantity: 0, isActive: false });
    expectError(await joinWaitlist(t, { ...body, ticketId: inactive.id, quantity: 1 }), 404, 'NOT_FOUND');
    const other = await publishEvent(t, token);
    expectError(await joinWaitlist(t, { ...body, eventId: other.id, quantity: 1 }), 404, 'NOT_FOUND');
    const draft = await publishEvent(t, token, { status: 'draft' });
    const draftTicket = await addTicket(t, token, draft.id, { quantity: 0 });
    expectError(
      await joinWaitlist(t, { ...body, eventId: draft.id, ticketId: draftTicket.id, quantity: 1 }),
      404,
      'NOT_FOUND',
    );
  });

  it('offers tickets that come back in line order, by mail, and keeps them from everyone else', async () => {
    const { event, ticket, holds } = await soldOut(3);
    const base = { eventId: event.id, ticketId: ticket.id };
    expect(await positionOf({ ...base, email: 'ann@example.org', quantity: 2 })).toBe(1);
    expect(await positionOf({ ...base, email: 'bob@example.org', quantity: 1 })).toBe(2);
    expect(await positionOf({ ...base, email: 'cy@example.org', quantity: 1 })).toBe(3);

    await lapseHold(t, holds[0]!); // 3 back
    expect(await offerFreedTickets(deps, event.id)).toBe(2);
    const list = await waitlistOf(t, token, event.id);
    expect(list.map((entry) => [entry.email, entry.status, entry.position])).toEqual([
      ['ann@example.org', 'offered', null],
      ['bob@example.org', 'offered', null],
      ['cy@example.org', 'waiting', 1],
    ]);
    const offer = list[0]!;
    expect(Date.parse(offer.offerExpiresAt!) - Date.parse(offer.offeredAt!)).toBe(30 * 60_000);
    // The third ticket is nobody's: a stranger may hold it; the offered two are kept.
    expect(await rowsOf(t, ticket.id)).toEqual({ held: 0, offered: 3 });
    const stranger = await hold(event.id, ticket.id, 1, 'stranger@example.org');
    expectError(stranger, 409, 'SOLD_OUT');
    expect(await countersOf(t, ticket.id)).toEqual({ ticket: 3, event: 3 });

    await outboxDrained(t);
    const offersTo = (to: string) =>
      smtp.mailsTo(to).filter((sent) => sent.parsed.subject === 'Tickets for Night Sail are waiting for you');
    await expect.poll(() => offersTo('ann@example.org').length, { timeout: 30_000 }).toBe(1);
    const mail = offersTo('ann@example.org')[0]!.parsed;
    expect(mail.subject).toBe('Tickets for Night Sail are waiting for you');
    const until = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(offer.offerExpiresAt!));
    expect(mail.text).toContain(`2 × Deck are kept for you alone until`);
    expect(mail.text).toContain(`${until} (Europe/London)`);
    const link = mail.text?.match(/https:\/\/tickets\.example\.org\/\S+/)?.[0];
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/${event.slug}/tickets\\?offer=[A-Za-z0-9_-]{43}$`));
    expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));
    expect(offerTokenIn(offersTo('bob@example.org')[0]?.parsed.text)).not.toBe(offerTokenIn(mail.text));
    // Offered again: nothing new, no second mail.
    expect(await offerFreedTickets(deps, event.id)).toBe(0);
  });

  it('lets a head that does not fit wait, serves nobody behind it first, and passes a lapsed offer on', async () => {
    const { event, ticket, holds } = await soldOut(2, {}, 1);
    const base = { eventId: event.id, ticketId: ticket.id };
    expect(await positionOf({ ...base, email: 'ann@example.org', quantity: 2 })).toBe(1);
    expect(await positionOf({ ...base, email: 'bob@example.org', quantity: 1 })).toBe(2);

    await lapseHold(t, holds[0]!); // 1 back: Ann wants 2, so Bob, behind her, waits too
    expect(await offerFreedTickets(deps, event.id)).toBe(0);
    expect((await waitlistOf(t, token, event.id)).map((entry) => entry.status)).toEqual(['waiting', 'waiting']);
    await lapseHold(t, holds[1]!); // 2 back: Ann's
    expect(await offerFreedTickets(deps, event.id)).toBe(1);
    let list = await waitlistOf(t, token, event.id);
    expect(list.map((entry) => [entry.email, entry.status, entry.position])).toEqual([
      ['ann@example.org', 'offered', null],
      ['bob@example.org', 'waiting', 1],
    ]);
    expect(await positionOf({ ...base, email: 'ann@example.org', quantity: 2 })).toBe(1);

    // WAITLIST_OFFER_MINUTES pass: Ann's offer lapses, its tickets go to Bob, the one left to nobody.
    await expireOffer(t, list[0]!.id);
    expect(await offerFreedTickets(deps, event.id)).toBe(1);
    list = await waitlistOf(t, token, event.id);
    expect(list.map((entry) => [entry.email, entry.status])).toEqual([
      ['ann@example.org', 'lapsed'],
      ['bob@example.org', 'offered'],
    ]);
    expect(await rowsOf(t, ticket.id)).toEqual({ held: 0, offered: 1 });
    expect(await countersOf(t, ticket.id)).toEqual({ ticket: 1, event: 1 });
    // A lapsed place is gone: joining again is a new place at the end (none left: Bob's, and a stranger's).
    await held(event.id, ticket.id, 1, 'stranger@example.org');
    expect(await positionOf({ ...base, email: 'ann@example.org', quantity: 2 })).toBe(1);
    expect(await waitlistOf(t, token, event.id)).toHaveLength(3);
  });

  it("lets the club's admins see and remove; an open offer removed goes to the next", async () => {
    const { event, ticket, holds } = await soldOut(1);
    const base = { eventId: event.id, ticketId: ticket.id, quantity: 1 };
    for (const email of ['ann@example.org', 'bob@example.org', 'cy@example.org', 'dee@example.org']) {
      await positionOf({ ...base, email });
    }
    await lapseHold(t, holds[0]!);
    expect(await offerFreedTickets(deps, event.id)).toBe(1);
    let list = await waitlistOf(t, token, event.id);
    const [ann, bob, cy] = list;
    expect(list.map((entry) => [entry.email, entry.status, entry.position])).toEqual([
      ['ann@example.org', 'offered', null],
      ['bob@example.org', 'waiting', 1],
      ['cy@example.org', 'waiting', 2],
      ['dee@example.org', 'waiting', 3],
    ]);
    expect(ann).toMatchObject({ ticketId: ticket.id, ticketName: 'Deck', registrationId: null, eventId: event.id });

    // Another club's admin finds nothing, neither the list nor its entries; nothing changes.
    expectError(
      await callEndpoint(t, endpoints.waitlist.getByEventId, { token: otherToken, query: { eventId: event.id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await callEndpoint(t, endpoints.waitlist.remove, { token: otherToken, body: { entryId: bob!.id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await callEndpoint(t, endpoints.waitlist.remove, { token, body: { entryId: 'no-such-entry' } }),
      404,
      'NOT_FOUND',
    );

    const removed = await callEndpoint(t, endpoints.waitlist.remove, { token, body: { entryId: cy!.id } });
    expect(removed.body).toEqual({ payload: { id: cy!.id }, msg: 'Removed from the waiting list' });
    // Ann's open offer withdrawn: its ticket goes to Bob at once.
    expect((await callEndpoint(t, endpoints.waitlist.remove, { token, body: { entryId: ann!.id } })).status).toBe(200);
    list = await waitlistOf(t, token, event.id);
    expect(list.map((entry) => [entry.email, entry.status, entry.position])).toEqual([
      ['ann@example.org', 'removed', null],
      ['bob@example.org', 'offered', null],
      ['cy@example.org', 'removed', null],
      ['dee@example.org', 'waiting', 1],
    ]);
    expect(await countersOf(t, ticket.id)).toEqual({ ticket: 1, event: 1 });
    expect(await rowsOf(t, ticket.id)).toEqual({ held: 0, offered: 1 });
    // Removed twice: the same answer, nothing moves.
    expect((await callEndpoint(t, endpoints.waitlist.remove, { token, body: { entryId: ann!.id } })).status).toBe(200);
    expect(await countersOf(t, ticket.id)).toEqual({ ticket: 1, event: 1 });
    // Removed, an address may join again, at the end.
    expect(await positionOf({ ...base, email: 'cy@example.org' })).toBe(2);
  });
});
