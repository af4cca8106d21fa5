import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './provider';
import { simulatedProvider } from './simulated-provider';

/** PAYMENT_PROVIDER picks the provider; the simulated one needs no account anywhere. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  switch (config.paymentProvider) {
    case 'simulated':
      return simulatedProvider(db);
    case 'stripe':
      throw new Error('PAYMENT_PROVIDER=stripe is not available in this version yet; use simulated');
  }
}
