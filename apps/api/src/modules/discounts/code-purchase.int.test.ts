import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TEvent, type TOrder, type TRegistration, type TTicket } from '@clubtix/contract';
import { lapseHold, payFor } from '../../../test/buying';
import { createExtras, createTicket, daysFromNow, publishEvent } from '../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../test/helpers';
import { discounts, mailOutbox, orders } from '../../db/schema';
import { callEndpoint, expectPayload } from '../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };

/** A buyer's codes (docs/product.md section 19): what the hold and the order take off, and each use. */
describe('codes in the purchase', () => {
  let t: TestApp;
  let token: string;
  let event: TEvent;
  let adult: TTicket;
  let child: TTicket;
  let crew: TTicket;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
    event = await publishEvent(t, token);
    adult = await createTicket(t, token, event.id, { name: 'Adult', price: 2000 });
    child = await createTicket(t, token, event.id, { name: 'Child', price: 1000 });
    crew = await createTicket(t, token, event.id, { name: 'Crew', price: 500, hidden: true });
  });
  afterAll(async () => t.close());

  let serial = 0;
  const newCode = async (body: Record<string, unknown>) =>
    expectPayload(
      await callEndpoint(t, endpoints.discount.save, {
        token,
        body: { eventId: event.id, code: `CODE-${(serial += 1)}`, kind: 'percent', value: 10, ...body },
      }),
    );
  const hold = (tickets: { ticketId: string; quantity: number }[], discountCode?: string) =>
    callEndpoint(t, endpoints.registration.initRegistration, {
      body: { eventId: event.id, email: `buyer${(serial += 1)}@example.org`, tickets, discountCode },
    });
  const order = (init: Init, fields: Record<string, unknown> = {}) =>
    callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: init.registration.registrationId, qrUuid: init.registration.qrUuid, ...fields },
    });
  const usedOf = async (id: string) => (await t.db.select().from(discounts).where(eq(discounts.id, id)))[0]!.usedCount;

  it('takes the discount off the hold, records the code on the order and takes one use', async () => {
    const code = await newCode({ kind: 'amount', value: 300, ticketIds: [adult.id], maxUses: 5 });
    const init = expectPayload(
      await hold(
        [
          { ticketId: adult.id, quantity: 2 },
          { ticketId: child.id, quantity: 1 },
        ],
        code.code.toLowerCase(),
      ),
    );
    expect(init.order).toMatchObject({ amount: 5000 - 600, discountCode: code.code, discountAmount: 600 });
    expect(await usedOf(code.id)).toBe(1);
  });

  it('says which code cannot be used, on the discountCode field, and holds nothing', async () => {
    const usedUp = await newCode({ maxUses: 1 });
    await t.db.update(discounts).set({ usedCount: 1 }).where(eq(discounts.id, usedUp.id));
    const cases: [string, string][] = [
      ['NO-SUCH-CODE', 'This code is not valid for this event'],
      [(await newCode({ isActive: false })).code, 'This code is not valid for this event'],
      [(await newCode({ validFrom: daysFromNow(1) })).code, 'This code is not valid yet'],
      [(await newCode({ validUntil: daysFromNow(-1) })).code, 'This code has expired'],
      [usedUp.code, 'This code has been used up'],
      [(await newCode({ ticketIds: [child.id] })).code, 'This code does not apply to the tickets you chose'],
    ];
    const before = expectPayload(
      await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } }),
    );
    for (const [code, message] of cases) {
      const response = await hold([{ ticketId: adult.id, quantity: 1 }], code);
      expectError(response, 400, 'BAD_INPUT');
      expect(response.body.errors).toEqual([{ path: 'discountCode', message }]);
    }
    const after = expectPayload(
      await callEndpoint(t, endpoints.ticket.getTicketsByEventId, { query: { eventId: event.id } }),
    );
    expect(after).toEqual(before);
  });

  it('refuses a hidden ticket without a code naming it, and holds it with one', async () => {
    const everyone = await newCode({});
    for (const code of [undefined, everyone.code]) {
      const response = await hold([{ ticketId: crew.id, quantity: 1 }], code);
      expectError(response, 400, 'BAD_INPUT');
      expect(response.body.errors).toEqual([{ path: 'tickets', message: 'This ticket needs an access code' }]);
    }
    const access = await newCode({ ticketIds: [crew.id], value: 100 });
    const init = expectPayload(await hold([{ ticketId: crew.id, quantity: 2 }], access.code));
    expect(init.order).toMatchObject({ amount: 0, discountAmount: 1000, discountCode: access.code });
  });

  it('lets the order switch the code, giving the old use back; remove it with null; keep it when absent', async () => {
    const first = await newCode({ value: 50 });
    const second = await newCode({ kind: 'amount', value: 100 });
    const init = expectPayload(await hold([{ ticketId: adult.id, quantity: 2 }], first.code));
    expect(init.order).toMatchObject({ amount: 2000, discountAmount: 2000 });
    const extra = await createExtras(t, token, event.id, { name: 'Programme', price: 500 });
    const kept = expectPayload(await order(init, { extras: [{ extrasId: extra.id, quantity: 1 }] }));
    // Extras are never discounted.
    expect(kept.order).toMatchObject({ amount: 2500, discountCode: first.code, discountAmount: 2000 });
    const switched = expectPayload(
      await order(init, { extras: [{ extrasId: extra.id, quantity: 1 }], discountCode: second.code }),
    );
    expect(switched.order).toMatchObject({ amount: 4300, discountCode: second.code, discountAmount: 200 });
    expect([await usedOf(first.id), await usedOf(second.id)]).toEqual([0, 1]);
    const again = expectPayload(await order(init, { discountCode: second.code.toLowerCase() }));
    expect(again.order).toMatchObject({ amount: 3800, discountAmount: 200 });
    expect(await usedOf(second.id)).toBe(1);
    const removed = expectPayload(await order(init, { discountCode: null }));
    expect(removed.order).toMatchObject({ amount: 4000, discountCode: null, discountAmount: 0 });
    expect(await usedOf(second.id)).toBe(0);
    const refused = await order(init, { discountCode: 'NO-SUCH-CODE' });
    expectError(refused, 400, 'BAD_INPUT');
    expect(refused.body.errors?.[0]?.path).toBe('discountCode');
  });

  it('confirms an order a code made free, as any free order', async () => {
    const full = await newCode({ value: 100 });
    const init = expectPayload(await hold([{ ticketId: child.id, quantity: 1 }], full.code));
    const priced = expectPayload(await order(init));
    expect(priced.order).toMatchObject({ amount: 0, paymentStatus: 'paid', discountAmount: 1000 });
    const read = expectPayload(
      await callEndpoint(t, endpoints.registration.getRegistration, {
        query: { registrationId: init.registration.registrationId, qrUuid: init.registration.qrUuid },
      }),
    );
    expect(read.status).toBe('confirmed');
    expect(await usedOf(full.id)).toBe(1);
  });

  it('shows the discount in the paid order and the ticket mail, and keeps the use once paid', async () => {
    const code = await newCode({ kind: 'amount', value: 500, code: 'Spring5' });
    const init = expectPayload(await hold([{ ticketId: adult.id, quantity: 1 }], 'spring5'));
    const paid = await payFor(t, init.registration);
    const confirmed = await callEndpoint(t, endpoints.stripe.confirmPayment, {
      body: { paymentIntentId: paid.paymentIntentId, testCard: '4242 4242 4242 4242' },
    });
    expect(confirmed.body.payload!.order).toMatchObject({
      amount: 1500,
      discountCode: 'Spring5',
      discountAmount: 500,
      paymentStatus: 'paid',
    });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `tickets:${init.registration.registrationId}`));
    expect(mail!.text).toContain('Discount (Spring5): \u2212£5\nPaid: £15');
    await lapseHold(t, init.registration.registrationId);
    expect(await usedOf(code.id)).toBe(1);
  });

  it('gives the use back when the hold lapses, or a pending registration is cancelled or deleted', async () => {
    const code = await newCode({ maxUses: 3 });
    const inits = [];
    for (let i = 0; i < 3; i += 1)
      inits.push(expectPayload(await hold([{ ticketId: adult.id, quantity: 1 }], code.code)));
    expect(await usedOf(code.id)).toBe(3);
    expectError(await hold([{ ticketId: adult.id, quantity: 1 }], code.code), 400, 'BAD_INPUT', /used up/);
    await lapseHold(t, inits[0]!.registration.registrationId);
    expect(await usedOf(code.id)).toBe(2);
    const cancelled = await callEndpoint(t, endpoints.registration.updateStatus, {
      token,
      body: { registrationId: inits[1]!.registration.registrationId, status: 'cancelled' },
    });
    expect(cancelled.status, cancelled.body.msg).toBe(200);
    expect(await usedOf(code.id)).toBe(1);
    const removed = await callEndpoint(t, endpoints.attendees.removeRegistration, {
      token,
      query: { registrationId: inits[2]!.registration.registrationId, eventId: event.id },
    });
    expect(removed.status, removed.body.msg).toBe(200);
    expect(await usedOf(code.id)).toBe(0);
    const last = expectPayload(await hold([{ ticketId: adult.id, quantity: 1 }], code.code));
    expect(await usedOf(code.id)).toBe(1);
    const dropped = await callEndpoint(t, endpoints.attendees.deleteAttendee, {
      token,
      query: { attendeeId: last.registration.attendees[0]!.attendeeId, eventId: event.id },
    });
    expect(dropped.status, dropped.body.msg).toBe(200);
    expect(await usedOf(code.id)).toBe(0);
  });

  it('keeps the code and amount on orders when the code is deleted', async () => {
    const code = await newCode({ kind: 'amount', value: 250 });
    const init = expectPayload(await hold([{ ticketId: adult.id, quantity: 1 }], code.code));
    const deleted = await callEndpoint(t, endpoints.discount.deleteDiscount, { token, body: { discountId: code.id } });
    expect(deleted.status).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, init.order.id));
    expect(row).toMatchObject({ discountId: null, discountCode: code.code, discountAmount: 250, amount: 1750 });
    const priced = expectPayload(await order(init));
    expect(priced.order).toMatchObject({ amount: 1750, discountCode: code.code, discountAmount: 250 });
  });
});
