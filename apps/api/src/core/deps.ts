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
}
