import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  type TEvent,
  type TExtras,
  type TOrder,
  type TPaymentIntent,
  type TRegistration,
  type BodyOf,
} from '@clubtix/contract';
import { buyTickets, confirmPayment, holdTickets, lapseHold } from '../../../test/buying';
import { createEvent, createExtras, createTicket, eventBody, payloadOf } from '../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

/**
 * What buyers have held or bought stays: an event, ticket type or extra with sales answers 409 to
 * removal (deactivate or cancel it instead), and no quantity or capacity drops below what is taken.
 */
describe('the catalogue once it has sales', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  const people = [
    { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org' },
    { firstName: 'Bob', lastName: 'Lee', email: 'bob@example.org' },
  ];
  const getEvent = async (eventId: string) =>
    expectPayload(await callEndpoint(t, endpoints.event.getEvent, { token, query: { eventId } }));
  const getTicket = async (ticketId: string) =>
    expectPayload(await callEndpoint(t, endpoints.ticket.getTicketById, { token, query: { ticketId } }));
  const removeEvent = (eventId: string) => callEndpoint(t, endpoints.event.removeEvent, { token, query: { eventId } });
  const removeTicket = (ticketId: string) =>
    callEndpoint(t, endpoints.ticket.removeTicket, { token, body: { ticketId } });
  const cancel = (registration: TRegistration) =>
    callEndpoint(t, endpoints.registration.updateStatus, {
      token,
      body: { registrationId: registration.registrationId, status: 'cancelled' },
    });

  async function eventWithHold(title: string) {
    const event = await createEvent(t, token, { title, capacity: 50 });
    const ticket = await createTicket(t, token, event.id, { quantity: 10 });
    const registration = await holdTickets(t, event.id, ticket.id, 'buyer@example.org', people);
    expect(await getTicket(ticket.id)).toMatchObject({ available: 8 });
    return { event, ticket, registration };
  }

  it('refuses to remove an event with tickets held or sold, and keeps all of it', async () => {
    const held = await eventWithHold('Held Event');
    expectError(await removeEvent(held.event.id), 409, 'CONFLICT', /cancel it instead/);
    expect(await getEvent(held.event.id)).toEqual(held.event);
    expect(await getTicket(held.ticket.id)).toMatchObject({ available: 8 });

    const sold = await createEvent(t, token, { title: 'Sold Event' });
    const ticket = await createTicket(t, token, sold.id);
    await buyTickets(t, sold.id, ticket.id, 'paid@example.org', people);
    expectError(await removeEvent(sold.id), 409, 'CONFLICT');
    expect(await getEvent(sold.id)).toEqual(sold);
  });

  /** The admin's delete is refused, and the event is still there as it was. */
  async function expectKept(event: TEvent) {
    expectError(await removeEvent(event.id), 409, 'CONFLICT', /cancel it instead/);
    expect(await getEvent(event.id)).toEqual(event);
  }

  it('refuses to remove an event while an order of a lapsed hold is being paid, and once it is paid', async () => {
    const { event, ticket, registration } = await eventWithHold('Paying Late');
    const { order } = expectPayload(
      await callEndpoint(t, endpoints.order.createOrder, {
        body: { registrationId: registration.registrationId, qrUuid: registration.qrUuid },
      }),
    );
    const intent = expectPayload(
      await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId: order.id } }),
    );
    // The hold lapses: its seats are given back, and only the started payment says money may come.
    await lapseHold(t, registration.registrationId);
    expect(await getTicket(ticket.id)).toMatchObject({ available: 10 });
    await expectKept(event);

    const paid = await confirmPayment(t, intent.paymentIntentId);
    expect((paid.body.payload as { order: TOrder }).order.paymentStatus).toBe('paid');
    await expectKept(event);
  });

  it('refuses to remove an event while a donation or extras bought alone are being paid, and once paid', async () => {
    for (const kind of ['donation', 'extras'] as const) {
      const event = await createEvent(t, token, { title: `Paying ${kind}`, donationsEnabled: true });
      let intent: TPaymentIntent;
      if (kind === 'donation') {
        const { sponsorship } = expectPayload(
          await callEndpoint(t, endpoints.sponsorship.create, {
            body: { eventId: event.id, amount: 2500, name: 'Dora Donor', email: 'dora@example.org' },
          }),
        );
        intent = expectPayload(
          await callEndpoint(t, endpoints.sponsorship.createSponsorshipPaymentIntent, {
            body: { sponsorshipId: sponsorship.id },
          }),
        );
      } else {
        const extra = await createExtras(t, token, event.id, { name: 'Programme', price: 300 });
        const purchase = expectPayload(
          await callEndpoint(t, endpoints.extrasPurchase.purchaseExtras, {
            body: { eventId: event.id, extrasId: extra.id, quantity: 1, email: 'reader@example.org' },
          }),
        );
        intent = expectPayload(
          await callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { extrasPurchaseId: purchase.id } }),
        );
      }
      await expectKept(event);
      expect((await confirmPayment(t, intent.paymentIntentId)).status).toBe(200);
      await expectKept(event);
    }
  });

  it('removes an event whose only registration was cancelled', async () => {
    const { event, registration } = await eventWithHold('Cancelled Sale');
    expect((await cancel(registration)).status).toBe(200);
    expect((await removeEvent(event.id)).status).toBe(200);
    expectError(
      await callEndpoint(t, endpoints.event.getEvent, { token, query: { eventId: event.id } }),
      404,
      'NOT_FOUND',
    );
  });

  it('keeps the capacity of an event and the quantity of a ticket at or above what is held', async () => {
    const { event, ticket } = await eventWithHold('Tight Event');
    const save = (body: BodyOf<typeof endpoints.event.save>) => callEndpoint(t, endpoints.event.save, { token, body });
    const lowCapacity = await save(eventBody({ id: event.id, title: event.title, capacity: 1 }));
    expectError(lowCapacity, 409, 'CONFLICT', /Capacity cannot be lower than the 2/);
    expect(lowCapacity.body.errors?.[0]?.path).toBe('capacity');
    expect(await getEvent(event.id)).toEqual(event);
    expect((await save(eventBody({ id: event.id, title: event.title, capacity: 2 }))).status).toBe(200);

    const saveTicket = (quantity: number) =>
      callEndpoint(t, endpoints.ticket.save, {
        token,
        body: { id: ticket.id, eventId: event.id, name: 'Adult', price: 2500, quantity },
      });
    const lowQuantity = await saveTicket(1);
    expectError(lowQuantity, 409, 'CONFLICT', /Quantity cannot be lower than the 2/);
    expect(lowQuantity.body.errors?.[0]?.path).toBe('quantity');
    expect(await getTicket(ticket.id)).toMatchObject({ quantity: 10, available: 8 });
    expect(expectPayload(await saveTicket(2))).toMatchObject({ quantity: 2, available: 0 });
  });

  it('refuses to remove a ticket type that was held, even after the hold was cancelled', async () => {
    const { ticket, registration } = await eventWithHold('Ticket History');
    expectError(await removeTicket(ticket.id), 409, 'CONFLICT', /deactivate it instead/);
    expect((await cancel(registration)).status).toBe(200);
    expect(await getTicket(ticket.id)).toMatchObject({ available: 10 });
    expectError(await removeTicket(ticket.id), 409, 'CONFLICT', /deactivate it instead/);
    expect(await getTicket(ticket.id)).toEqual({ ...ticket, sold: 0, available: 10 });
  });

  it('refuses to remove an extra that is in an order', async () => {
    const { event, registration } = await eventWithHold('Extras History');
    const extra: TExtras = await createExtras(t, token, event.id, { name: 'Programme' });
    const order = await callEndpoint(t, endpoints.order.createOrder, {
      body: {
        registrationId: registration.registrationId,
        qrUuid: registration.qrUuid,
        extras: [{ extrasId: extra.id, quantity: 1 }],
      },
    });
    expect(order.status).toBe(200);
    const response = await callEndpoint(t, endpoints.extras.removeExtras, {
      token,
      query: { extrasId: extra.id, eventId: event.id },
    });
    expectError(response, 409, 'CONFLICT', /deactivate it instead/);
    expect(
      payloadOf(await callEndpoint(t, endpoints.extras.getExtras, { token, query: { eventId: event.id } })),
    ).toEqual([extra]);
  });
});
