-- Staff scope: `all_events` says a door-staff member works every event of the club; no staff_events
-- rows with it false now means no event (docs/decisions/0061-staff-scope.md). Unpaid sponsors' uploads
-- wait in `media_files.pending_event_id` (docs/decisions/0064-visitor-uploads.md). The door list's slow
-- hashes and their per-event key (docs/decisions/0062-hashed-door-list.md).
CREATE TABLE "door_hashes" (
	"event_id" text NOT NULL,
	"digest" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_hashes_event_id_digest_pk" PRIMARY KEY("event_id","digest")
);
--> statement-breakpoint
CREATE TABLE "door_keys" (
	"event_id" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "all_events" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "pending_event_id" text;--> statement-breakpoint
ALTER TABLE "door_hashes" ADD CONSTRAINT "door_hashes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_keys" ADD CONSTRAINT "door_keys_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_pending_event_id_events_id_fk" FOREIGN KEY ("pending_event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_pending_event_idx" ON "media_files" USING btree ("pending_event_id");--> statement-breakpoint
-- Staff saved before with no events worked every event: they keep doing so.
UPDATE "users" SET "all_events" = true
  WHERE "role" = 5 AND NOT EXISTS (SELECT 1 FROM "staff_events" WHERE "staff_events"."user_id" = "users"."id");
