import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import type { MediaStore } from './media-store';
import type { Metrics } from './metrics';
import type { PaymentProvider } from './payment-provider';
import type { TicketWallets } from './wallets';

/** What every service needs; built once in app.ts. */
export interface Deps {
  db: Db;
  config: Config;
  payments: PaymentProvider;
  mail: Mailer;
  /** What /api/metrics counts; services count their facts here (core/metrics.ts). */
  metrics: Metrics;
  /** Where uploaded images are kept (modules/media/media-store.ts). */
  media: MediaStore;
  /**
   * Tickets of an event came back (a hold lapsed, a quantity or capacity raised, a refund released
   * them): the waiting lists are offered them (docs/product.md section 19). Fire and forget; the
   * hold sweep's timer offers whatever a failed call left.
   */
  seatsFreed?: (eventId: string) => void;
  /** Apple or Google Wallet, when one is configured (docs/decisions/0045-wallet-passes.md). */
  wallets?: TicketWallets;
}
