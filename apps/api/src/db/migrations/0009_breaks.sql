CREATE TABLE "break_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"break_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "break_claims_owner_uq" UNIQUE("break_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "break_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"break_id" uuid NOT NULL,
	"hit_number" integer NOT NULL,
	"pack_number" integer,
	"card_name" text NOT NULL,
	"team" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"image_id" text,
	"spot_number" integer,
	"user_id" uuid,
	"status" text NOT NULL,
	"buyback_cents" integer,
	"sold_back_cents" integer,
	"claim_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sold_back_at" timestamp with time zone,
	CONSTRAINT "break_hits_number_uq" UNIQUE("break_id","hit_number"),
	CONSTRAINT "break_hits_status_known" CHECK ("break_hits"."status" in ('held', 'house', 'claimed', 'shipped', 'sold_back')),
	CONSTRAINT "break_hits_owner_status" CHECK (("break_hits"."user_id" is null) = ("break_hits"."status" = 'house')),
	CONSTRAINT "break_hits_buyback_positive" CHECK ("break_hits"."buyback_cents" is null or "break_hits"."buyback_cents" > 0),
	CONSTRAINT "break_hits_claimed_in_claim" CHECK (("break_hits"."status" in ('claimed', 'shipped')) = ("break_hits"."claim_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "break_spot_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"break_id" uuid NOT NULL,
	"spot_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"purchase_id" uuid NOT NULL,
	"k" integer NOT NULL,
	"client_seed" text NOT NULL,
	"price_cents" integer NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "break_spot_sales_spot_uq" UNIQUE("break_id","spot_number"),
	CONSTRAINT "break_spot_sales_k_uq" UNIQUE("break_id","k"),
	CONSTRAINT "break_spot_sales_price_positive" CHECK ("break_spot_sales"."price_cents" > 0),
	CONSTRAINT "break_spot_sales_k_positive" CHECK ("break_spot_sales"."k" >= 1)
);
--> statement-breakpoint
CREATE TABLE "break_spots" (
	"break_id" uuid NOT NULL,
	"spot_number" integer NOT NULL,
	"team" text,
	"price_cents" integer NOT NULL,
	CONSTRAINT "break_spots_break_id_spot_number_pk" PRIMARY KEY("break_id","spot_number"),
	CONSTRAINT "break_spots_price_positive" CHECK ("break_spots"."price_cents" > 0),
	CONSTRAINT "break_spots_number_range" CHECK ("break_spots"."spot_number" between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "breaks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sport" text NOT NULL,
	"image_id" text,
	"boxes" integer NOT NULL,
	"packs_per_box" integer NOT NULL,
	"format" text NOT NULL,
	"spot_price_cents" integer NOT NULL,
	"total_spots" integer NOT NULL,
	"min_spots" integer NOT NULL,
	"teams" jsonb NOT NULL,
	"unowned_hit_rule" text DEFAULT 'house' NOT NULL,
	"sales_deadline" timestamp with time zone NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"stream_url" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"server_seed_enc" text,
	"server_seed_hash" text,
	"public_input" text,
	"spots_sold" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"opened_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "breaks_status_known" CHECK ("breaks"."status" in ('draft', 'open', 'filled', 'live', 'completed', 'cancelled')),
	CONSTRAINT "breaks_format_known" CHECK ("breaks"."format" in ('random_team', 'pick_team')),
	CONSTRAINT "breaks_unowned_rule_known" CHECK ("breaks"."unowned_hit_rule" in ('house', 'random_spot')),
	CONSTRAINT "breaks_price_positive" CHECK ("breaks"."spot_price_cents" > 0),
	CONSTRAINT "breaks_boxes_range" CHECK ("breaks"."boxes" between 1 and 100 and "breaks"."packs_per_box" between 1 and 100),
	CONSTRAINT "breaks_spots_range" CHECK ("breaks"."total_spots" between 2 and 64),
	CONSTRAINT "breaks_min_spots_range" CHECK ("breaks"."min_spots" between 1 and "breaks"."total_spots"),
	CONSTRAINT "breaks_sold_within_total" CHECK ("breaks"."spots_sold" between 0 and "breaks"."total_spots"),
	CONSTRAINT "breaks_scheduled_after_deadline" CHECK ("breaks"."scheduled_at" >= "breaks"."sales_deadline"),
	CONSTRAINT "breaks_seed_committed" CHECK ("breaks"."status" = 'draft' or ("breaks"."server_seed_enc" is not null and "breaks"."server_seed_hash" is not null))
);
--> statement-breakpoint
ALTER TABLE "break_claims" ADD CONSTRAINT "break_claims_break_id_breaks_id_fk" FOREIGN KEY ("break_id") REFERENCES "public"."breaks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_claims" ADD CONSTRAINT "break_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_claims" ADD CONSTRAINT "break_claims_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_hits" ADD CONSTRAINT "break_hits_break_id_breaks_id_fk" FOREIGN KEY ("break_id") REFERENCES "public"."breaks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_hits" ADD CONSTRAINT "break_hits_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_hits" ADD CONSTRAINT "break_hits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_hits" ADD CONSTRAINT "break_hits_claim_id_break_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."break_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_spot_sales" ADD CONSTRAINT "break_spot_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_spot_sales" ADD CONSTRAINT "break_spot_sales_spot_fk" FOREIGN KEY ("break_id","spot_number") REFERENCES "public"."break_spots"("break_id","spot_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_spots" ADD CONSTRAINT "break_spots_break_id_breaks_id_fk" FOREIGN KEY ("break_id") REFERENCES "public"."breaks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breaks" ADD CONSTRAINT "breaks_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breaks" ADD CONSTRAINT "breaks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "break_hits_user_idx" ON "break_hits" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "break_hits_claim_idx" ON "break_hits" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "break_spot_sales_user_idx" ON "break_spot_sales" USING btree ("user_id","purchased_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "break_spot_sales_purchase_idx" ON "break_spot_sales" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "break_spots_team_uq" ON "break_spots" USING btree ("break_id","team") WHERE "break_spots"."team" is not null;--> statement-breakpoint
CREATE INDEX "breaks_status_idx" ON "breaks" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "breaks_open_deadline_idx" ON "breaks" USING btree ("sales_deadline") WHERE "breaks"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_break_refund_uq" ON "wallet_ledger" USING btree ("ref_type","ref_id") WHERE "wallet_ledger"."kind" = 'refund' and "wallet_ledger"."ref_type" = 'break_spot';