import { ZOrder, type TOrder, type TRegistration } from '@clubtix/contract';
import { z } from 'zod';

/**
 * The buyer's place in the purchase, kept per event slug in session storage so that a reload (or a
 * phone that drops the tab) does not lose the tickets held for them. Session, not local, storage:
 * the qrUuid is the buyer's secret, and it should not outlive the tab on a shared computer.
 */
const ZStoredHold = z.object({
  eventId: z.string(),
  registrationId: z.string(),
  qrUuid: z.string(),
  email: z.string(),
  expiresAt: z.string().nullable(),
  /** The order as the server last priced it. */
  order: ZOrder,
  extras: z.array(z.object({ extrasId: z.string(), quantity: z.number() })).default([]),
  detailsSaved: z.boolean().default(false),
  /** A free booking waiting for the link mailed to the buyer (createOrder's emailConfirmation). */
  emailConfirmation: z.object({ expiresAt: z.string() }).nullable().default(null),
});
export type StoredHold = z.infer<typeof ZStoredHold>;

/** A paid (or free) purchase, for the success page to show again after a reload. */
const ZStoredPurchase = z.object({
  eventId: z.string(),
  registrationId: z.string(),
  qrUuid: z.string(),
  email: z.string(),
  order: ZOrder,
});
export type StoredPurchase = z.infer<typeof ZStoredPurchase>;

const holdKey = (slug: string) => `clubtix.hold.${slug}`;
const purchaseKey = (slug: string) => `clubtix.purchase.${slug}`;

// Session storage throws in some privacy modes and is absent outside the browser: the purchase
// then simply is not remembered across reloads.
function store(): Storage | null {
  try {
    return typeof globalThis.sessionStorage === 'undefined' ? null : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = store()?.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    const target = store();
    if (!target) return;
    if (value === null) target.removeItem(key);
    else target.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy errors: the value is not kept, the page still works until a reload.
  }
}

/**
 * A fresh hold as the server answered it: step 1 (initRegistration) and a waiting-list offer's
 * claim answer alike, and the purchase goes on from either the same way.
 */
export function holdFromAnswer({ registration, order }: { registration: TRegistration; order: TOrder }): StoredHold {
  return {
    eventId: registration.eventId,
    registrationId: registration.registrationId,
    qrUuid: registration.qrUuid,
    email: registration.email,
    expiresAt: registration.expiresAt,
    order,
    extras: [],
    detailsSaved: false,
    emailConfirmation: null,
  };
}

export function readHold(slug: string): StoredHold | null {
  return readJson(holdKey(slug), ZStoredHold);
}

export function writeHold(slug: string, hold: StoredHold): void {
  writeJson(holdKey(slug), hold);
}

/** Changes some fields of the stored hold; returns the new hold, or null when there is none. */
export function updateHold(slug: string, patch: Partial<StoredHold>): StoredHold | null {
  const current = readHold(slug);
  if (!current) return null;
  const next = { ...current, ...patch };
  writeHold(slug, next);
  return next;
}

export function clearHold(slug: string): void {
  writeJson(holdKey(slug), null);
}

export function readPurchase(slug: string): StoredPurchase | null {
  return readJson(purchaseKey(slug), ZStoredPurchase);
}

/** Ends the hold and remembers the purchase in its place. */
export function completePurchase(slug: string, purchase: StoredPurchase): void {
  writeJson(purchaseKey(slug), purchase);
  clearHold(slug);
}
