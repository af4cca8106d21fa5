import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { CURRENCIES, endpoints, PRODUCT_NAME, type TInfo } from '@clubtix/contract';
import type { Config } from '../../config';
import { registerEndpoint } from '../../plugins/routes';
import { type Deps } from '../../core/deps';

/** The product's version is the root package.json's, read once: it cannot change while running. */
function productVersion(): string {
  const file = new URL('../../../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Stripe's test keys (secret `sk_test_`, restricted `rk_test_`) move no real money. */
export function isTestMode(config: Pick<Config, 'paymentProvider' | 'stripe'>): boolean {
  if (config.paymentProvider === 'simulated') return true;
  return /^[sr]k_test_/.test(config.stripe?.secretKey ?? '');
}

/** Built from settings only: no key, secret, address or count ever goes into it. */
export function describeInstallation(config: Config, version: string): TInfo {
  return {
    name: PRODUCT_NAME,
    version,
    paymentProvider: config.paymentProvider,
    testMode: isTestMode(config),
    signupAllowed: config.allowSignup,
    currencies: [...CURRENCIES],
  };
}

export function infoRoutes(app: FastifyInstance, deps: Deps): void {
  const info = describeInstallation(deps.config, productVersion());
  registerEndpoint(app, deps, endpoints.system.info, () => Promise.resolve({ payload: info }));
}
