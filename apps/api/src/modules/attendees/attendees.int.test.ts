import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TAttendeeListItem, type TEvent } from '@clubtix/contract';
import { buyTickets, holdTickets } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { createAdminApp, createClubWithAdmin, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

type Page = { attendees: TAttendeeListItem[]; total: number };

describe('GET /registration/getAttendees', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let event: TEvent;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    otherToken = (await createClubWithAdmin(t)).admin.token;
    event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 50 });
    await buyTickets(t, event.id, ticket.id, 'zoe@example.org', [
      { firstName: 'Zoe', lastName: 'Adams', email: 'zoe@example.org' },
      { firstName: 'Yann', lastName: 'Brook', email: 'yann@example.org' },
    ]);
    await buyTickets(t, event.id, ticket.id, 'carla@example.org', [
      { firstName: 'Carla', lastName: 'Cruz_Percent%', email: 'carla@example.org' },
    ]);
    // Held but unpaid: not an attendee yet.
    await holdTickets(t, event.id, ticket.id, 'ghost@example.org', [
      { firstName: 'Gus', lastName: 'Ghost', email: 'ghost@example.org' },
    ]);
  });
  afterAll(async () => t.close());

  const list = (query: Record<string, string | number>, as = token) =>
    callEndpoint(t, endpoints.attendees.getAttendees, { token: as, query: { eventId: event.id, ...query } });

  it('lists confirmed attendees by name with the total', async () => {
    const response = await list({});
    expect(response.status).toBe(200);
    const page = response.body.payload as Page;
    expect(page.total).toBe(3);
    expect(page.attendees.map((a) => a.lastName)).toEqual(['Adams', 'Brook', 'Cruz_Percent%']);
    expect(page.attendees[1]).toMatchObject({ buyerEmail: 'zoe@example.org', ticketName: 'Adult', checkinId: null });
    // What the registration paid, on each of its attendees: two Adult tickets at 15.00, and one.
    expect(page.attendees.map((a) => a.paidAmount)).toEqual([3000, 3000, 1500]);
    expect(page.attendees.map((a) => a.refundedAmount)).toEqual([0, 0, 0]);
    // The order a "Refund and cancel" would refund: one per registration, the same on its attendees.
    const [zoe, yann, carla] = page.attendees.map((a) => a.refundableOrderId);
    expect(zoe).toEqual(expect.any(String));
    expect(yann).toBe(zoe);
    expect(carla).toEqual(expect.any(String));
    expect(carla).not.toBe(zoe);
  });

  it('shows what was refunded beside what was paid, and the order to refund until none is left', async () => {
    const carlaOf = async () => ((await list({ searchKeyword: 'carla' })).body.payload as Page).attendees[0]!;
    const before = await carlaOf();
    expect(before).toMatchObject({ paidAmount: 1500, refundedAmount: 0 });
    const orderId = before.refundableOrderId!;
    const refund = (body: Record<string, unknown>) =>
      callEndpoint(t, endpoints.order.refund, { token, body: { orderId, ...body } });

    expect((await refund({ amount: 500 })).status).toBe(200);
    expect(await carlaOf()).toMatchObject({ paidAmount: 1500, refundedAmount: 500, refundableOrderId: orderId });
    // The rest, keeping the ticket: she stays on the list, with nothing left to refund.
    expect((await refund({})).status).toBe(200);
    expect(await carlaOf()).toMatchObject({ paidAmount: 1500, refundedAmount: 1500, refundableOrderId: null });
  });

  it('searches names and e-mails, literally', async () => {
    expect(((await list({ searchKeyword: 'yann' })).body.payload as Page).total).toBe(1);
    expect(((await list({ searchKeyword: 'zoe@' })).body.payload as Page).total).toBe(2);
    expect(((await list({ searchKeyword: 'Zoe Adams' })).body.payload as Page).total).toBe(1);
    expect(((await list({ searchKeyword: '%' })).body.payload as Page).total).toBe(1);
    expect(((await list({ searchKeyword: 'ghost' })).body.payload as Page).total).toBe(0);
  });

  it('finds a registration by its id or the first characters of it, and only in this event', async () => {
    const all = ((await list({})).body.payload as Page).attendees;
    const zoe = all.find((a) => a.lastName === 'Adams')!;
    const byId = (await list({ searchKeyword: zoe.registrationId })).body.payload as Page;
    expect(byId.attendees.map((a) => a.lastName).sort()).toEqual(['Adams', 'Brook']);
    const byPrefix = (await list({ searchKeyword: zoe.registrationId.slice(0, 8).toUpperCase() })).body.payload as Page;
    expect(byPrefix.attendees.map((a) => a.registrationId)).toEqual([zoe.registrationId, zoe.registrationId]);
    // Another club's admin hears nothing of it.
    expect((await list({ searchKeyword: zoe.registrationId }, otherToken)).status).toBe(404);
  });

  it('pages', async () => {
    const second = (await list({ page: 2, pageSize: 2 })).body.payload as Page;
    expect(second.total).toBe(3);
    expect(second.attendees.map((a) => a.lastName)).toEqual(['Cruz_Percent%']);
  });

  it('filters Pending and Checked-in', async () => {
    const all = (await list({})).body.payload as Page;
    const first = all.attendees[0]!;
    const saved = await callEndpoint(t, endpoints.checkin.save, {
      token,
      body: { eventId: event.id, registrationId: first.registrationId, attendeeId: first.attendeeId },
    });
    expect(saved.status).toBe(200);
    expect(((await list({ checkedIn: 'true' })).body.payload as Page).attendees.map((a) => a.firstName)).toEqual([
      'Zoe',
    ]);
    expect(((await list({ checkedIn: 'false' })).body.payload as Page).total).toBe(2);
    // The filter's empty choice and an empty sortBy read as left out: everyone, by name.
    const everyone = (await list({ checkedIn: '', sortBy: '' })).body.payload as Page;
    expect(everyone.total).toBe(3);
    expect(everyone.attendees.map((a) => a.firstName)).toEqual(all.attendees.map((a) => a.firstName));
  });

  it('answers 400 for bad paging or sorting, 404 to another club', async () => {
    expect((await list({ page: 0 })).status).toBe(400);
    expect((await list({ pageSize: 1000 })).status).toBe(400);
    expect((await list({ sortBy: 'password' })).status).toBe(400);
    expect((await list({}, otherToken)).status).toBe(404);
  });
});
