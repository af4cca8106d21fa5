-- When each account last opened a session: a first sign-in says "Welcome" (docs/decisions/0071-smaller-walk-fixes.md).
-- Accounts made before this change with a password of their own are taken to have signed in already.
ALTER TABLE "users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "last_signed_in_at" = "updated_at" WHERE "password_hash" NOT LIKE 'invited$%';
