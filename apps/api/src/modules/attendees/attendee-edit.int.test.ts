import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  type TAttendee,
  type TEvent,
  type TFormQuestion,
  type TRegistration,
  type TTicket,
  type BodyOf,
} from '@clubtix/contract';
import { buyTickets, payFor, type Person } from '../../../test/buying';
import { addTicket, publishEvent, saveForm } from '../../../test/catalogue';
import { createAdminApp, createClubWithAdmin, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { expectedQr, outboxDrained, qrCodesOf } from '../../../test/mail';
import { startSmtpListener, type SmtpListener } from '../../../test/smtp-listener';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * POST /registration/updateAttendee (docs/product.md section 20): an admin corrects an attendee or
 * transfers the ticket; the new address receives the ticket over SMTP, read back by a real listener.
 */
describe('editing and transferring an attendee', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let event: TEvent;
  let ticket: TTicket;
  let diet: TFormQuestion;
  let shirt: TFormQuestion;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    ({ t, token } = await createAdminApp({ SMTP_URL: smtp.url }));
    otherToken = (await createClubWithAdmin(t)).admin.token;
    event = await publishEvent(t, token);
    ticket = await addTicket(t, token, event.id, { quantity: 50, maxPerOrder: 5 });
    const form = await saveForm(t, token, event.id, [
      { type: 0, label: 'Diet', perAttendee: true, required: true },
      { type: 4, label: 'Shirt size', options: ['S', 'M'], perAttendee: true },
    ]);
    diet = form[0]!;
    shirt = form[1]!;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A visitor's purchase of one ticket, the required answer given; `pay: false` leaves it held. */
  async function buy(person: Person, pay = true): Promise<TRegistration> {
    const { registration: init } = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId: event.id, email: 'buyer@example.org', tickets: [{ ticketId: ticket.id, quantity: 1 }] },
      }),
    );
    const held = expectPayload(
      await callEndpoint(t, endpoints.registration.save, {
        body: {
          registrationId: init.registrationId,
          qrUuid: init.qrUuid,
          attendees: [{ attendeeId: init.attendees[0]!.attendeeId, ...person, answers: { [diet.id]: 'None' } }],
        },
      }),
    );
    if (!pay) return held;
    const { registration } = await payFor(t, held);
    await outboxDrained(t);
    return registration;
  }

  const edit = (
    body: Omit<BodyOf<typeof endpoints.registration.updateAttendee>, 'eventId'> & { eventId?: string },
    as = token,
  ) => callEndpoint(t, endpoints.registration.updateAttendee, { token: as, body: { eventId: event.id, ...body } });
  const readBack = async (registrationId: string): Promise<TAttendee> =>
    expectPayload(
      await callEndpoint(t, endpoints.registration.getRegistrationById, { token, query: { registrationId } }),
    ).attendees[0]!;

  it('corrects the names and answers, and mails nobody when the e-mail stays', async () => {
    const registration = await buy({ firstName: 'Jon', lastName: 'Smyth', email: 'jon@example.org' });
    const jon = registration.attendees[0]!;
    const before = smtp.received.length;
    const response = await edit({
      attendeeId: jon.attendeeId,
      firstName: ' John ',
      lastName: 'Smith',
      email: 'JON@example.org',
      answers: { [diet.id]: ' Vegan ', [shirt.id]: 'M', madeUp: 'kept out' },
    });
    expect(response.status, response.body.msg).toBe(200);
    const expected = {
      attendeeId: jon.attendeeId,
      firstName: 'John',
      lastName: 'Smith',
      email: 'jon@example.org',
      answers: { [diet.id]: 'Vegan', [shirt.id]: 'M' },
    };
    expect(expectPayload(response)).toMatchObject(expected);
    expect(await readBack(registration.registrationId)).toMatchObject(expected);
    await outboxDrained(t);
    expect(smtp.received.length).toBe(before);
  });

  it('transfers the ticket: the new address receives the ticket mail with its QR', async () => {
    const registration = await buy({ firstName: 'Kim', lastName: 'Ray', email: 'kim@example.org' });
    const kim = registration.attendees[0]!;
    const response = await edit({
      attendeeId: kim.attendeeId,
      firstName: 'Lou',
      lastName: 'Hart',
      email: 'lou.new@example.org',
      answers: { [diet.id]: 'None' },
    });
    expect(response.status, response.body.msg).toBe(200);
    expect(await readBack(registration.registrationId)).toMatchObject({
      firstName: 'Lou',
      lastName: 'Hart',
      email: 'lou.new@example.org',
    });
    await outboxDrained(t);
    const [mail, ...more] = smtp.mailsTo('lou.new@example.org');
    expect(more).toHaveLength(0);
    expect(String(mail!.parsed.html)).toContain('Lou Hart');
    expect((await qrCodesOf(mail!.parsed)).map((seen) => seen.qr)).toEqual([
      expectedQr(registration.registrationId, kim.attendeeId, registration.qrUuid),
    ]);
  });

  it('changes a held ticket without mailing it: it has no ticket until confirmed', async () => {
    const held = await buy({ firstName: 'Max', lastName: 'Bell', email: 'max@example.org' }, false);
    const response = await edit({
      attendeeId: held.attendees[0]!.attendeeId,
      firstName: 'Max',
      lastName: 'Bell',
      email: 'max.other@example.org',
      answers: { [diet.id]: 'None' },
    });
    expect(response.status, response.body.msg).toBe(200);
    await outboxDrained(t);
    expect(smtp.mailsTo('max.other@example.org')).toHaveLength(0);
  });

  it('refuses a bad e-mail, blank names and a missing required answer with 400, nothing changed', async () => {
    const registration = await buy({ firstName: 'Ned', lastName: 'Cole', email: 'ned@example.org' });
    const ned = registration.attendees[0]!;
    const body = {
      attendeeId: ned.attendeeId,
      firstName: 'Ned',
      lastName: 'Cole',
      email: 'ned@example.org',
      answers: { [diet.id]: 'None' },
    };
    const bad = await edit({ ...body, email: 'not-an-e-mail' });
    expectError(bad, 400, 'BAD_INPUT');
    expect(bad.body.msg).toMatch(/e-mail/i);
    expectError(await edit({ ...body, firstName: '  ' }), 400, 'BAD_INPUT', 'firstName: First name is required');
    const unanswered = await edit({ ...body, email: 'ned.two@example.org', answers: { [diet.id]: '  ' } });
    expectError(unanswered, 400, 'BAD_INPUT', 'Diet is required');
    expect(unanswered.body.errors).toEqual([{ path: `answers.${diet.id}`, message: 'Diet is required' }]);
    expectError(await edit({ ...body, answers: { [diet.id]: 'None', [shirt.id]: 'XXL' } }), 400, 'BAD_INPUT');
    expect(await readBack(registration.registrationId)).toMatchObject({
      email: 'ned@example.org',
      answers: { [diet.id]: 'None' },
    });
    await outboxDrained(t);
    expect(smtp.mailsTo('ned.two@example.org')).toHaveLength(0);
  });

  it('answers 404 to an admin of another club and to an attendee of another event, nothing changed', async () => {
    const registration = await buy({ firstName: 'Oda', lastName: 'Finn', email: 'oda@example.org' });
    const oda = registration.attendees[0]!;
    const body = {
      attendeeId: oda.attendeeId,
      firstName: 'Thief',
      lastName: 'Taken',
      email: 'thief@example.org',
      answers: { [diet.id]: 'None' },
    };
    expectError(await edit(body, otherToken), 404, 'NOT_FOUND');
    const elsewhere = await publishEvent(t, token);
    expectError(await edit({ ...body, eventId: elsewhere.id }), 404, 'NOT_FOUND', 'Attendee not found');
    expectError(
      await callEndpoint(t, endpoints.registration.updateAttendee, { body: { eventId: event.id, ...body } }),
      401,
      'UNAUTHENTICATED',
    );
    expect(await readBack(registration.registrationId)).toMatchObject({
      firstName: 'Oda',
      lastName: 'Finn',
      email: 'oda@example.org',
    });
    await outboxDrained(t);
    expect(smtp.mailsTo('thief@example.org')).toHaveLength(0);
  });
});

/** The transfer's mail meets the club's quotas (docs/product.md section 18): past them, nothing is saved. */
describe('a transfer past the club mail limit', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('answers 429 and keeps the attendee as it was', async () => {
    // Two mails a day: the purchase's own ticket mail and one transfer.
    t = await createTestApp({ MAIL_DAILY_LIMIT_PER_CLUB: '2' });
    const token = (await createClubWithAdmin(t)).admin.token;
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 5 });
    const { registration } = await buyTickets(t, event.id, ticket.id, 'pat@example.org', [
      { firstName: 'Pat', lastName: 'Lowe', email: 'pat@example.org' },
    ]);
    const pat = registration.attendees[0]!;
    const transfer = (email: string) =>
      callEndpoint(t, endpoints.registration.updateAttendee, {
        token,
        body: { eventId: event.id, attendeeId: pat.attendeeId, firstName: 'Pat', lastName: 'Lowe', email },
      });
    expect((await transfer('first.new@example.org')).status).toBe(200);
    expectError(await transfer('second.new@example.org'), 429, 'RATE_LIMITED', /limit of 2 e-mails a day/);
    const after = expectPayload(
      await callEndpoint(t, endpoints.registration.getRegistrationById, {
        token,
        query: { registrationId: registration.registrationId },
      }),
    ).attendees[0]!;
    expect(after.email).toBe('first.new@example.org');
  });
});
