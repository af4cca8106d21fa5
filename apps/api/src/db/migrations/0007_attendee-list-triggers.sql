-- The attendee list of a 50,000-attendee event in milliseconds (docs/performance.md), part two (part
-- one, 0006, added the columns and plain indexes): the triggers that keep what the list needs of a
-- registration (confirmed or not, its e-mail) on each attendee and check-in row, the index in the
-- list's name order holding the names it sorts by, and a trigram index for the search.
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
-- The rows already there: each trigger run once.
UPDATE "attendees" SET "registration_id" = "registration_id";--> statement-breakpoint
UPDATE "checkins" SET "registration_id" = "registration_id";--> statement-breakpoint
CREATE INDEX "attendees_list_name_idx" ON "attendees" USING btree ("event_id", lower("last_name"), lower("first_name"), "id")
  INCLUDE ("last_name", "first_name") WHERE "confirmed";--> statement-breakpoint
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
