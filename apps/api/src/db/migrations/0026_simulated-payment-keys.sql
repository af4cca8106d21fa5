-- The simulated provider's intent ids are random; the idempotency key that finds an intent again is
-- kept beside it, as Stripe keeps its own (docs/decisions/0063-code-guessing-limits.md).
ALTER TABLE "simulated_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "simulated_payments" ADD CONSTRAINT "simulated_payments_idempotency_key_unique" UNIQUE("idempotency_key");