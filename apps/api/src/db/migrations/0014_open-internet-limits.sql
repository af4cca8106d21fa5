CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"name" text PRIMARY KEY NOT NULL,
	"club_id" text,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "confirm_free_by_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_club_idx" ON "media_files" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "registrations_pending_address_idx" ON "registrations" USING btree ("event_id","client_address") WHERE "registrations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_club_created_idx" ON "mail_outbox" USING btree ("club_id","created_at");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_confirm_token_unique" UNIQUE("confirm_token");