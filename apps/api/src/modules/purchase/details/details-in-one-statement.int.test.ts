import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TRegistration } from '@clubtix/contract';
import { attendees, events, registrations } from '../../../db/schema';
import { addTicket, publishEvent, saveForm } from '../../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

/**
 * Saving the details of an event without a form checks and writes in one statement
 * (docs/decisions/0059-one-statement-a-call.md); whatever that statement does not write goes through
 * the checks every form goes through, so a refusal says what it always said and writes nothing.
 */
describe('saving the details of an event without a form', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  /** Two tickets held, nobody's details given yet. */
  async function held(): Promise<{ registration: TRegistration; eventId: string }> {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 5 });
    const { registration } = expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId: event.id, email: 'one@example.org', tickets: [{ ticketId: ticket.id, quantity: 2 }] },
      }),
    );
    return { registration, eventId: event.id };
  }

  const person = (attendeeId: string, firstName: string) => ({
    attendeeId,
    firstName,
    lastName: 'Single',
    email: `${firstName.toLowerCase()}@example.org`,
    answers: {},
  });

  const save = (registration: TRegistration, party: ReturnType<typeof person>[]) =>
    callEndpoint(t, endpoints.registration.save, {
      body: { registrationId: registration.registrationId, qrUuid: registration.qrUuid, attendees: party, answers: {} },
    });

  const namesOf = async (registrationId: string) =>
    (
      await t.db
        .select({ firstName: attendees.firstName })
        .from(attendees)
        .where(eq(attendees.registrationId, registrationId))
        .orderBy(attendees.position)
    ).map((row) => row.firstName);

  it('answers the registration with the names just saved, and keeps them', async () => {
    const { registration } = await held();
    const [first, second] = registration.attendees;
    const saved = await save(registration, [person(second!.attendeeId, 'Bo'), person(first!.attendeeId, 'Al')]);
    expect(saved.status, saved.body.msg).toBe(200);
    const answered = expectPayload(saved);
    expect(answered.attendees.map((a) => [a.attendeeId, a.firstName, a.email])).toEqual([
      [first!.attendeeId, 'Al', 'al@example.org'],
      [second!.attendeeId, 'Bo', 'bo@example.org'],
    ]);
    expect(answered).toMatchObject({ status: 'pending', answers: {} });
    expect(await namesOf(registration.registrationId)).toEqual(['Al', 'Bo']);
  });

  it('clears the answers a form since emptied left, and keeps the party', async () => {
    const { registration, eventId } = await held();
    const [diet] = await saveForm(t, token, eventId, [{ type: 0, label: 'Diet', perAttendee: false }]);
    const party = registration.attendees.map((a) => person(a.attendeeId, 'Al'));
    const answered = await callEndpoint(t, endpoints.registration.save, {
      body: {
        registrationId: registration.registrationId,
        qrUuid: registration.qrUuid,
        attendees: party,
        answers: { [diet!.id]: 'Vegan' },
      },
    });
    expect(expectPayload(answered).answers).toEqual({ [diet!.id]: 'Vegan' });
    await saveForm(t, token, eventId, []);
    const saved = await save(registration, [person(party[0]!.attendeeId, 'Cy'), party[1]!]);
    expect(expectPayload(saved).answers).toEqual({});
    const [row] = await t.db
      .select({ answers: registrations.answers })
      .from(registrations)
      .where(eq(registrations.id, registration.registrationId));
    expect(row!.answers).toEqual({});
    expect(await namesOf(registration.registrationId)).toEqual(['Cy', 'Al']);
  });

  it('refuses a party missing a slot, naming the slot, and writes nothing', async () => {
    const { registration } = await held();
    const [first] = registration.attendees;
    expectError(await save(registration, [person(first!.attendeeId, 'Al')]), 400, 'BAD_INPUT', 'Fill in attendee 2');
    // The same slot given twice leaves the other one out.
    expectError(
      await save(registration, [person(first!.attendeeId, 'Al'), person(first!.attendeeId, 'Al')]),
      400,
      'BAD_INPUT',
      'Fill in attendee 2',
    );
    expect(await namesOf(registration.registrationId)).toEqual([null, null]);
  });

  it('refuses an attendee of another registration, and writes neither', async () => {
    const { registration } = await held();
    const other = await held();
    const party = [
      ...registration.attendees.map((a) => person(a.attendeeId, 'Al')),
      person(other.registration.attendees[0]!.attendeeId, 'Eve'),
    ];
    expectError(await save(registration, party), 400, 'BAD_INPUT', 'An attendee does not belong to this registration');
    expect(await namesOf(registration.registrationId)).toEqual([null, null]);
    expect(await namesOf(other.registration.registrationId)).toEqual([null, null]);
  });

  it('answers 404 for a wrong secret or an event no longer published, and writes nothing', async () => {
    const { registration, eventId } = await held();
    const party = registration.attendees.map((a) => person(a.attendeeId, 'Al'));
    const forged = { ...registration, qrUuid: '00000000-0000-4000-8000-000000000000' };
    expectError(await save(forged, party), 404, 'NOT_FOUND');
    await t.db.update(events).set({ status: 'draft' }).where(eq(events.id, eventId));
    expectError(await save(registration, party), 404, 'NOT_FOUND');
    expect(await namesOf(registration.registrationId)).toEqual([null, null]);
  });

  it('refuses a hold that lapsed, as always', async () => {
    const { registration } = await held();
    await t.db
      .update(registrations)
      .set({ status: 'expired', expiresAt: null })
      .where(eq(registrations.id, registration.registrationId));
    const party = registration.attendees.map((a) => person(a.attendeeId, 'Al'));
    expectError(
      await save(registration, party),
      409,
      'CONFLICT',
      'Your hold on these tickets has expired; please start again',
    );
    expect(await namesOf(registration.registrationId)).toEqual([null, null]);
  });
});
