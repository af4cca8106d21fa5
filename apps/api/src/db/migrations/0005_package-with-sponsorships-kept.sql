ALTER TABLE "sponsorships" DROP CONSTRAINT "sponsorships_package_id_sponsorship_packages_id_fk";
--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_package_id_sponsorship_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sponsorship_packages"("id") ON DELETE no action ON UPDATE no action;