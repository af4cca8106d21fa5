import {
  endpoints,
  type Endpoint,
  type TAnswers,
  type TEvent,
  type TExtras,
  type TFormQuestion,
  type TOrder,
  type TRegistration,
  type TSponsorshipPackage,
  type TTicket,
} from '@clubtix/contract';
import { catalogueKit, unique, type SeedAdmin } from './catalogue';
import { purchaseKit } from './purchase';
import { sendTyped, type SeedTransport, type TypedRequest } from './transport';

export interface SeededEvent {
  admin: SeedAdmin;
  event: TEvent;
  adult: TTicket;
  junior: TTicket;
  lunch: TExtras;
  gold: TSponsorshipPackage;
  /** Per attendee: dietary needs (short answer, required) and T-shirt size (multiple choice). */
  dietary: TFormQuestion;
  shirt: TFormQuestion;
  /** Once per booking: where they heard of the event (dropdown, required). */
  heardFrom: TFormQuestion;
}

export interface AttendeeDetails {
  firstName: string;
  lastName: string;
  email: string;
}

/** The whole event the buyer's and the door's journeys walk (e2e/fixtures.ts), and buying into it. */
export function regattaKit(transport: SeedTransport) {
  const catalogue = catalogueKit(transport);
  const purchase = purchaseKit(transport);
  const send = async <E extends Endpoint>(what: string, endpoint: E, request: TypedRequest<E>) =>
    (await sendTyped(transport, what, endpoint, request)).payload;
  return {
    /**
     * A published event in London, in pounds, with two ticket types (Adult £25, Junior £10.50), an
     * extra (Picnic lunch £8.50), a sponsorship package (Gold sponsor £750), a three-question form
     * and donations and sponsorships open: everything the selling and door flows touch. Given an
     * admin, the event is another of that admin's club (a second event at the same door staff's club).
     */
    async regatta(clubAdmin?: SeedAdmin): Promise<SeededEvent> {
      const admin = clubAdmin ?? (await catalogue.clubAdmin());
      const token = admin.token;
      const title = unique('Summer Regatta');
      const event = await catalogue.event(token, {
        title,
        slug: title.toLowerCase(),
        venue: 'Harbour Steps',
        startDate: '2030-08-15T09:00:00.000Z',
        endDate: '2030-08-15T16:00:00.000Z',
        donationsEnabled: true,
        sponsorshipsEnabled: true,
      });
      const adult = await catalogue.ticket(token, event.id, { name: 'Adult', price: 2500 });
      const junior = await catalogue.ticket(token, event.id, { name: 'Junior', price: 1050 });
      const lunch = await catalogue.extras(token, event.id, { name: 'Picnic lunch', price: 850 });
      const gold = await catalogue.package(token, event.id, {
        name: 'Gold sponsor',
        amount: 75_000,
        benefits: ['Logo on the boats'],
      });
      const questions = await catalogue.form(token, event.id, [
        // The door shows the answers marked showAtCheckin: diet and how they heard, not the shirt size.
        { type: 0, label: 'Dietary needs', required: true, perAttendee: true, showAtCheckin: true },
        { type: 2, label: 'T-shirt size', required: false, perAttendee: true, options: ['Small', 'Medium', 'Large'] },
        {
          type: 4,
          label: 'How did you hear about us?',
          required: true,
          perAttendee: false,
          showAtCheckin: true,
          options: ['A friend', 'Social media', 'Poster'],
        },
      ]);
      const [dietary, shirt, heardFrom] = questions as [TFormQuestion, TFormQuestion, TFormQuestion];
      return { admin, event, adult, junior, lunch, gold, dietary, shirt, heardFrom };
    },

    /**
     * Adult tickets bought and paid with the test card entirely through the public API, as a buyer's
     * browser would. Each attendee answers the diet question, and `attendeeAnswers` besides.
     */
    async buy(
      seeded: SeededEvent,
      people: AttendeeDetails[],
      attendeeAnswers: TAnswers = {},
    ): Promise<{ registration: TRegistration; order: TOrder }> {
      const held = await purchase.hold({
        eventId: seeded.event.id,
        email: people[0]!.email,
        tickets: [{ ticketId: seeded.adult.id, quantity: people.length }],
      });
      const secret = { registrationId: held.registration.registrationId, qrUuid: held.registration.qrUuid };
      await purchase.fillIn({
        ...secret,
        attendees: held.registration.attendees.map((attendee, index) => ({
          attendeeId: attendee.attendeeId,
          ...people[index]!,
          answers: { [seeded.dietary.id]: 'None', ...attendeeAnswers },
        })),
        answers: { [seeded.heardFrom.id]: 'A friend' },
      });
      const { order } = await purchase.price({ ...secret, extras: [] });
      const intent = await purchase.startPayment({ orderId: order.id });
      const paid = await send('Paying', endpoints.stripe.confirmPayment, {
        body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
      });
      // The confirmation of a ticket purchase carries both (the contract's fields are optional for
      // sponsorships and extras bought alone).
      return paid as { registration: TRegistration; order: TOrder };
    },
  };
}
