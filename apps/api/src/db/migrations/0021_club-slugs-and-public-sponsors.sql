ALTER TABLE "clubs" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "show_publicly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_slug_unique" UNIQUE("slug");