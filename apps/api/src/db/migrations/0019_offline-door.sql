ALTER TABLE "checkins" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "device_name" text;