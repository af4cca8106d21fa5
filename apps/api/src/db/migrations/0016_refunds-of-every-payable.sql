ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "extras_purchases" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "sponsorship_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "extras_purchase_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_extras_purchase_id_extras_purchases_id_fk" FOREIGN KEY ("extras_purchase_id") REFERENCES "public"."extras_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_sponsorship_idx" ON "refunds" USING btree ("sponsorship_id");--> statement-breakpoint
CREATE INDEX "refunds_extras_purchase_idx" ON "refunds" USING btree ("extras_purchase_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_one_payable" CHECK (num_nonnulls("refunds"."order_id", "refunds"."sponsorship_id", "refunds"."extras_purchase_id") = 1);