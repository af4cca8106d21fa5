import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import type { EventRow } from '../db/schema';
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
  /**
   * Puts an event in one of its club's series, or (null) out of its series, inside the caller's
   * transaction, and answers the row as written: modules/series/join-series.ts, handed here by
   * app.ts because the series module copies events (events/duplicate-event.service.ts) and so stands
   * above the events module, whose saves and copies join series too.
   */
  joinSeries: (tx: Tx, event: EventRow, seriesId: string | null) => Promise<EventRow>;
  /** Apple or Google Wallet, when one is configured (docs/decisions/0045-wallet-passes.md). */
  wallets?: TicketWallets;
}
