CREATE TABLE "sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "house_ledger_amount_positive" CHECK ("house_ledger"."amount_cents" > 0),
	CONSTRAINT "house_ledger_kind_known" CHECK ("house_ledger"."kind" in ('market_fee'))
);
--> statement-breakpoint
CREATE TABLE "wallet_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "wallet_holds_amount_positive" CHECK ("wallet_holds"."amount_cents" > 0),
	CONSTRAINT "wallet_holds_status_known" CHECK ("wallet_holds"."status" in ('open', 'released', 'captured')),
	CONSTRAINT "wallet_holds_closed_when_ended" CHECK (("wallet_holds"."status" = 'open') = ("wallet_holds"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "market_access_freezes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"frozen_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"holding_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"price_cents" bigint NOT NULL,
	"accepts_offers" boolean DEFAULT false NOT NULL,
	"min_offer_cents" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"frozen_at" timestamp with time zone,
	"buyer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "market_listings_price_range" CHECK ("market_listings"."price_cents" between 100 and 1000000000),
	CONSTRAINT "market_listings_min_offer_range" CHECK ("market_listings"."min_offer_cents" is null or "market_listings"."min_offer_cents" between 100 and "market_listings"."price_cents"),
	CONSTRAINT "market_listings_status_known" CHECK ("market_listings"."status" in ('open', 'sold', 'cancelled')),
	CONSTRAINT "market_listings_closed_when_ended" CHECK (("market_listings"."status" = 'open') = ("market_listings"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "market_offer_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"by" text NOT NULL,
	"action" text NOT NULL,
	"amount_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_offer_events_action_known" CHECK ("market_offer_events"."action" in ('offer', 'counter', 'accept', 'decline', 'withdraw', 'expire', 'close'))
);
--> statement-breakpoint
CREATE TABLE "market_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"by" text DEFAULT 'buyer' NOT NULL,
	"hold_id" uuid NOT NULL,
	"held_cents" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "market_offers_amount_range" CHECK ("market_offers"."amount_cents" between 100 and 1000000000),
	CONSTRAINT "market_offers_status_known" CHECK ("market_offers"."status" in ('open', 'accepted', 'declined', 'withdrawn', 'expired', 'closed')),
	CONSTRAINT "market_offers_side_known" CHECK ("market_offers"."by" in ('buyer', 'seller')),
	CONSTRAINT "market_offers_not_own" CHECK ("market_offers"."buyer_id" <> "market_offers"."seller_id"),
	CONSTRAINT "market_offers_decided_when_ended" CHECK (("market_offers"."status" = 'open') = ("market_offers"."decided_at" is null)),
	CONSTRAINT "market_offers_accepted_in_time" CHECK ("market_offers"."status" <> 'accepted' or "market_offers"."decided_at" < "market_offers"."expires_at")
);
--> statement-breakpoint
CREATE TABLE "market_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"offer_id" uuid,
	"card_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"price_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"flag_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_sales_kind_known" CHECK ("market_sales"."kind" in ('market', 'offer')),
	CONSTRAINT "market_sales_fee_within_price" CHECK ("market_sales"."fee_cents" between 0 and "market_sales"."price_cents"),
	CONSTRAINT "market_sales_not_own" CHECK ("market_sales"."buyer_id" <> "market_sales"."seller_id")
);
--> statement-breakpoint
CREATE TABLE "market_trade_items" (
	"trade_id" uuid NOT NULL,
	"holding_id" uuid NOT NULL,
	"side" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "market_trade_items_trade_id_holding_id_pk" PRIMARY KEY("trade_id","holding_id"),
	CONSTRAINT "market_trade_items_side_known" CHECK ("market_trade_items"."side" in ('proposer', 'recipient'))
);
--> statement-breakpoint
CREATE TABLE "market_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposer_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"proposer_cash_cents" bigint DEFAULT 0 NOT NULL,
	"recipient_cash_cents" bigint DEFAULT 0 NOT NULL,
	"hold_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"counter_of" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "market_trades_status_known" CHECK ("market_trades"."status" in ('open', 'accepted', 'declined', 'withdrawn', 'expired', 'countered')),
	CONSTRAINT "market_trades_not_own" CHECK ("market_trades"."proposer_id" <> "market_trades"."recipient_id"),
	CONSTRAINT "market_trades_cash_nonnegative" CHECK ("market_trades"."proposer_cash_cents" >= 0 and "market_trades"."recipient_cash_cents" >= 0),
	CONSTRAINT "market_trades_hold_when_cash" CHECK (("market_trades"."proposer_cash_cents" > 0) = ("market_trades"."hold_id" is not null)),
	CONSTRAINT "market_trades_decided_when_ended" CHECK (("market_trades"."status" = 'open') = ("market_trades"."decided_at" is null)),
	CONSTRAINT "market_trades_accepted_in_time" CHECK ("market_trades"."status" <> 'accepted' or "market_trades"."decided_at" < "market_trades"."expires_at")
);
--> statement-breakpoint
ALTER TABLE "holdings" DROP CONSTRAINT "holdings_source_known";--> statement-breakpoint
ALTER TABLE "payout_methods" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_access_freezes" ADD CONSTRAINT "market_access_freezes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_access_freezes" ADD CONSTRAINT "market_access_freezes_frozen_by_users_id_fk" FOREIGN KEY ("frozen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offer_events" ADD CONSTRAINT "market_offer_events_offer_id_market_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."market_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offers" ADD CONSTRAINT "market_offers_hold_id_wallet_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."wallet_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_offer_id_market_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."market_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sales" ADD CONSTRAINT "market_sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trade_items" ADD CONSTRAINT "market_trade_items_trade_id_market_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."market_trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trade_items" ADD CONSTRAINT "market_trade_items_holding_id_holdings_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."holdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trades" ADD CONSTRAINT "market_trades_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trades" ADD CONSTRAINT "market_trades_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_trades" ADD CONSTRAINT "market_trades_hold_id_wallet_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."wallet_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_ins_ip_idx" ON "sign_ins" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sign_ins_user_idx" ON "sign_ins" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "house_ledger_once_uq" ON "house_ledger" USING btree ("kind","ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "wallet_holds_user_idx" ON "wallet_holds" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "wallet_holds_ref_idx" ON "wallet_holds" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_listings_one_open_uq" ON "market_listings" USING btree ("holding_id") WHERE "market_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_listings_open_idx" ON "market_listings" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "market_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_listings_open_price_idx" ON "market_listings" USING btree ("price_cents","id") WHERE "market_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_listings_seller_idx" ON "market_listings" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "market_offer_events_offer_idx" ON "market_offer_events" USING btree ("offer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_offers_one_open_uq" ON "market_offers" USING btree ("listing_id","buyer_id") WHERE "market_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_offers_listing_idx" ON "market_offers" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "market_offers_buyer_idx" ON "market_offers" USING btree ("buyer_id","updated_at");--> statement-breakpoint
CREATE INDEX "market_offers_seller_idx" ON "market_offers" USING btree ("seller_id","updated_at");--> statement-breakpoint
CREATE INDEX "market_offers_expiry_idx" ON "market_offers" USING btree ("expires_at") WHERE "market_offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "market_sales_listing_uq" ON "market_sales" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "market_sales_card_idx" ON "market_sales" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "market_sales_flagged_idx" ON "market_sales" USING btree ("created_at") WHERE "market_sales"."flag_reason" is not null;--> statement-breakpoint
CREATE INDEX "market_trade_items_holding_idx" ON "market_trade_items" USING btree ("holding_id");--> statement-breakpoint
CREATE INDEX "market_trades_proposer_idx" ON "market_trades" USING btree ("proposer_id","created_at");--> statement-breakpoint
CREATE INDEX "market_trades_recipient_idx" ON "market_trades" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "market_trades_expiry_idx" ON "market_trades" USING btree ("expires_at") WHERE "market_trades"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_hold_once_uq" ON "wallet_ledger" USING btree ("ref_id") WHERE "wallet_ledger"."kind" = 'hold';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_hold_release_once_uq" ON "wallet_ledger" USING btree ("ref_id") WHERE "wallet_ledger"."kind" = 'hold_release';--> statement-breakpoint
CREATE INDEX "payout_methods_fingerprint_idx" ON "payout_methods" USING btree ("fingerprint");--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_source_known" CHECK ("holdings"."source" in ('pull', 'order', 'break', 'market', 'trade'));