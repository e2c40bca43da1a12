-- The wallet's two parts and withdrawals (decision 023, docs/withdrawals.md): credit_cents is the
-- store-credit part of balance_cents (cash is the rest), and the withdrawals module's tables. A
-- balance from before is cash except what store-credit sale payouts put in (conservatively: that
-- part stays store credit, up to the balance), so no bonus becomes withdrawable.
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"details_enc" text NOT NULL,
	"mask" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_method_known" CHECK ("payout_methods"."method" in ('bank', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payout_method_id" uuid NOT NULL,
	"method" text NOT NULL,
	"details_enc" text NOT NULL,
	"mask" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"reject_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_cents" > 0),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('pending', 'paid', 'rejected')),
	CONSTRAINT "withdrawals_decision_complete" CHECK (("withdrawals"."status" = 'pending' and "withdrawals"."decided_at" is null) or ("withdrawals"."status" = 'paid' and "withdrawals"."reference" is not null and "withdrawals"."decided_at" is not null) or ("withdrawals"."status" = 'rejected' and "withdrawals"."reject_reason" is not null and "withdrawals"."decided_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "credit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_methods_user_idx" ON "payout_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_credit_within_balance" CHECK ("wallets"."credit_cents" between 0 and "wallets"."balance_cents");;--> statement-breakpoint
UPDATE "wallets" w SET "credit_cents" = least(w."balance_cents", s."credit_cents")
FROM (
	SELECT "user_id", sum("amount_cents")::bigint AS "credit_cents" FROM "wallet_ledger"
	WHERE "kind" = 'sale' AND "ref_type" = 'submission' AND "amount_cents" > 0 GROUP BY "user_id"
) s
WHERE s."user_id" = w."user_id";