import type { TTicketWallets } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { notFound } from '../../core/errors';
import type { TicketWallets } from '../../core/wallets';
import { buildApplePass } from './apple-pass';
import { googleSaveUrl } from './google-wallet';
import { findWalletTicket, walletTicketsOf } from './wallet-ticket';

/**
 * The wallets the buyer's screens offer (docs/product.md section 22): undefined when neither Apple
 * nor Google is configured, so the buttons are absent rather than broken.
 */
export function createTicketWallets(deps: Deps): TicketWallets | undefined {
  const { config } = deps;
  const { apple, google } = config.wallet;
  if (!apple && !google) return undefined;
  return {
    async walletsOf(registration, language): Promise<TTicketWallets> {
      if (!google) return { apple: Boolean(apple) };
      const tickets = await walletTicketsOf(deps, {
        id: registration.registrationId,
        eventId: registration.eventId,
        qrUuid: registration.qrUuid,
        language,
      });
      const urls = tickets.map((ticket) => [ticket.attendeeId, googleSaveUrl(google, config.publicUrl, ticket)]);
      return { apple: Boolean(apple), googleSaveUrls: Object.fromEntries(urls) as Record<string, string> };
    },
  };
}

/** GET /registration/getWalletPass: one attendee's signed Apple Wallet pass. */
export async function makeWalletPass(
  deps: Deps,
  query: { registrationId: string; qrUuid: string; attendeeId: string },
): Promise<{ filename: string; pass: Buffer }> {
  const apple = deps.config.wallet.apple;
  if (!apple) throw notFound('Wallet pass');
  const ticket = await findWalletTicket(deps, query);
  return { filename: `ticket-${ticket.shortCode}.pkpass`, pass: await buildApplePass(apple, ticket) };
}
