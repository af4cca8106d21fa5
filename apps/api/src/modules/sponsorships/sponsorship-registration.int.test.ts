import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TRegistration } from '@clubtix/contract';
import { createTicket, publishEvent } from '../../../test/catalogue';
import {
  createAdmin,
  createClubWithAdmin,
  createSudo,
  createTestApp,
  expectError,
  type TestApp,
} from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * A donation given with a registration (its id and qrUuid, the buyer's secret) is stored with it,
 * and GET /sponsorship/getSponsorshipsByRegistrationId lists it to that registration's admins.
 */
describe('donations and sponsorships given with a registration', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let b: Awaited<ReturnType<typeof createClubWithAdmin>>;
  let event: TEvent;
  let registration: TRegistration;

  async function hold(eventId: string, email: string): Promise<TRegistration> {
    const ticket = await createTicket(t, a.admin.token, eventId);
    return expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId, email, tickets: [{ ticketId: ticket.id, quantity: 1 }] },
      }),
    ).registration;
  }

  const give = (body: Record<string, unknown>) =>
    callEndpoint(t, endpoints.sponsorship.create, {
      body: { eventId: event.id, amount: 1500, name: 'Rita Regatta', email: 'rita@example.org', ...body },
    });
  const byRegistration = (registrationId: string, token = a.admin.token) =>
    callEndpoint(t, endpoints.sponsorship.getSponsorshipsByRegistrationId, { token, query: { registrationId } });
  const ofEvent = async () =>
    expectPayload(
      await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByEventId, {
        token: a.admin.token,
        query: { eventId: event.id },
      }),
    );

  beforeAll(async () => {
    t = await createTestApp();
    a = await createClubWithAdmin(t);
    b = await createClubWithAdmin(t);
    event = await publishEvent(t, a.admin.token, { donationsEnabled: true });
    registration = await hold(event.id, 'rita@example.org');
  });
  afterAll(async () => t.close());

  it('stores the registration, and lists the donation by it to the club’s admins and the super user', async () => {
    const created = await give({ registrationId: registration.registrationId, qrUuid: registration.qrUuid });
    const { sponsorship } = expectPayload(created);
    await give({});

    const listed = expectPayload(await byRegistration(registration.registrationId));
    expect(listed).toEqual([sponsorship]);
    expect(listed[0]).toMatchObject({ amount: 1500, name: 'Rita Regatta', paymentStatus: 'pending' });

    const colleague = await createAdmin(t, a.club.id);
    expect(expectPayload(await byRegistration(registration.registrationId, colleague.token))).toEqual([sponsorship]);
    const sudo = await createSudo(t);
    expect(expectPayload(await byRegistration(registration.registrationId, sudo.token))).toEqual([sponsorship]);
    // A registration with none given: an empty list, not a 404.
    const other = await hold(event.id, 'quiet@example.org');
    expect(expectPayload(await byRegistration(other.registrationId))).toEqual([]);
  });

  it("keeps the tenant wall and the role check: another club's admin gets 404, no token 401", async () => {
    const refused = await byRegistration(registration.registrationId, b.admin.token);
    expectError(refused, 404, 'NOT_FOUND', 'Registration not found');
    expect(refused.text).not.toContain('Rita Regatta');
    const signedOut = await callEndpoint(t, endpoints.sponsorship.getSponsorshipsByRegistrationId, {
      query: { registrationId: registration.registrationId },
    });
    expectError(signedOut, 401, 'UNAUTHENTICATED');
    expectError(await byRegistration('no-such-registration'), 404, 'NOT_FOUND');
  });

  it('refuses a wrong qrUuid, an unknown registration and one of another event with 404, storing nothing', async () => {
    const before = await ofEvent();
    const otherEvent = await publishEvent(t, a.admin.token, { donationsEnabled: true });
    const elsewhere = await hold(otherEvent.id, 'elsewhere@example.org');
    for (const claim of [
      { registrationId: registration.registrationId, qrUuid: 'not-the-secret' },
      { registrationId: 'no-such-registration', qrUuid: registration.qrUuid },
      { registrationId: elsewhere.registrationId, qrUuid: elsewhere.qrUuid },
    ]) {
      expectError(await give(claim), 404, 'NOT_FOUND', 'Registration not found');
    }
    expect(await ofEvent()).toEqual(before);
    expect(expectPayload(await byRegistration(elsewhere.registrationId))).toEqual([]);
  });

  it('answers 400 for a registrationId without its qrUuid, or the other way round', async () => {
    const before = await ofEvent();
    const alone = await give({ registrationId: registration.registrationId });
    expectError(alone, 400, 'BAD_INPUT', 'qrUuid: Send registrationId and qrUuid together, or neither');
    expect(alone.body.errors?.[0]?.path).toBe('qrUuid');
    const secretAlone = await give({ qrUuid: registration.qrUuid });
    expectError(secretAlone, 400, 'BAD_INPUT', 'registrationId: Send registrationId and qrUuid together, or neither');
    expect(await ofEvent()).toEqual(before);
  });
});
