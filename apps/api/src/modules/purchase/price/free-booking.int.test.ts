import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TRegistration, type TTicket } from '@clubtix/contract';
import { registrations } from '../../../db/schema';
import { holdTickets, lapseHold, type Person } from '../../../../test/buying';
import { addTicket, publishEvent } from '../../../../test/catalogue';
import {
  createClubWithAdmin,
  createSiblingApp,
  createTestApp,
  expectError,
  type TestApp,
} from '../../../../test/helpers';
import { expectedQr, outboxDrained, qrCodesOf } from '../../../../test/mail';
import { startSmtpListener, type SmtpListener } from '../../../../test/smtp-listener';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

const PUBLIC_URL = 'https://tickets.example.org';

/**
 * Free bookings confirmed by e-mail (docs/product.md section 18, confirmFreeByEmail): the booking stays
 * a hold until the link mailed to its buyer is opened, and lapses like an unpaid hold. The mail is
 * delivered over SMTP to a real listener and the link read out of it, as a buyer would; two API
 * processes share the database, as in a scaled-out deployment.
 */
describe('free bookings confirmed by e-mail', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let sibling: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
    sibling = await createSiblingApp(t, { SMTP_URL: smtp.url, PUBLIC_URL });
    token = (await createClubWithAdmin(t)).admin.token;
    event = await publishEvent(t, token, { title: 'Open Boat Day', confirmFreeByEmail: true });
    ticket = await addTicket(t, token, event.id, { name: 'Free entry', price: 0, quantity: 10 });
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
    await smtp.close();
  });

  const createOrder = (registration: TRegistration, app = t) =>
    callEndpoint(app, endpoints.order.createOrder, {
      body: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
    });
  const confirm = (body: { registrationId: string; token: string }, app = t) =>
    callEndpoint(app, endpoints.order.confirmFreeOrder, { body });
  const buyerView = async (registration: TRegistration) =>
    expectPayload(
      await callEndpoint(t, endpoints.registration.getRegistration, {
        query: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
      }),
    );
  const available = async () => {
    const list = await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } });
    const [row] = list.body.payload!;
    return { available: row!.available ?? 0, sold: row!.sold };
  };

  /** The confirmation link as the buyer's mail client shows it, in the text and in the HTML. */
  function linkIn(mail: ParsedMail): URL {
    const inText = mail.text?.match(/https:\/\/tickets\.example\.org\/\S+/)?.[0];
    expect(inText, 'a link in the text part').toBeDefined();
    expect(String(mail.html)).toContain(`href="${inText!.replace(/&/g, '&amp;')}"`);
    return new URL(inText!);
  }

  async function bookFree(buyer: string, people: Person[]) {
    const held = await holdTickets(t, event.id, ticket.id, buyer, people);
    const response = await createOrder(held);
    const priced = expectPayload(response);
    return { held, priced, msg: response.body.msg };
  }

  it('keeps the booking a hold, seats held and no ticket mailed, until the link is opened; then mails the tickets once', async () => {
    const buyer = 'dana@example.org';
    const before = await available();
    const { held, priced, msg } = await bookFree(buyer, [
      { firstName: 'Dana', lastName: 'Fox', email: buyer },
      { firstName: 'Eli', lastName: 'Fox', email: 'eli@example.org' },
    ]);
    expect(priced.order).toMatchObject({ amount: 0, paymentStatus: 'pending' });
    expect(priced.emailConfirmation).toEqual({ expiresAt: held.expiresAt });
    expect(msg).toBe('Check your inbox: open the link we sent you to confirm your booking');
    expect((await buyerView(held)).status).toBe('pending');
    expect(await available()).toEqual({ available: before.available - 2, sold: before.sold });

    // A reload of the checkout prices it again: the same hold, and no second mail.
    expect(expectPayload(await createOrder(held, sibling)).emailConfirmation).toEqual({
      expiresAt: held.expiresAt,
    });
    await outboxDrained(t);
    const [mail, ...more] = smtp.mailsTo(buyer);
    expect(more).toHaveLength(0);
    expect(smtp.mailsTo('eli@example.org')).toHaveLength(0);
    expect(mail!.parsed.subject).toBe('Confirm your booking for Open Boat Day');
    expect(mail!.parsed.text).toMatch(/held for you until \w{3} \d\d\/\d\d\/\d{4} \d\d:\d\d \(Europe\/London\)/);
    expect(await qrCodesOf(mail!.parsed)).toEqual([]);
    const raw = `${mail!.parsed.text}${String(mail!.parsed.html)}`;
    expect(raw).not.toContain(held.qrUuid);

    const link = linkIn(mail!.parsed);
    expect(link.pathname).toBe(`/${event.slug}/confirm`);
    expect(link.searchParams.get('registration')).toBe(held.registrationId);
    const secret = link.searchParams.get('token')!;
    expect(secret).toMatch(/^[\w-]{40,}$/);

    // Knowing the hold (its qrUuid) is not knowing the mailbox.
    const notTheLink = { registrationId: held.registrationId, token: held.qrUuid };
    expectError(await confirm(notTheLink), 404, 'NOT_FOUND', /confirmation link is not valid/);
    expectError(await confirm({ ...notTheLink, token: `${secret}x` }), 404, 'NOT_FOUND');
    expect((await buyerView(held)).status).toBe('pending');

    // The link opened twice at the same moment, on two processes: one confirmation, one ticket mail.
    const opened = { registrationId: held.registrationId, token: secret };
    const answers = await Promise.all([confirm(opened, t), confirm(opened, sibling)]);
    for (const answer of answers) {
      expect(answer.body.msg).toBe('Your booking is confirmed');
      expect(expectPayload(answer)).toMatchObject({
        registrationId: held.registrationId,
        status: 'confirmed',
        qrUuid: held.qrUuid,
      });
    }
    await outboxDrained(t);
    const tickets = smtp.mailsTo(buyer).slice(1);
    expect(tickets.map((m) => m.parsed.subject)).toEqual(['Your tickets for Open Boat Day']);
    const qr = (attendeeId: string) => expectedQr(held.registrationId, attendeeId, held.qrUuid);
    const [dana, eli] = held.attendees;
    expect((await qrCodesOf(tickets[0]!.parsed)).map((code) => code.qr)).toEqual([
      qr(dana!.attendeeId),
      qr(eli!.attendeeId),
    ]);
    expect(smtp.mailsTo('eli@example.org')).toHaveLength(1);
    expect(await available()).toEqual({ available: before.available - 2, sold: before.sold + 2 });

    // Opened again later: the same answer, nothing mailed again.
    expect(expectPayload(await confirm(opened)).status).toBe('confirmed');
    await outboxDrained(t);
    expect(smtp.mailsTo(buyer)).toHaveLength(2);
  });

  it('refuses a link opened after the hold lapsed (409), confirms nothing and mails no ticket', async () => {
    const before = await available();
    const buyer = 'late@example.org';
    const { held } = await bookFree(buyer, [{ firstName: 'Lou', lastName: 'Late', email: buyer }]);
    await outboxDrained(t);
    const opened = {
      registrationId: held.registrationId,
      token: linkIn(smtp.mailsTo(buyer)[0]!.parsed).searchParams.get('token')!,
    };

    // Past its expiry, before the sweep has released it: the link checks the time itself.
    await t.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.id, held.registrationId));
    expectError(await confirm(opened), 409, 'CONFLICT', /not confirmed in time.*released/);
    expect((await buyerView(held)).status).toBe('pending');

    await lapseHold(t, held.registrationId);
    expectError(await confirm(opened, sibling), 409, 'CONFLICT', /not confirmed in time/);
    expect((await buyerView(held)).status).toBe('expired');
    expect(await available()).toEqual(before);
    await outboxDrained(t);
    expect(smtp.mailsTo(buyer).map((m) => m.parsed.subject)).toEqual(['Confirm your booking for Open Boat Day']);
  });

  it('confirms a free booking at once, as before, on an event that does not ask for the link', async () => {
    const plain = await publishEvent(t, token, { title: 'Plain Day' });
    const free = await addTicket(t, token, plain.id, { price: 0 });
    const held = await holdTickets(t, plain.id, free.id, 'plain@example.org', [
      { firstName: 'Pat', lastName: 'Lane', email: 'plain@example.org' },
    ]);
    const priced = expectPayload(await createOrder(held));
    expect(priced.order.paymentStatus).toBe('paid');
    expect(priced.emailConfirmation).toBeUndefined();
    await outboxDrained(t);
    expect(smtp.mailsTo('plain@example.org').map((m) => m.parsed.subject)).toEqual(['Your ticket for Plain Day']);
  });
});
