import { count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIST_CAPS } from '@clubtix/contract';
import type { Tx } from '../../db/client';
import { discounts, extras, sponsorshipPackages, tickets } from '../../db/schema';
import { conflict, say } from '../../core/errors';

/** Namespace of the catalogue locks among the advisory locks of the database. */
const CATALOGUE_LOCK_NAMESPACE = 5_310_020;

export interface CatalogueKind {
  /** The table of the items and its event column. */
  table: PgTable;
  eventId: PgColumn;
  /** The most an event may hold (LIST_CAPS). */
  cap: number;
  /** "ticket types", "extras", "sponsorship packages". */
  plural: string;
}

// The kinds of an event's catalogue, here beside their check: their own modules' saves and the
// event's copy (duplicate-event.service.ts), which may not import those modules, hold the same caps.
export const TICKET_CATALOGUE: CatalogueKind = {
  table: tickets,
  eventId: tickets.eventId,
  cap: LIST_CAPS.tickets,
  plural: 'ticket types',
};

export const EXTRAS_CATALOGUE: CatalogueKind = {
  table: extras,
  eventId: extras.eventId,
  cap: LIST_CAPS.extras,
  plural: 'extras',
};

export const PACKAGE_CATALOGUE: CatalogueKind = {
  table: sponsorshipPackages,
  eventId: sponsorshipPackages.eventId,
  cap: LIST_CAPS.packages,
  plural: 'sponsorship packages',
};

/**
 * The most codes an event may hold: a create past it is refused (409), so the list answers them all
 * (docs/decisions/0028-discount-and-access-codes.md).
 */
export const DISCOUNT_CATALOGUE: CatalogueKind = {
  table: discounts,
  eventId: discounts.eventId,
  cap: 1000,
  plural: 'codes',
};

/** Holds one kind of an event's catalogue until the transaction ends: its creates go one at a time. */
export async function lockCatalogue(tx: Tx, kind: CatalogueKind, eventId: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${CATALOGUE_LOCK_NAMESPACE}, hashtext(${`${kind.plural}:${eventId}`}))`,
  );
}

/**
 * Refuses (409) `adding` more items (one, or a copied event's whole list) of an event's catalogue past its cap, so the lists that answer the
 * catalogue are bounded by what was ever allowed in, and nothing is hidden behind a cut
 * (docs/decisions/0020). The count is held until the transaction ends: two creates at once cannot
 * both pass at the edge.
 */
export async function assertRoomInCatalogue(tx: Tx, kind: CatalogueKind, eventId: string, adding = 1): Promise<void> {
  await lockCatalogue(tx, kind, eventId);
  const [row] = await tx.select({ n: count() }).from(kind.table).where(eq(kind.eventId, eventId));
  if ((row?.n ?? 0) + adding > kind.cap) {
    throw conflict(
      say(
        'An event can have at most {max} {kind, select, ticket_types {ticket types} extras {extras} codes {codes} other {sponsorship packages}}: remove one you no longer use first',
        { max: kind.cap, kind: kind.plural.replace(/ /g, '_') },
      ),
    );
  }
}
