import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './provider';
import { simulatedProvider } from './simulated-provider';
import { stripeProvider } from './stripe-provider';

/** PAYMENT_PROVIDER picks the provider; the simulated one needs no account anywhere. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  switch (config.paymentProvider) {
    case 'simulated':
      return simulatedProvider(db);
    case 'stripe':
      // loadConfig refuses PAYMENT_PROVIDER=stripe without STRIPE_SECRET_KEY, so this only guards hand-made configs.
      if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
      return stripeProvider(config.stripe);
  }
}
