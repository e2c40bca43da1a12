-- The ledger says which part of the wallet each entry moved (decision 026): store_credit_cents is
-- the store-credit part of the amount (the rest is cash), and a refund names the payment it
-- returns (refund_of), so it gives each part back where it came from. Entries from before say 0:
-- which part they moved was not recorded.
ALTER TABLE "wallet_ledger" ADD COLUMN "store_credit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "refund_of" bigint;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_refund_of_wallet_ledger_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."wallet_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_refund_of_idx" ON "wallet_ledger" USING btree ("refund_of") WHERE "wallet_ledger"."refund_of" is not null;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "ledger_store_credit_within_amount" CHECK ("wallet_ledger"."store_credit_cents" between least("wallet_ledger"."amount_cents", 0) and greatest("wallet_ledger"."amount_cents", 0));
