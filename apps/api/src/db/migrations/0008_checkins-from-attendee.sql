-- The door's writes without a lock on the event's and the club's rows (docs/decisions/0011): a
-- check-in's club, event and registration are now its attendee's, set by the trigger below on every
-- insert, so the attendee's foreign key is the only one left; the others locked (FOR KEY SHARE) the
-- event and club rows every scan of the event shares. The event's check-ins are all read through
-- checkins_confirmed_time_idx, so checkins_event_idx goes too.
ALTER TABLE "checkins" DROP CONSTRAINT "checkins_club_id_clubs_id_fk";
--> statement-breakpoint
ALTER TABLE "checkins" DROP CONSTRAINT "checkins_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "checkins" DROP CONSTRAINT "checkins_registration_id_registrations_id_fk";
--> statement-breakpoint
DROP INDEX "checkins_event_idx";
--> statement-breakpoint
CREATE FUNCTION "checkin_from_attendee"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a_club_id text;
  a_event_id text;
  a_registration_id text;
  a_confirmed boolean;
BEGIN
  SELECT club_id, event_id, registration_id, confirmed INTO a_club_id, a_event_id, a_registration_id, a_confirmed
    FROM attendees WHERE id = NEW.attendee_id;
  IF FOUND THEN
    NEW.club_id := a_club_id;
    NEW.event_id := a_event_id;
    NEW.registration_id := a_registration_id;
    -- attendees.confirmed is its registration's status, kept by 0007's triggers.
    NEW.confirmed := a_confirmed;
  ELSE
    NEW.confirmed := false;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "checkins_from_registration" ON "checkins";--> statement-breakpoint
DROP FUNCTION "checkin_from_registration"();--> statement-breakpoint
CREATE TRIGGER "checkins_from_attendee"
  BEFORE INSERT OR UPDATE OF "attendee_id", "club_id", "event_id", "registration_id", "confirmed" ON "checkins"
  FOR EACH ROW EXECUTE FUNCTION "checkin_from_attendee"();--> statement-breakpoint
-- The rows already there: the trigger run once.
UPDATE "checkins" SET "attendee_id" = "attendee_id";
