import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@clubtix/contract';
import type { Deps } from '../../core/deps';
import { registerDownload } from '../../plugins/routes';
import { PKPASS_TYPE } from './apple-pass';
import { makeWalletPass } from './wallet.service';

/** Wallet passes of a buyer's tickets (docs/decisions/0045-wallet-passes.md). */
export function walletRoutes(app: FastifyInstance, deps: Deps): void {
  registerDownload(app, deps, endpoints.registration.getWalletPass, async ({ query }) => {
    const { filename, pass } = await makeWalletPass(deps, query);
    return { filename, contentType: PKPASS_TYPE, body: Readable.from([pass]) };
  });
}
