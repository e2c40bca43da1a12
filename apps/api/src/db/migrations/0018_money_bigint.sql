-- Every amount of money is stored in 64 bits (docs/architecture.md, "Money"): a 32-bit balance
-- ended at $21,474,836.47, so after one large staff adjustment no credit (a break's refund included)
-- could reach the wallet any more. The database client reads
-- int8 as a JS number, exact up to Number.MAX_SAFE_INTEGER cents ($90 trillion), and refuses a
-- value past it; the wallet's CHECK keeps every balance inside that.
-- The case guard's WHEN condition reads pack_price_cents, so the trigger is rebuilt around it.
DROP TRIGGER "grail_cases_commitment" ON "grail_cases";
--> statement-breakpoint
ALTER TABLE "cards"
  ALTER COLUMN "fmv_cents" TYPE bigint,
  ALTER COLUMN "store_price_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "balance_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_balance_safe" CHECK ("balance_cents" <= 9007199254740991);
--> statement-breakpoint
ALTER TABLE "wallet_ledger"
  ALTER COLUMN "amount_cents" TYPE bigint,
  ALTER COLUMN "balance_after_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "grail_cases" ALTER COLUMN "pack_price_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "pulls"
  ALTER COLUMN "price_cents" TYPE bigint,
  ALTER COLUMN "fmv_cents" TYPE bigint,
  ALTER COLUMN "buyback_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "price_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "top_ups" ALTER COLUMN "amount_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "submission_cards"
  ALTER COLUMN "asking_price_cents" TYPE bigint,
  ALTER COLUMN "offer_cents" TYPE bigint,
  ALTER COLUMN "adjusted_offer_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "submission_payouts"
  ALTER COLUMN "amount_cents" TYPE bigint,
  ALTER COLUMN "bonus_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "break_hits"
  ALTER COLUMN "buyback_cents" TYPE bigint,
  ALTER COLUMN "sold_back_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "break_spot_sales" ALTER COLUMN "price_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "break_spots" ALTER COLUMN "price_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "breaks" ALTER COLUMN "spot_price_cents" TYPE bigint;
--> statement-breakpoint
ALTER TABLE "play_limits"
  ALTER COLUMN "amount_cents" TYPE bigint,
  ALTER COLUMN "pending_amount_cents" TYPE bigint;
--> statement-breakpoint
CREATE TRIGGER "grail_cases_commitment" BEFORE UPDATE ON "grail_cases"
  FOR EACH ROW WHEN (
    OLD.status <> 'draft' AND (
      NEW.status = 'draft'
      OR (OLD.status = 'closed' AND NEW.status <> 'closed')
      OR (NEW.pack_price_cents, NEW.tiers, NEW.activation_time, NEW.server_seed_hash,
          NEW.contents_hash, NEW.total_items, NEW.live_at)
         IS DISTINCT FROM (OLD.pack_price_cents, OLD.tiers, OLD.activation_time,
          OLD.server_seed_hash, OLD.contents_hash, OLD.total_items, OLD.live_at)
    )
  ) EXECUTE FUNCTION "grail_cases_refuse"();
