import {
  endpoints,
  type BodyOf,
  type Endpoint,
  type TCreateOrderRequest,
  type TInitRegistrationRequest,
  type TSaveRegistrationRequest,
} from '@clubtix/contract';
import { sendTyped, type SeedTransport, type TypedRequest } from './transport';

/**
 * The buyer's steps before paying (docs/product.md section 15), each one call of the public API:
 * held, filled in, priced, a payment started. The confirmation is left to each caller, which checks
 * its answer in its own words (apps/api/test/buying.ts asserts it; the kit's `buy` throws).
 */
export function purchaseKit(transport: SeedTransport) {
  const send = async <E extends Endpoint>(what: string, endpoint: E, request: TypedRequest<E>) =>
    (await sendTyped(transport, what, endpoint, request)).payload;
  return {
    hold: (body: TInitRegistrationRequest) =>
      send('Holding tickets', endpoints.registration.initRegistration, { body }),
    fillIn: (body: TSaveRegistrationRequest) => send('Saving the attendees', endpoints.registration.save, { body }),
    price: (body: TCreateOrderRequest) => send('Creating the order', endpoints.order.createOrder, { body }),
    startPayment: (body: BodyOf<typeof endpoints.stripe.createPaymentIntent>) =>
      send('Starting the payment', endpoints.stripe.createPaymentIntent, { body }),
  };
}
