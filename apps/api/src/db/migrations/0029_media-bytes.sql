-- Uploaded images and their phone-sized copies as rows, the default media store: any process on any host
-- serves any image, and the dump holds them (docs/decisions/0077-media-in-the-database.md). Rows go with
-- their upload's media_files row; files left under DATA_DIR/media move here on the first start.
CREATE TABLE "media_bytes" (
	"name" text NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_bytes_name_width_pk" PRIMARY KEY("name","width")
);
--> statement-breakpoint
ALTER TABLE "media_bytes" ADD CONSTRAINT "media_bytes_name_media_files_name_fk" FOREIGN KEY ("name") REFERENCES "public"."media_files"("name") ON DELETE cascade ON UPDATE no action;