import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TOrder, type TRegistration } from '@clubtix/contract';
import { discounts, events, registrations, tickets } from '../../../db/schema';
import { startPayment } from '../../../../test/buying';
import { addTicket, publishEvent } from '../../../../test/catalogue';
import { createAdminApp, type TestApp } from '../../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };

/**
 * DECISIONS 23: a buyer who starts over (a new hold with the same e-mail for the same event) lets
 * their earlier unpaid hold go, so the tickets they abandoned are not "reserved" against them or
 * anyone else for the rest of its 15 minutes. One whose payment has started is kept: it may still be
 * paid. The case of many buyers on several processes is in hold-batches.int.test.ts.
 */
describe('a buyer who starts over', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  const hold = (eventId: string, email: string, ticketId: string, quantity: number, discountCode?: string) =>
    callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId, email, tickets: [{ ticketId, quantity }], discountCode },
    });
  const statusOf = async (init: Init) =>
    (
      await t.db
        .select({ status: registrations.status })
        .from(registrations)
        .where(eq(registrations.id, init.registration.registrationId))
    )[0]!.status;
  const counters = async (eventId: string, ticketId: string) => ({
    ticket: (await t.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!.reservedCount,
    event: (await t.db.select().from(events).where(eq(events.id, eventId)))[0]!.reservedCount,
  });
  const offered = async (eventId: string) =>
    expectPayload(await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId } }));

  it('lets the earlier hold go: the new one is held, the seats of the old are free again', async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 3 });
    const first = expectPayload(await hold(event.id, 'again@example.org', ticket.id, 3));
    expect(await offered(event.id)).toMatchObject([{ available: 0, held: 3 }]);

    // The same buyer, typed in another case, starts over with 2 of the 3.
    const second = expectPayload(await hold(event.id, 'Again@Example.org', ticket.id, 2));
    expect(await statusOf(first)).toBe('expired');
    expect(await statusOf(second)).toBe('pending');
    expect(await counters(event.id, ticket.id)).toEqual({ ticket: 2, event: 2 });
    expect(await offered(event.id)).toMatchObject([{ available: 1, held: 2 }]);

    // Someone else takes the one left; nobody else's hold is touched.
    const other = expectPayload(await hold(event.id, 'other@example.org', ticket.id, 1));
    expect(await statusOf(second)).toBe('pending');
    expect(await statusOf(other)).toBe('pending');
    expect(await counters(event.id, ticket.id)).toEqual({ ticket: 3, event: 3 });
  });

  it("keeps a hold whose payment has started, and touches no other event's hold", async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 4 });
    const elsewhere = await publishEvent(t, token);
    const elsewhereTicket = await addTicket(t, token, elsewhere.id, { quantity: 4 });
    const paying = expectPayload(await hold(event.id, 'paying@example.org', ticket.id, 2));
    await startPayment(t, paying.registration);
    const onOtherEvent = expectPayload(await hold(elsewhere.id, 'paying@example.org', elsewhereTicket.id, 1));

    const again = expectPayload(await hold(event.id, 'paying@example.org', ticket.id, 2));
    expect(await statusOf(paying)).toBe('pending');
    expect(await statusOf(onOtherEvent)).toBe('pending');
    expect(await statusOf(again)).toBe('pending');
    expect(await counters(event.id, ticket.id)).toEqual({ ticket: 4, event: 4 });
  });

  it("gives back the earlier hold's code use, so a code of one use works again for the same buyer", async () => {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { quantity: 10, price: 2000 });
    const code = expectPayload(
      await callEndpoint(t, endpoints.discount.save, {
        token,
        body: { eventId: event.id, code: 'ONCE-ONLY', kind: 'percent', value: 50, maxUses: 1 },
      }),
    );
    const first = expectPayload(await hold(event.id, 'coded@example.org', ticket.id, 1, 'once-only'));
    expect(first.order).toMatchObject({ amount: 1000, discountCode: 'ONCE-ONLY' });
    // Another buyer cannot have it while it is held.
    expect((await hold(event.id, 'someone@example.org', ticket.id, 1, 'ONCE-ONLY')).status).toBe(400);

    const second = expectPayload(await hold(event.id, 'coded@example.org', ticket.id, 2, 'ONCE-ONLY'));
    expect(second.order).toMatchObject({ amount: 2000, discountCode: 'ONCE-ONLY' });
    expect(await statusOf(first)).toBe('expired');
    const [row] = await t.db.select().from(discounts).where(eq(discounts.id, code.id));
    expect(row!.usedCount).toBe(1);
    expect(await counters(event.id, ticket.id)).toEqual({ ticket: 2, event: 2 });
  });
});
