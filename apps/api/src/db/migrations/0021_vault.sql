-- The vault (decision 024, docs/vault.md): a holding per card a collector owns, vault boxes in
-- the shipments table (fee, insured value, packing and cancelled), and daily value snapshots. A
-- pull's holding is written by the database with the pull (both purchase paths insert pulls), and
-- existing pulls and store orders become holdings in the state they are in.
CREATE TABLE "holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid NOT NULL,
	"cost_cents" bigint NOT NULL,
	"state" text DEFAULT 'in_vault' NOT NULL,
	"shipment_id" uuid,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdings_state_known" CHECK ("holdings"."state" in ('in_vault', 'ship_requested', 'shipped', 'sold_back', 'listed', 'in_trade', 'sold')),
	CONSTRAINT "holdings_source_known" CHECK ("holdings"."source" in ('pull', 'order')),
	CONSTRAINT "holdings_cost_nonnegative" CHECK ("holdings"."cost_cents" >= 0),
	CONSTRAINT "holdings_shipment_matches_state" CHECK (("holdings"."state" in ('ship_requested', 'shipped')) = ("holdings"."shipment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "vault_value_snapshots" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"value_cents" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	"cards" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_value_snapshots_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" text DEFAULT 'ship' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "insured_value_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_value_snapshots" ADD CONSTRAINT "vault_value_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holdings_one_custody_per_card" ON "holdings" USING btree ("card_id") WHERE "holdings"."state" in ('in_vault', 'ship_requested', 'listed', 'in_trade');--> statement-breakpoint
CREATE UNIQUE INDEX "holdings_source_card_uq" ON "holdings" USING btree ("source","source_id","card_id");--> statement-breakpoint
CREATE INDEX "holdings_user_state_idx" ON "holdings" USING btree ("user_id","state","acquired_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "holdings_shipment_idx" ON "holdings" USING btree ("shipment_id");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_fee_nonnegative" CHECK ("shipments"."fee_cents" >= 0 and "shipments"."insured_value_cents" >= 0);;--> statement-breakpoint
CREATE FUNCTION "hold_pulled_card"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "holdings" ("user_id", "card_id", "source", "source_id", "cost_cents", "acquired_at", "state_changed_at")
	VALUES (NEW."user_id", NEW."card_id", 'pull', NEW."id", NEW."price_cents", NEW."pulled_at", NEW."pulled_at");
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pulls_hold_card" AFTER INSERT ON "pulls" FOR EACH ROW EXECUTE FUNCTION "hold_pulled_card"();--> statement-breakpoint
INSERT INTO "holdings" ("user_id", "card_id", "source", "source_id", "cost_cents", "state", "shipment_id", "acquired_at", "state_changed_at")
SELECT p."user_id", p."card_id", 'pull', p."id", p."price_cents",
	CASE
		WHEN p."status" = 'sold_back' THEN 'sold_back'
		WHEN s."id" IS NULL THEN 'in_vault'
		WHEN p."status" = 'claimed' THEN 'ship_requested'
		ELSE 'shipped'
	END,
	CASE WHEN p."status" = 'sold_back' THEN NULL ELSE s."id" END,
	p."pulled_at", coalesce(p."sold_back_at", p."claimed_at", p."pulled_at")
FROM "pulls" p LEFT JOIN "shipments" s ON s."id" = p."shipment_id";--> statement-breakpoint
INSERT INTO "holdings" ("user_id", "card_id", "source", "source_id", "cost_cents", "state", "shipment_id", "acquired_at", "state_changed_at")
SELECT o."user_id", i."card_id", 'order', o."id", i."price_cents",
	CASE
		WHEN s."id" IS NULL THEN 'in_vault'
		WHEN o."status" = 'paid' THEN 'ship_requested'
		ELSE 'shipped'
	END,
	s."id", o."paid_at", o."paid_at"
FROM "orders" o
JOIN "order_items" i ON i."order_id" = o."id"
LEFT JOIN "shipments" s ON s."source_type" = 'order' AND s."source_id" = o."id"
WHERE o."status" <> 'cancelled';
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_known" CHECK ("orders"."delivery" in ('ship', 'vault') and ("orders"."delivery" = 'vault' or "orders"."shipping_address" is not null));
