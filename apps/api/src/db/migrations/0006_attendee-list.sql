-- The attendee list of a 50,000-attendee event in milliseconds (docs/performance.md): what the list
-- needs of a registration (confirmed or not, its e-mail) kept on each attendee and check-in row, the
-- search text as a column, indexes in the list's orders that hold what they sort by, and a trigram
-- index for the search.
DROP INDEX "attendees_export_idx";--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "registration_email" text;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(first_name, '') || ' ' || coalesce(last_name, '') || chr(10) || coalesce(email, '') || chr(10) || coalesce(registration_email, '')) STORED;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Those copies follow their registration, whatever code inserts the rows or changes the registration.
CREATE FUNCTION "attendee_from_registration"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT status = 'confirmed', email INTO NEW.confirmed, NEW.registration_email
    FROM registrations WHERE id = NEW.registration_id;
  NEW.confirmed := coalesce(NEW.confirmed, false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "attendees_from_registration"
  BEFORE INSERT OR UPDATE OF "registration_id", "confirmed", "registration_email" ON "attendees"
  FOR EACH ROW EXECUTE FUNCTION "attendee_from_registration"();--> statement-breakpoint
CREATE FUNCTION "checkin_from_registration"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.confirmed := EXISTS (SELECT 1 FROM registrations WHERE id = NEW.registration_id AND status = 'confirmed');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "checkins_from_registration"
  BEFORE INSERT OR UPDATE OF "registration_id", "confirmed" ON "checkins"
  FOR EACH ROW EXECUTE FUNCTION "checkin_from_registration"();--> statement-breakpoint
CREATE FUNCTION "registration_to_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE attendees SET confirmed = (NEW.status = 'confirmed'), registration_email = NEW.email
   WHERE registration_id = NEW.id;
  IF OLD.status IS DISTINCT FROM NEW.status THEN
    UPDATE checkins SET confirmed = (NEW.status = 'confirmed') WHERE registration_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "registrations_to_rows" AFTER UPDATE OF "status", "email" ON "registrations"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION "registration_to_rows"();--> statement-breakpoint
UPDATE "attendees" SET "registration_id" = "registration_id";--> statement-breakpoint
UPDATE "checkins" SET "registration_id" = "registration_id";--> statement-breakpoint
CREATE INDEX "attendees_confirmed_idx" ON "attendees" USING btree ("event_id") WHERE "attendees"."confirmed";--> statement-breakpoint
CREATE INDEX "attendees_list_name_idx" ON "attendees" USING btree ("event_id",lower("last_name"),lower("first_name"),"id") INCLUDE ("last_name","first_name") WHERE "attendees"."confirmed";--> statement-breakpoint
CREATE INDEX "attendees_export_idx" ON "attendees" USING btree ("event_id","created_at","registration_id","position","id") WHERE "attendees"."confirmed";--> statement-breakpoint
CREATE INDEX "checkins_confirmed_time_idx" ON "checkins" USING btree ("event_id","created_at","attendee_id") WHERE "checkins"."confirmed";--> statement-breakpoint
CREATE INDEX "registrations_id_prefix_idx" ON "registrations" USING btree ("id" text_pattern_ops);--> statement-breakpoint
-- pg_trgm ships with PostgreSQL (the embedded server and Debian's) and is trusted: a database owner
-- may create it. Where it cannot be created the search still works, reading the event's rows.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'pg_trgm could not be created (%): the attendee search works without its index, only slower', SQLERRM;
END $$;--> statement-breakpoint
DO $$
DECLARE trgm_schema name;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX "attendees_search_trgm_idx" ON "attendees" USING gin ("search_text" %I.gin_trgm_ops) WHERE "confirmed"', trgm_schema);
  END IF;
END $$;
