import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TRegistration, type TTicket } from '@clubtix/contract';
import { counters, csvOf, downloadAttendees, importAttendees, readSheet } from '../../../test/attendee-data';
import { buyTickets } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createClubWithAdmin, createSudo, createTestApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * docs/product.md section 13 for the attendee data calls: club A's admin aiming at club B's event,
 * registration or attendee gets 404, also when it names its own event beside B's ids, and B's data
 * stays exactly as it was. Sudo reaches every club.
 */
describe('attendee data behind the tenant wall', () => {
  let t: TestApp;
  let a: { token: string; event: TEvent; ticket: TTicket };
  let b: { token: string; event: TEvent; ticket: TTicket; registration: TRegistration };

  beforeAll(async () => {
    t = await createTestApp();
    const tokenA = (await createClubWithAdmin(t)).admin.token;
    const tokenB = (await createClubWithAdmin(t)).admin.token;
    const eventA = await publishEvent(t, tokenA);
    const eventB = await publishEvent(t, tokenB);
    a = { token: tokenA, event: eventA, ticket: await addTicket(t, tokenA, eventA.id) };
    const ticketB = await addTicket(t, tokenB, eventB.id);
    const { registration } = await buyTickets(t, eventB.id, ticketB.id, 'zoe@example.org', [
      { firstName: 'Zoe', lastName: 'Adams', email: 'zoe@example.org' },
      { firstName: 'Yann', lastName: 'Brook', email: 'yann@example.org' },
    ]);
    b = { token: tokenB, event: eventB, ticket: ticketB, registration };
  });
  afterAll(async () => t.close());

  const snapshotOfB = async () => ({
    attendees: expectPayload(
      await callEndpoint(t, endpoints.attendees.getAttendees, { token: b.token, query: { eventId: b.event.id } }),
    ).attendees,
    counters: await counters(t, b.ticket.id, b.event.id),
  });

  it('answers 404 to every attempt and changes nothing', async () => {
    const before = await snapshotOfB();
    const attendeeId = b.registration.attendees[0]!.attendeeId;
    const file = csvOf([
      ['firstName', 'lastName', 'email'],
      ['Mal', 'Lory', 'mal@example.org'],
    ]);
    const attempts = [
      downloadAttendees(t, a.token, b.event.id).then((r) => ({ status: r.status, body: r.json })),
      importAttendees(t, a.token, { eventId: b.event.id, ticketId: b.ticket.id, filename: 'x.csv', data: file }),
      importAttendees(t, a.token, { eventId: a.event.id, ticketId: b.ticket.id, filename: 'x.csv', data: file }),
      callEndpoint(t, endpoints.attendees.removeRegistration, {
        token: a.token,
        query: { registrationId: b.registration.registrationId, eventId: b.event.id },
      }),
      callEndpoint(t, endpoints.attendees.removeRegistration, {
        token: a.token,
        query: { registrationId: b.registration.registrationId, eventId: a.event.id },
      }),
      callEndpoint(t, endpoints.attendees.deleteAttendee, {
        token: a.token,
        query: { attendeeId, eventId: b.event.id },
      }),
      callEndpoint(t, endpoints.attendees.deleteAttendee, {
        token: a.token,
        query: { attendeeId, eventId: a.event.id },
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    expect((await downloadAttendees(t, undefined, b.event.id)).status).toBe(401);
    const query = { registrationId: b.registration.registrationId, eventId: b.event.id };
    expectError(await callEndpoint(t, endpoints.attendees.removeRegistration, { query }), 401, 'UNAUTHENTICATED');
  });

  it('lets sudo export any club’s event', async () => {
    const sudo = await createSudo(t);
    const response = await downloadAttendees(t, sudo.token, b.event.id);
    expect(response.status).toBe(200);
    expect((await readSheet(response.body)).map((row) => row[2])).toEqual(['First name', 'Zoe', 'Yann']);
  });
});
