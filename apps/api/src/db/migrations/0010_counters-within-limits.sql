-- Never oversell, said by the database itself (DECISIONS.md section 6): a ticket type's held and
-- sold seats never exceed its quantity, nor an event's its capacity. Every write that raises a
-- counter already checks this in its own UPDATE; with the constraint, the hold can raise the
-- counters with plain increments sent together with its COMMIT, and a sale past the limit fails
-- with an error that rolls the whole hold back (registrations/holds.repo.ts, docs/performance.md).
-- NOT VALID: rows written before are not checked now; every later change of a row is.
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_reserved_within_quantity" CHECK ("quantity" IS NULL OR "reserved_count" <= "quantity") NOT VALID;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_reserved_within_capacity" CHECK ("capacity" IS NULL OR "reserved_count" <= "capacity") NOT VALID;
