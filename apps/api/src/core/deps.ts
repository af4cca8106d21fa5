import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import type { PaymentProvider } from './payment-provider';

/** What every service needs; built once in app.ts. */
export interface Deps {
  db: Db;
  config: Config;
  payments: PaymentProvider;
  mail: Mailer;
  /**
   * Seats of an event came back on sale (a refund released them): the waiting list may offer them.
   * Called after the commit; optional so that a build without a waiting list leaves it out.
   */
  seatsFreed?: (eventId: string) => Promise<unknown> | void;
}
