DROP INDEX "attendees_export_idx";--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "registration_email" text;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(first_name, '') || ' ' || coalesce(last_name, '') || chr(10) || coalesce(email, '') || chr(10) || coalesce(registration_email, '')) STORED;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "attendees_confirmed_idx" ON "attendees" USING btree ("event_id") WHERE "attendees"."confirmed";--> statement-breakpoint
CREATE INDEX "checkins_confirmed_time_idx" ON "checkins" USING btree ("event_id","created_at","attendee_id") WHERE "checkins"."confirmed";--> statement-breakpoint
CREATE INDEX "registrations_id_prefix_idx" ON "registrations" USING btree ("id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "attendees_export_idx" ON "attendees" USING btree ("event_id","created_at","registration_id","position","id") WHERE "attendees"."confirmed";