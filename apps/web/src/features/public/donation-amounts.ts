import { MAX_DONATION, MIN_DONATION, type TCurrency } from '@clubtix/contract';

/**
 * Suggested gifts in minor units. Baht buys about a fortieth of a pound, so the same figures
 * would look like loose change in THB: it gets its own scale.
 */
const SUGGESTED_MAJOR: Record<TCurrency, readonly number[]> = {
  usd: [5, 10, 25, 50],
  gbp: [5, 10, 25, 50],
  eur: [5, 10, 25, 50],
  thb: [100, 250, 500, 1000],
};

export function suggestedDonations(currency: TCurrency): number[] {
  return SUGGESTED_MAJOR[currency].map((major) => major * 100);
}

/** The contract's donation limits, in the major units the giver types. */
export const MAX_DONATION_MAJOR = MAX_DONATION / 100;
export const MIN_DONATION_MAJOR = MIN_DONATION / 100;

/**
 * A typed amount in major units (what the giver types: 12.5) to integer minor units (1250);
 * null when it is not a usable gift (empty, below the minimum, above the ceiling, over 2 decimals).
 */
export function toMinorUnits(major: number | string): number | null {
  const value = typeof major === 'number' ? major : Number(major.trim().replace(/,/g, ''));
  if (typeof major === 'string' && major.trim() === '') return null;
  if (!Number.isFinite(value) || value < MIN_DONATION_MAJOR || value > MAX_DONATION_MAJOR) return null;
  const minor = Math.round(value * 100);
  // More than two decimals would be silently rounded; refuse instead, so the giver sees what is taken.
  if (Math.abs(minor - value * 100) > 1e-6) return null;
  return minor;
}
