import type { TLanguage, TRegistration, TTicketWallets } from '@clubtix/contract';

/**
 * The wallets tickets can be added to (docs/product.md section 22), as the buyer's calls see them:
 * built in app.ts from the configured wallets (modules/wallet), absent when none is configured, so
 * the purchase module tells the screens about them without depending on the wallet module.
 */
export interface TicketWallets {
  /** What a confirmed registration's tickets can be added to, its texts in the buyer's language. */
  walletsOf(registration: TRegistration, language: TLanguage): Promise<TTicketWallets>;
}
