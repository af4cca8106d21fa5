import { primaryKey, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { eventId } from './events';

/**
 * The key each event's door list hashes its ticket secrets with, drawn once when the list is first
 * asked for; a stolen list of one event helps with no other (docs/decisions/0062-hashed-door-list.md).
 */
export const doorKeys = pgTable('door_keys', {
  eventId: eventId().primaryKey(),
  /** Base64url of 16 random bytes: the scrypt salt of every hash in this event's door list. */
  salt: text('salt').notNull(),
  createdAt: createdAt(),
});

/**
 * Slow hashes of the door's secrets (short codes and QR secrets), computed once and kept: each costs
 * milliseconds of scrypt by design. `digest` is a fast SHA-256 of the salt, the secret's kind and the
 * secret, known only to the server, so a changed code or QR simply finds no row and is hashed anew.
 */
export const doorHashes = pgTable(
  'door_hashes',
  {
    eventId: eventId(),
    digest: text('digest').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.digest] })],
);
