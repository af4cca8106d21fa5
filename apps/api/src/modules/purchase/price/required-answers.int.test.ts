import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type TFormQuestion, type TOrder, type TRegistration, type BodyOf } from '@clubtix/contract';
import { addTicket, publishEvent } from '../../../../test/catalogue';
import { createAdminApp, expectError, type TestApp } from '../../../../test/helpers';
import { callEndpoint, expectPayload } from '../../../../test/call-endpoint';

type Init = { registration: TRegistration; order: TOrder };

/**
 * docs/product.md section 14: answers are validated on the server against the questions. A buyer who
 * skips /registration/save is held to the form when the order is priced, and when it is paid.
 */
describe('required questions before the order', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await createAdminApp());
  });
  afterAll(async () => t.close());

  async function eventWithForm(questions: BodyOf<typeof endpoints.form.save>['questions']) {
    const event = await publishEvent(t, token);
    const ticket = await addTicket(t, token, event.id, { price: 1500, quantity: 10 });
    const form =
      questions.length === 0
        ? []
        : expectPayload(await callEndpoint(t, endpoints.form.save, { token, body: { eventId: event.id, questions } }));
    return { event, ticket, form };
  }

  async function hold(eventId: string, ticketId: string, quantity: number) {
    return expectPayload(
      await callEndpoint(t, endpoints.registration.initRegistration, {
        body: { eventId, email: 'skipper@example.org', tickets: [{ ticketId, quantity }] },
      }),
    );
  }

  const createOrder = (init: Init) =>
    callEndpoint(t, endpoints.order.createOrder, {
      body: { registrationId: init.registration.registrationId, qrUuid: init.registration.qrUuid },
    });
  const save = (init: Init, answers: Record<string, string>, perAttendee: Record<string, string>) =>
    callEndpoint(t, endpoints.registration.save, {
      body: {
        registrationId: init.registration.registrationId,
        qrUuid: init.registration.qrUuid,
        attendees: init.registration.attendees.map((a, i) => ({
          attendeeId: a.attendeeId,
          firstName: `Sam${i}`,
          lastName: 'Skipper',
          email: `sam${i}@example.org`,
          answers: perAttendee,
        })),
        answers,
      },
    });
  const startPaying = (orderId: string) => callEndpoint(t, endpoints.stripe.createPaymentIntent, { body: { orderId } });
  const pay = (paymentIntentId: string) =>
    callEndpoint(t, endpoints.stripe.confirmPayment, { body: { paymentIntentId, testCard: '4242424242424242' } });

  it('answers 400 with each missing answer, as save words them, until the details are saved', async () => {
    const { event, ticket, form } = await eventWithForm([
      { type: 4, label: 'Shirt size', required: true, options: ['S', 'M', 'L'], perAttendee: true },
      { type: 0, label: 'Club name', required: true, perAttendee: false },
      { type: 0, label: 'Dietary needs', required: false, perAttendee: true },
    ]);
    const [shirt, club] = form;
    const init = await hold(event.id, ticket.id, 2);

    const skipped = await createOrder(init);
    expectError(skipped, 400, 'BAD_INPUT', 'Club name is required');
    expect(skipped.body.errors).toEqual([
      { path: `answers.${club!.id}`, message: 'Club name is required' },
      { path: `attendees.0.answers.${shirt!.id}`, message: 'Shirt size is required' },
      { path: `attendees.1.answers.${shirt!.id}`, message: 'Shirt size is required' },
    ]);
    // The same list save gives for the same details.
    const unsaved = await save(init, {}, {});
    expect({ msg: unsaved.body.msg, errors: unsaved.body.errors }).toEqual({
      msg: skipped.body.msg,
      errors: skipped.body.errors,
    });

    // Nor can the order be paid without them (its id came with the hold).
    expectError(await startPaying(init.order.id), 400, 'BAD_INPUT', 'Club name is required');

    // Half of it saved is not enough: only what is still missing is listed.
    expect((await save(init, { [club!.id]: 'Harbour RC' }, {})).status).toBe(400);
    expect((await createOrder(init)).status).toBe(400);

    expect((await save(init, { [club!.id]: 'Harbour RC' }, { [shirt!.id]: 'M' })).status).toBe(200);
    const { order } = expectPayload(await createOrder(init));
    expect(order).toMatchObject({ amount: 3000, paymentStatus: 'pending' });
    const intent = expectPayload(await startPaying(order.id));
    expect((await pay(intent.paymentIntentId)).status).toBe(200);
  });

  it('lists only the missing answers when part of the form was saved', async () => {
    const { event, ticket, form } = await eventWithForm([
      { type: 4, label: 'Shirt size', required: true, options: ['S', 'M', 'L'], perAttendee: true },
      { type: 0, label: 'Club name', required: true, perAttendee: false },
    ]);
    const [shirt] = form;
    const init = await hold(event.id, ticket.id, 1);
    const saveForm = async (required: (q: TFormQuestion) => boolean) =>
      expectPayload(
        await callEndpoint(t, endpoints.form.save, {
          token,
          body: {
            eventId: event.id,
            questions: form.map(({ id, type, label, options, perAttendee }) => ({
              ...{ id, type, label, options, perAttendee },
              required: required({ id } as TFormQuestion),
            })),
          },
        }),
      );
    // Saved before the club question was made required (an admin changed the form meanwhile).
    await saveForm((q) => q.id === shirt!.id);
    expect((await save(init, {}, { [shirt!.id]: 'S' })).status).toBe(200);
    await saveForm(() => true);
    const refused = await createOrder(init);
    expectError(refused, 400, 'BAD_INPUT', 'Club name is required');
    expect(refused.body.errors).toHaveLength(1);
  });

  it('leaves events without a required question alone: init, createOrder, pay', async () => {
    const forms: BodyOf<typeof endpoints.form.save>['questions'][] = [
      [],
      [{ type: 0, label: 'Anything else?', required: false, perAttendee: true }],
    ];
    for (const questions of forms) {
      const { event, ticket } = await eventWithForm(questions);
      const init = await hold(event.id, ticket.id, 1);
      const { order } = expectPayload(await createOrder(init));
      const intent = expectPayload(await startPaying(order.id));
      const paid = await pay(intent.paymentIntentId);
      expect(paid.status).toBe(200);
      expect((paid.body.payload as { registration: TRegistration }).registration.status).toBe('confirmed');
    }
  });
});
