import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { PaymentProvider } from '../../../core/payment-provider';
import { simulatedProvider } from './simulated-provider';

/** PAYMENT_PROVIDER picks the provider; the simulated one needs no account anywhere. */
export async function createPaymentProvider(config: Config, db: Db): Promise<PaymentProvider> {
  switch (config.paymentProvider) {
    case 'simulated':
      return simulatedProvider(db);
    case 'stripe': {
      // loadConfig refuses PAYMENT_PROVIDER=stripe without STRIPE_SECRET_KEY, so this only guards hand-made configs.
      if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
      // The SDK is large (hundreds of modules): only servers that take Stripe payments pay for loading it.
      const { stripeProvider } = await import('./stripe-provider');
      return stripeProvider(config.stripe);
    }
  }
}
