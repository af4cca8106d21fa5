import { catalogueKit } from './catalogue';
import { purchaseKit } from './purchase';
import { regattaKit } from './regatta';
import type { SeedTransport } from './transport';

/**
 * One seeding kit for the integration tests, the e2e and the benches (docs/decisions/0076-one-seeding-kit.md):
 * clubs, events, tickets, extras, packages and forms made through the contract's endpoints over the
 * transport given (the in-process app, or fetch to a running server), and the buyer's steps before paying.
 */
export function seedKit(transport: SeedTransport) {
  return { ...catalogueKit(transport), ...purchaseKit(transport), ...regattaKit(transport) };
}

export type SeedKit = ReturnType<typeof seedKit>;

export * from './catalogue';
export * from './purchase';
export * from './regatta';
export * from './transport';
