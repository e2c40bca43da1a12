-- Break hits in the vault (decision 025, docs/vault.md): a holding points at exactly one of a
-- card or a break hit, at most one open holding per hit, and every owned hit becomes the holding
-- of the state it is in (cost = the price of the spot it came from).
ALTER TABLE "holdings" DROP CONSTRAINT "holdings_source_known";--> statement-breakpoint
ALTER TABLE "holdings" ALTER COLUMN "card_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "holdings" ADD COLUMN "break_hit_id" uuid;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_break_hit_id_break_hits_id_fk" FOREIGN KEY ("break_hit_id") REFERENCES "public"."break_hits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holdings_one_custody_per_hit" ON "holdings" USING btree ("break_hit_id") WHERE "holdings"."state" in ('in_vault', 'ship_requested', 'listed', 'in_trade');--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_card_or_hit" CHECK (("holdings"."card_id" is null) <> ("holdings"."break_hit_id" is null));--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_source_known" CHECK ("holdings"."source" in ('pull', 'order', 'break'));--> statement-breakpoint
INSERT INTO "holdings" ("user_id", "break_hit_id", "source", "source_id", "cost_cents", "state", "shipment_id", "acquired_at", "state_changed_at")
SELECT h."user_id", h."id", 'break', h."break_id", coalesce(s."price_cents", 0),
	CASE h."status"
		WHEN 'held' THEN 'in_vault'
		WHEN 'claimed' THEN 'ship_requested'
		WHEN 'shipped' THEN 'shipped'
		ELSE 'sold_back'
	END,
	CASE WHEN h."status" IN ('claimed', 'shipped') THEN c."shipment_id" END,
	h."created_at", coalesce(h."sold_back_at", c."created_at", h."created_at")
FROM "break_hits" h
LEFT JOIN "break_claims" c ON c."id" = h."claim_id"
LEFT JOIN "break_spot_sales" s
	ON s."break_id" = h."break_id" AND s."spot_number" = h."spot_number" AND s."user_id" = h."user_id"
WHERE h."user_id" IS NOT NULL;
