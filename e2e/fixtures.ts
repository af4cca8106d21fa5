import type {
  TAnswers,
  TCurrentUser,
  TEvent,
  TExtras,
  TFormQuestion,
  TOrder,
  TPaymentIntent,
  TRegistration,
  TSponsorshipPackage,
  TTicket,
} from '@clubtix/contract';
import { api, unique, type ApiResult } from './helpers';

/** The API's answer, or a failure that says which seeding call went wrong and why. */
function ok<T>(what: string, result: ApiResult<T>): T {
  if (result.status !== 200) {
    throw new Error(`${what} failed with ${result.status}: ${JSON.stringify(result.body)}`);
  }
  return result.body.payload;
}

export interface Admin {
  token: string;
  user: TCurrentUser;
}

/** A new club with its first admin, signed in (self-service sign-up). */
export async function registerClubAdmin(name = 'Ada Admin'): Promise<Admin> {
  const result = await api<{ currentUser: TCurrentUser }>('POST', '/auth/register', {
    body: {
      name,
      email: `${unique('admin')}@example.org`,
      password: 'rowing2026',
      clubName: unique('Harbour Rowing'),
    },
  });
  const payload = ok('Registering a club', result);
  return { token: result.authorization!, user: payload.currentUser };
}

export interface SeededEvent {
  admin: Admin;
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

/**
 * A published event in London, in pounds, with two ticket types (Adult £25, Junior £10.50), an
 * extra (Picnic lunch £8.50), a sponsorship package (Gold sponsor £750), a three-question form and
 * donations and sponsorships open: everything the selling and door flows touch. Given an admin,
 * the event is another of that admin's club (a second event at the same door staff's club).
 */
export async function seedPublishedEvent(clubAdmin?: Admin): Promise<SeededEvent> {
  const admin = clubAdmin ?? (await registerClubAdmin());
  const token = admin.token;
  const title = unique('Summer Regatta');
  const event = ok(
    'Saving the event',
    await api<TEvent>('POST', '/event/save', {
      token,
      body: {
        title,
        slug: title.toLowerCase(),
        venue: 'Harbour Steps',
        startDate: '2030-08-15T09:00:00.000Z',
        endDate: '2030-08-15T16:00:00.000Z',
        timezone: 'Europe/London',
        currency: 'gbp',
        status: 'published',
        donationsEnabled: true,
        sponsorshipsEnabled: true,
      },
    }),
  );
  const saveTicket = async (name: string, price: number) =>
    ok(
      `Saving ticket ${name}`,
      await api<TTicket>('POST', '/ticket/save', { token, body: { eventId: event.id, name, price, quantity: 100 } }),
    );
  const adult = await saveTicket('Adult', 2500);
  const junior = await saveTicket('Junior', 1050);
  const lunch = ok(
    'Saving the extra',
    await api<TExtras>('POST', '/event/saveExtras', {
      token,
      body: { eventId: event.id, name: 'Picnic lunch', price: 850 },
    }),
  );
  const gold = ok(
    'Saving the package',
    await api<TSponsorshipPackage>('POST', '/sponsorship-package/save', {
      token,
      body: { eventId: event.id, name: 'Gold sponsor', amount: 75_000, benefits: ['Logo on the boats'] },
    }),
  );
  const questions = ok(
    'Saving the form',
    await api<TFormQuestion[]>('POST', '/form/save', {
      token,
      body: {
        eventId: event.id,
        questions: [
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
        ],
      },
    }),
  );
  const [dietary, shirt, heardFrom] = questions as [TFormQuestion, TFormQuestion, TFormQuestion];
  return { admin, event, adult, junior, lunch, gold, dietary, shirt, heardFrom };
}

export interface AttendeeDetails {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * A purchase made and paid with the test card entirely through the public API, as a buyer's browser
 * would. Each attendee answers the diet question, and `attendeeAnswers` besides.
 */
export async function buyTicketsViaApi(
  seeded: SeededEvent,
  people: AttendeeDetails[],
  attendeeAnswers: TAnswers = {},
): Promise<{ registration: TRegistration; order: TOrder }> {
  const held = ok(
    'Holding tickets',
    await api<{ registration: TRegistration; order: TOrder }>('POST', '/registration/initRegistration', {
      body: {
        eventId: seeded.event.id,
        email: people[0]!.email,
        tickets: [{ ticketId: seeded.adult.id, quantity: people.length }],
      },
    }),
  );
  const secret = { registrationId: held.registration.registrationId, qrUuid: held.registration.qrUuid };
  ok(
    'Saving the attendees',
    await api<TRegistration>('POST', '/registration/save', {
      body: {
        ...secret,
        attendees: held.registration.attendees.map((attendee, index) => ({
          attendeeId: attendee.attendeeId,
          ...people[index]!,
          answers: { [seeded.dietary.id]: 'None', ...attendeeAnswers },
        })),
        answers: { [seeded.heardFrom.id]: 'A friend' },
      },
    }),
  );
  const { order } = ok(
    'Creating the order',
    await api<{ order: TOrder }>('POST', '/order/createOrder', { body: { ...secret, extras: [] } }),
  );
  const intent = ok(
    'Starting the payment',
    await api<TPaymentIntent>('POST', '/stripe/create-payment-intent', { body: { orderId: order.id } }),
  );
  const paid = ok(
    'Paying',
    await api<{ registration: TRegistration; order: TOrder }>('POST', '/stripe/confirm-payment', {
      body: { paymentIntentId: intent.paymentIntentId, testCard: '4242424242424242' },
    }),
  );
  return paid;
}

/** The registration as its club's admin reads it (attendees, answers, check-in state). */
export async function registrationAsAdmin(admin: Admin, registrationId: string): Promise<TRegistration> {
  return ok(
    'Reading the registration',
    await api<TRegistration>('GET', '/registration/getRegistrationById', {
      token: admin.token,
      query: { registrationId },
    }),
  );
}

/** The event's orders as its admin sees them. */
export async function ordersAsAdmin(admin: Admin, eventId: string): Promise<TOrder[]> {
  return ok(
    'Reading the orders',
    await api<TOrder[]>('GET', '/order/getOrdersByEventId', { token: admin.token, query: { eventId } }),
  );
}
