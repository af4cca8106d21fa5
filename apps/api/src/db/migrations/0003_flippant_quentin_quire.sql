ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "topic" text;--> statement-breakpoint
CREATE INDEX "attendees_email_idx" ON "attendees" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "mail_outbox_topic_idx" ON "mail_outbox" USING btree ("topic","to","created_at") WHERE "mail_outbox"."topic" IS NOT NULL;