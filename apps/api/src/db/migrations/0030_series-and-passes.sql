-- A club's season (docs/decisions/0080-series-and-passes.md): series of events, the season passes sold
-- for them and each pass bought, whose places at the series' events are registrations of those events
-- on the pass's hidden ticket type there. A pass's refund names no single event: refunds.event_id may be null.
CREATE TABLE "pass_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"pass_id" text NOT NULL,
	"series_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"qr_secret" text NOT NULL,
	"short_code" text DEFAULT clubtix_short_code() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"provider" text,
	"payment_intent_id" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pass_purchases_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"series_id" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_one_payable";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "pass_id" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "pass_purchase_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "pass_purchase_id" text;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD CONSTRAINT "pass_purchases_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD CONSTRAINT "pass_purchases_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD CONSTRAINT "pass_purchases_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pass_purchases_pass_idx" ON "pass_purchases" USING btree ("pass_id","status");--> statement-breakpoint
CREATE INDEX "pass_purchases_series_idx" ON "pass_purchases" USING btree ("series_id","status");--> statement-breakpoint
CREATE INDEX "pass_purchases_unsettled_idx" ON "pass_purchases" USING btree ("created_at","id") WHERE "pass_purchases"."payment_status" = 'pending' AND "pass_purchases"."payment_intent_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "passes_series_idx" ON "passes" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "series_club_idx" ON "series" USING btree ("club_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_pass_purchase_id_pass_purchases_id_fk" FOREIGN KEY ("pass_purchase_id") REFERENCES "public"."pass_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_pass_purchase_id_pass_purchases_id_fk" FOREIGN KEY ("pass_purchase_id") REFERENCES "public"."pass_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id","start_date") WHERE "events"."series_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "registrations_pass_purchase_idx" ON "registrations" USING btree ("pass_purchase_id","event_id") WHERE "registrations"."pass_purchase_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_pass_purchase_idx" ON "refunds" USING btree ("pass_purchase_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_one_payable" CHECK (num_nonnulls("refunds"."order_id", "refunds"."sponsorship_id", "refunds"."extras_purchase_id", "refunds"."pass_purchase_id") = 1);