import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  type TAttendeeListItem,
  type TCheckinStatistics,
  type TEvent,
  type TOrderCounts,
  type TOrderListItem,
  type TRegistration,
  type TTicket,
} from '@clubtix/contract';
import { downloadAttendees, readSheet } from '../../../test/attendee-data';
import { buyTickets, confirmPayment, type Person } from '../../../test/buying';
import { addTicket, publishEvent } from '../../../test/catalogue';
import { checkIn, qrOf, scan } from '../../../test/door';
import { call, createAdminApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint } from '../../../test/call-endpoint';

const people = (...names: string[]): Person[] =>
  names.map((name) => ({ firstName: name, lastName: 'Payer', email: `${name.toLowerCase()}@example.org` }));

/**
 * docs/product.md section 17 and docs/product.md section 4: deleting the last attendee of a registration deletes
 * the registration, also a paid one. What an admin checks afterwards, through the API: the people are
 * gone from the list, the export, the statistics and the door, the seats are for sale again, and the
 * money is not lost: the order is still listed, as refund_required.
 */
describe('deleting a paid registration', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let ticket: TTicket;

  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token, { maxTicketsPerOrder: 10 });
    ticket = await addTicket(t, token, event.id, { name: 'Adult', price: 2500, quantity: 20 });
  });
  afterAll(async () => t.close());

  const get = async <T>(path: string, query: Record<string, string>) => {
    const response = await call(t, 'GET', path, { token, query });
    expect(response.status, response.body.msg).toBe(200);
    return response.body.payload as T;
  };
  const attendeeList = () =>
    get<{ attendees: TAttendeeListItem[]; total: number }>('/registration/getAttendees', {
      eventId: event.id,
      pageSize: '500',
    });
  const sold = async () => (await get<TTicket>('/ticket/getTicketById', { ticketId: ticket.id })).sold;
  const ordersOf = async (registrationId: string) =>
    (await get<TOrderListItem[]>('/order/getOrdersByEventId', { eventId: event.id })).filter(
      (order) => order.registrationId === registrationId,
    );
  const orderCounts = () => get<TOrderCounts>('/order/getOrderCountsByEventId', { eventId: event.id });
  const statistics = () => get<TCheckinStatistics>('/checkin/getStatistics', { eventId: event.id });
  const listed = async (registration: TRegistration) =>
    (await attendeeList()).attendees.filter((attendee) => attendee.registrationId === registration.registrationId);
  const exportedIds = async () => {
    const rows = await readSheet((await downloadAttendees(t, token, event.id)).body);
    return rows.slice(1).map((row) => row[0] as string);
  };

  it('deleteAttendee of its one attendee deletes the registration and keeps the order, to refund', async () => {
    const { registration, paymentIntentId } = await buyTickets(
      t,
      event.id,
      ticket.id,
      'ola@example.org',
      people('Ola'),
    );
    const [ola] = registration.attendees;
    expect((await checkIn(t, token, event.id, registration.registrationId, ola!.attendeeId)).status).toBe(200);
    expect(await listed(registration)).toHaveLength(1);
    const soldBefore = await sold();
    const countsBefore = await orderCounts();
    const statsBefore = await statistics();

    const response = await callEndpoint(t, endpoints.attendees.deleteAttendee, {
      token,
      query: { attendeeId: ola!.attendeeId, eventId: event.id },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      payload: { registrationDeleted: true },
      msg: 'Attendee and registration deleted; its paid order is kept and marked Refund required',
    });

    expect(await listed(registration)).toEqual([]);
    expect(await sold()).toBe(soldBefore - 1);
    const [order, ...more] = await ordersOf(registration.registrationId);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ paymentStatus: 'refund_required', amount: 2500, buyerEmail: 'ola@example.org' });
    expect(order!.paidAt).not.toBeNull();
    const toRefund = await get<TOrderListItem[]>('/order/getOrdersByEventId', {
      eventId: event.id,
      paymentStatus: 'refund_required',
    });
    expect(toRefund.map((listedOrder) => listedOrder.id)).toContain(order!.id);
    expect(await orderCounts()).toEqual({
      total: countsBefore.total,
      paid: countsBefore.paid - 1,
      refunded: countsBefore.refunded,
      refundRequired: countsBefore.refundRequired + 1,
    });

    // Gone wherever attendees are read: statistics, the export, the door.
    const stats = await statistics();
    expect(stats.totalRegistrationCount).toBe(statsBefore.totalRegistrationCount - 1);
    expect(stats.totalAttendeeCount).toBe(statsBefore.totalAttendeeCount - 1);
    expect(stats.totalCheckinCount).toBe(statsBefore.totalCheckinCount - 1);
    expect(await exportedIds()).not.toContain(registration.registrationId);
    expectError(await scan(t, token, event.id, qrOf(registration, ola)), 404, 'NOT_FOUND');
    expectError(
      await callEndpoint(t, endpoints.attendees.deleteAttendee, {
        token,
        query: { attendeeId: ola!.attendeeId, eventId: event.id },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await callEndpoint(t, endpoints.attendees.removeRegistration, {
        token,
        query: { registrationId: registration.registrationId, eventId: event.id },
      }),
      404,
      'NOT_FOUND',
      'Registration not found',
    );
    // Its own reads find nothing either, and it cannot be confirmed back into an empty registration.
    const { registrationId, qrUuid } = registration;
    expectError(
      await callEndpoint(t, endpoints.registration.getRegistrationById, { token, query: { registrationId } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await callEndpoint(t, endpoints.registration.getRegistration, { query: { registrationId, qrUuid } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await callEndpoint(t, endpoints.registration.updateStatus, {
        token,
        body: { registrationId, status: 'confirmed' },
      }),
      404,
      'NOT_FOUND',
      'Registration not found',
    );

    // The provider's confirmation arriving again changes nothing: no registration comes back.
    expect((await confirmPayment(t, paymentIntentId)).status).toBe(200);
    expect((await ordersOf(registration.registrationId))[0]!.paymentStatus).toBe('refund_required');
    expect(await listed(registration)).toEqual([]);
    expect(await sold()).toBe(soldBefore - 1);
    expect((await statistics()).totalRegistrationCount).toBe(statsBefore.totalRegistrationCount - 1);
  });

  it('removeRegistration deletes a paid group, frees its seats and keeps the order, to refund', async () => {
    const { registration } = await buyTickets(t, event.id, ticket.id, 'pia@example.org', people('Pia', 'Quin', 'Rae'));
    const soldBefore = await sold();
    const statsBefore = await statistics();

    const response = await callEndpoint(t, endpoints.attendees.removeRegistration, {
      token,
      query: { registrationId: registration.registrationId, eventId: event.id },
    });
    expect(response.body).toEqual({
      payload: { registrationId: registration.registrationId },
      msg: 'Registration deleted; its paid order is kept and marked Refund required',
    });
    expect(await listed(registration)).toEqual([]);
    expect(await sold()).toBe(soldBefore - 3);
    expect(await ordersOf(registration.registrationId)).toMatchObject([
      { paymentStatus: 'refund_required', amount: 7500, buyerEmail: 'pia@example.org' },
    ]);
    const stats = await statistics();
    expect(stats.totalRegistrationCount).toBe(statsBefore.totalRegistrationCount - 1);
    expect(stats.totalAttendeeCount).toBe(statsBefore.totalAttendeeCount - 3);
    expectError(
      await callEndpoint(t, endpoints.attendees.removeRegistration, {
        token,
        query: { registrationId: registration.registrationId, eventId: event.id },
      }),
      404,
      'NOT_FOUND',
    );
    expect(await sold()).toBe(soldBefore - 3);
  });

  it('the last attendee of a paid group, after the others, takes the registration and marks the order', async () => {
    const { registration } = await buyTickets(t, event.id, ticket.id, 'sam@example.org', people('Sam', 'Tia'));
    const [sam, tia] = registration.attendees;
    const soldBefore = await sold();
    const remove = (attendeeId: string) =>
      callEndpoint(t, endpoints.attendees.deleteAttendee, { token, query: { attendeeId, eventId: event.id } });

    // One of several may go: the order stays as it was paid.
    expect((await remove(sam!.attendeeId)).body).toEqual({
      payload: { registrationDeleted: false },
      msg: 'Attendee deleted',
    });
    expect((await ordersOf(registration.registrationId))[0]!.paymentStatus).toBe('paid');
    expect((await remove(tia!.attendeeId)).body.payload).toEqual({ registrationDeleted: true });
    expect(await sold()).toBe(soldBefore - 2);
    expect(await listed(registration)).toEqual([]);
    expect(await ordersOf(registration.registrationId)).toMatchObject([
      { paymentStatus: 'refund_required', amount: 5000 },
    ]);
  });

  it('deletes a cancelled paid registration without giving its seats back twice', async () => {
    const { registration } = await buyTickets(t, event.id, ticket.id, 'uma@example.org', people('Uma'));
    const soldBefore = await sold();
    const cancel = await callEndpoint(t, endpoints.registration.updateStatus, {
      token,
      body: { registrationId: registration.registrationId, status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    expect(await sold()).toBe(soldBefore - 1);
    // Cancelling marks the payment to be returned; deleting then leaves it so.
    expect((await ordersOf(registration.registrationId))[0]!.paymentStatus).toBe('refund_required');

    const response = await callEndpoint(t, endpoints.attendees.removeRegistration, {
      token,
      query: { registrationId: registration.registrationId, eventId: event.id },
    });
    expect(response.status).toBe(200);
    expect(await sold()).toBe(soldBefore - 1);
    expect((await ordersOf(registration.registrationId))[0]!.paymentStatus).toBe('refund_required');
  });
});
