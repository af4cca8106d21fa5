CREATE TABLE "staff_events" (
	"user_id" text NOT NULL,
	"event_id" text NOT NULL,
	"club_id" text NOT NULL,
	CONSTRAINT "staff_events_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "short_code" text DEFAULT clubtix_short_code() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_events_event_idx" ON "staff_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendees_event_short_code_unique" ON "attendees" USING btree ("event_id","short_code");