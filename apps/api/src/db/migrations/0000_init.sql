CREATE TABLE "image_variants" (
	"image_id" text NOT NULL,
	"size" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "image_variants_image_id_size_pk" PRIMARY KEY("image_id","size")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"player" text NOT NULL,
	"year" integer NOT NULL,
	"set_name" text NOT NULL,
	"card_number" text NOT NULL,
	"sport" text NOT NULL,
	"team" text,
	"variant" text,
	"grader" text,
	"grade" text,
	"grade_value" numeric(3, 1),
	"cert_number" text,
	"condition_note" text,
	"image_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"fmv_cents" integer NOT NULL,
	"store_price_cents" integer,
	"status" text DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_fmv_nonnegative" CHECK ("cards"."fmv_cents" >= 0),
	CONSTRAINT "cards_store_price_positive" CHECK ("cards"."store_price_cents" is null or "cards"."store_price_cents" > 0),
	CONSTRAINT "cards_graded_consistent" CHECK (("cards"."grader" is null) = ("cards"."grade" is null))
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_store_created_idx" ON "cards" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "cards"."status" = 'available' and "cards"."store_price_cents" is not null;--> statement-breakpoint
CREATE INDEX "cards_store_price_idx" ON "cards" USING btree ("store_price_cents","id") WHERE "cards"."status" = 'available' and "cards"."store_price_cents" is not null;--> statement-breakpoint
CREATE INDEX "cards_status_fmv_idx" ON "cards" USING btree ("status","fmv_cents" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cards_sport_idx" ON "cards" USING btree ("sport");--> statement-breakpoint
CREATE INDEX "cards_grader_grade_idx" ON "cards" USING btree ("grader","grade_value");