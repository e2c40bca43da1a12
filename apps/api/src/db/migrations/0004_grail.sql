CREATE TABLE "case_cards" (
	"case_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"position" integer,
	"pulled" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_cards_card_id_unique" UNIQUE("card_id"),
	CONSTRAINT "case_cards_position_uq" UNIQUE("case_id","position")
);
--> statement-breakpoint
CREATE TABLE "grail_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pack_price_cents" integer NOT NULL,
	"activation_time" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"tiers" jsonb NOT NULL,
	"server_seed_enc" text,
	"server_seed_hash" text,
	"contents_hash" text,
	"total_items" integer DEFAULT 0 NOT NULL,
	"pulls_count" integer DEFAULT 0 NOT NULL,
	"live_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grail_cases_price_positive" CHECK ("grail_cases"."pack_price_cents" > 0),
	CONSTRAINT "grail_cases_pulls_within_total" CHECK ("grail_cases"."pulls_count" <= "grail_cases"."total_items")
);
--> statement-breakpoint
CREATE TABLE "pulls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"k" integer NOT NULL,
	"client_seed" text NOT NULL,
	"remaining_before" integer NOT NULL,
	"draw_index" integer NOT NULL,
	"position" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"fmv_cents" integer NOT NULL,
	"status" text DEFAULT 'revealed' NOT NULL,
	"shipment_id" uuid,
	"buyback_cents" integer,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sold_back_at" timestamp with time zone,
	CONSTRAINT "pulls_card_id_unique" UNIQUE("card_id"),
	CONSTRAINT "pulls_case_k_uq" UNIQUE("case_id","k"),
	CONSTRAINT "pulls_index_in_range" CHECK ("pulls"."draw_index" >= 0 and "pulls"."draw_index" < "pulls"."remaining_before")
);
--> statement-breakpoint
ALTER TABLE "case_cards" ADD CONSTRAINT "case_cards_case_id_grail_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."grail_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_cards" ADD CONSTRAINT "case_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pulls" ADD CONSTRAINT "pulls_case_id_grail_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."grail_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pulls" ADD CONSTRAINT "pulls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pulls" ADD CONSTRAINT "pulls_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_cards_remaining_idx" ON "case_cards" USING btree ("case_id","position") WHERE "case_cards"."pulled" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "grail_cases_one_live_idx" ON "grail_cases" USING btree ((true)) WHERE "grail_cases"."status" in ('scheduled', 'active');--> statement-breakpoint
CREATE INDEX "grail_cases_status_idx" ON "grail_cases" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pulls_user_idx" ON "pulls" USING btree ("user_id","pulled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pulls_recent_idx" ON "pulls" USING btree ("pulled_at" DESC NULLS LAST);