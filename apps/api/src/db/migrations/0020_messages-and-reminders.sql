CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"event_id" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"recipients" integer NOT NULL,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminder_hours_before" integer;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_event_idx" ON "messages" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "attendees_to_remind_idx" ON "attendees" USING btree ("event_id") WHERE "attendees"."confirmed" AND "attendees"."reminded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_message_idx" ON "mail_outbox" USING btree ("message_id","status") WHERE "mail_outbox"."message_id" IS NOT NULL;