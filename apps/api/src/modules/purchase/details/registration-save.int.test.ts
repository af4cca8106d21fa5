import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TRegistration } from '@clubtix/contract';
import { downloadAttendees, readSheet } from '../../../../test/attendee-data';
import { holdTickets, payFor } from '../../../../test/buying';
import { addTicket, publishEvent, saveForm } from '../../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../../test/helpers';
import { holdRowLock } from '../../../../test/row-lock';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

const CONFIRMED = 'This registration is confirmed; ask the organiser to change its details';

/** POST /registration/save writes only while the registration is pending (docs/product.md section 15, step 2). */
describe('saving attendee details', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  async function heldAndFilledIn() {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 5 });
    return holdTickets(t, event.id, ticket.id, 'saver@example.org', [
      { firstName: 'Ann', lastName: 'Walker', email: 'ann@example.org' },
    ]);
  }

  const save = (registration: TRegistration, firstName: string) =>
    callEndpoint(t, endpoints.registration.save, {
      body: {
        registrationId: registration.registrationId,
        qrUuid: registration.qrUuid,
        attendees: registration.attendees.map((a) => ({
          attendeeId: a.attendeeId,
          firstName,
          lastName: 'Rewritten',
          email: 'other@example.org',
          answers: {},
        })),
        answers: {},
      },
    });

  const read = async (registration: TRegistration) =>
    expectPayload(
      await callEndpoint(t, endpoints.registration.getRegistration, {
        query: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
      }),
    );

  it('refuses a save once the registration is confirmed, and changes nothing', async () => {
    const held = await heldAndFilledIn();
    await payFor(t, held);
    expectError(await save(held, 'Mallory'), 409, 'CONFLICT', CONFIRMED);
    const after = await read(held);
    expect(after.status).toBe('confirmed');
    expect(after.attendees.map((a) => [a.firstName, a.lastName, a.email])).toEqual([
      ['Ann', 'Walker', 'ann@example.org'],
    ]);
  });

  it('refuses a save that queued on the registration while a payment confirmed it', async () => {
    const held = await heldAndFilledIn();
    // The settlement holds the registration row: the save reads it pending, then its write waits.
    const settlement = await holdRowLock(t, 'registrations', held.registrationId);
    const saving = save(held, 'Mallory');
    await settlement.waitForWaiter();
    await settlement.query(
      `UPDATE registrations SET status = 'confirmed', confirmed_at = now(), expires_at = NULL WHERE id = $1`,
      [held.registrationId],
    );
    await settlement.commit();
    expectError(await saving, 409, 'CONFLICT', CONFIRMED);
    const after = await read(held);
    expect(after.attendees.map((a) => [a.firstName, a.lastName, a.email])).toEqual([
      ['Ann', 'Walker', 'ann@example.org'],
    ]);
  });

  it('refuses a save that queued on the registration while an admin cancelled it', async () => {
    const held = await heldAndFilledIn();
    const admin = await holdRowLock(t, 'registrations', held.registrationId);
    const saving = save(held, 'Mallory');
    await admin.waitForWaiter();
    await admin.query(`UPDATE registrations SET status = 'cancelled', expires_at = NULL WHERE id = $1`, [
      held.registrationId,
    ]);
    await admin.commit();
    expectError(await saving, 409, 'CONFLICT', 'This registration was cancelled');
    expect((await read(held)).attendees[0]).toMatchObject({ firstName: 'Ann', lastName: 'Walker' });
  });

  it('still saves a pending registration, as often as asked', async () => {
    const held = await heldAndFilledIn();
    expect((await save(held, 'Bea')).status).toBe(200);
    expect((await read(held)).attendees[0]).toMatchObject({ firstName: 'Bea', lastName: 'Rewritten' });
  });

  it("keeps only answers to the form's questions, however many other keys a body makes up", async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 5 });
    const [shirt, diet] = await saveForm(t, token, event.id, [
      { type: 4, label: 'Shirt size', options: ['S', 'M'], perAttendee: true },
      { type: 0, label: 'Diet', perAttendee: false },
    ]);
    const held = await holdTickets(t, event.id, ticket.id, 'keys@example.org', [
      { firstName: 'Ann', lastName: 'Walker', email: 'ann@example.org' },
    ]);
    const madeUp = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`junk${i}`, 'x'.repeat(100)]));
    const response = await callEndpoint(t, endpoints.registration.save, {
      body: {
        registrationId: held.registrationId,
        qrUuid: held.qrUuid,
        attendees: [
          {
            attendeeId: held.attendees[0]!.attendeeId,
            firstName: 'Ann',
            lastName: 'Walker',
            email: 'ann@example.org',
            answers: { ...madeUp, [shirt!.id]: 'M' },
          },
        ],
        answers: { ...madeUp, [diet!.id]: 'Vegetarian' },
      },
    });
    expect(expectPayload(response).answers).toEqual({ [diet!.id]: 'Vegetarian' });
    const after = await read(held);
    expect(after.answers).toEqual({ [diet!.id]: 'Vegetarian' });
    expect(after.attendees[0]!.answers).toEqual({ [shirt!.id]: 'M' });
  });

  describe('answers with white space at either end (docs/decisions/0021)', () => {
    async function eventWithForm() {
      const event = await publishEvent(t, token);
      const ticket = await addTicket(t, token, event.id, { quantity: 5 });
      const [diet, shirt, workshops, company] = await saveForm(t, token, event.id, [
        { type: 0, label: 'Diet', perAttendee: true, required: true },
        { type: 4, label: 'Shirt size', options: ['S', 'M'], perAttendee: true },
        { type: 3, label: 'Workshops', options: ['Knots', 'Radio'], perAttendee: true },
        { type: 0, label: 'Company', perAttendee: false },
      ]);
      // Held only: the required question is not answered yet.
      const { registration: held } = expectPayload(
        await callEndpoint(t, endpoints.registration.initRegistration, {
          body: { eventId: event.id, email: 'spaces@example.org', tickets: [{ ticketId: ticket.id, quantity: 1 }] },
        }),
      );
      return { event, held, ids: { diet: diet!.id, shirt: shirt!.id, workshops: workshops!.id, company: company!.id } };
    }

    const saveAnswers = (
      held: TRegistration,
      own: Record<string, string | string[]>,
      once: Record<string, string | string[]>,
    ) =>
      callEndpoint(t, endpoints.registration.save, {
        body: {
          registrationId: held.registrationId,
          qrUuid: held.qrUuid,
          attendees: [
            {
              attendeeId: held.attendees[0]!.attendeeId,
              firstName: 'Ann',
              lastName: 'Walker',
              email: 'ann@example.org',
              answers: own,
            },
          ],
          answers: once,
        },
      });

    it('are kept trimmed, and the list and the export show what was kept', async () => {
      const { event, held, ids } = await eventWithForm();
      const saved = await saveAnswers(
        held,
        { [ids.diet]: '  Vegan ', [ids.shirt]: ' M ', [ids.workshops]: [' Knots', '  '] },
        { [ids.company]: '\tHarbour Ltd  ' },
      );
      expect(expectPayload(saved).answers).toEqual({ [ids.company]: 'Harbour Ltd' });
      const after = await read(held);
      expect(after.answers).toEqual({ [ids.company]: 'Harbour Ltd' });
      expect(after.attendees[0]!.answers).toEqual({
        [ids.diet]: 'Vegan',
        [ids.shirt]: 'M',
        [ids.workshops]: ['Knots'],
      });

      await payFor(t, held);
      const list = expectPayload(
        await callEndpoint(t, endpoints.attendees.getAttendees, { token, query: { eventId: event.id } }),
      );
      expect(list.attendees.map((a) => a.answers)).toEqual([
        { [ids.diet]: 'Vegan', [ids.shirt]: 'M', [ids.workshops]: ['Knots'] },
      ]);
      const [header, row] = await readSheet((await downloadAttendees(t, token, event.id)).body);
      const cell = (label: string) => row![header!.indexOf(label)];
      expect(['Diet', 'Shirt size', 'Workshops', 'Company'].map(cell)).toEqual(['Vegan', 'M', 'Knots', 'Harbour Ltd']);
    });

    it('of white space only count as no answer: a required question says so', async () => {
      const { held, ids } = await eventWithForm();
      expectError(await saveAnswers(held, { [ids.diet]: ' \t ' }, {}), 400, 'BAD_INPUT', 'Diet is required');
    });
  });
});
