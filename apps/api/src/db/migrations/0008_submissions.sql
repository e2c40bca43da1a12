CREATE TABLE "psa_certs" (
	"cert_number" text PRIMARY KEY NOT NULL,
	"found" boolean NOT NULL,
	"data" jsonb,
	"server_message" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"grader" text NOT NULL,
	"cert_number" text NOT NULL,
	"year" integer NOT NULL,
	"set_name" text NOT NULL,
	"player" text NOT NULL,
	"card_number" text NOT NULL,
	"grade" text NOT NULL,
	"asking_price_cents" integer,
	"front_image_id" text NOT NULL,
	"back_image_id" text NOT NULL,
	"offer_cents" integer,
	"offer_note" text,
	"adjusted_offer_cents" integer,
	"adjusted_note" text,
	"inventory_card_id" uuid,
	CONSTRAINT "submission_cards_inventory_unique" UNIQUE("inventory_card_id"),
	CONSTRAINT "submission_cards_cert_unique" UNIQUE("submission_id","grader","cert_number"),
	CONSTRAINT "submission_cards_grader_known" CHECK ("submission_cards"."grader" in ('PSA', 'BGS', 'SGC', 'CGC')),
	CONSTRAINT "submission_cards_amounts_positive" CHECK (("submission_cards"."asking_price_cents" is null or "submission_cards"."asking_price_cents" > 0) and ("submission_cards"."offer_cents" is null or "submission_cards"."offer_cents" > 0) and ("submission_cards"."adjusted_offer_cents" is null or "submission_cards"."adjusted_offer_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "submission_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"bonus_cents" integer DEFAULT 0 NOT NULL,
	"reference" text,
	"paid_by" uuid,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_payouts_submission_unique" UNIQUE("submission_id"),
	CONSTRAINT "submission_payouts_amount_positive" CHECK ("submission_payouts"."amount_cents" > 0),
	CONSTRAINT "submission_payouts_bonus_nonnegative" CHECK ("submission_payouts"."bonus_cents" >= 0),
	CONSTRAINT "submission_payouts_bonus_store_credit_only" CHECK ("submission_payouts"."method" = 'store_credit' or "submission_payouts"."bonus_cents" = 0)
);
--> statement-breakpoint
CREATE TABLE "submission_uploads" (
	"image_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"note" text,
	"payout_method" text NOT NULL,
	"payout_details_enc" text,
	"payout_mask" text,
	"credit_bonus_percent" integer NOT NULL,
	"offer_expires_at" timestamp with time zone,
	"carrier" text,
	"tracking_number" text,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_number_unique" UNIQUE("number"),
	CONSTRAINT "submissions_status_known" CHECK ("submissions"."status" in ('submitted', 'under_review', 'offer_made', 'accepted', 'awaiting_shipment', 'received', 'offer_adjusted', 'verified', 'paid', 'declined', 'expired', 'returned', 'cancelled')),
	CONSTRAINT "submissions_payout_method_known" CHECK ("submissions"."payout_method" in ('store_credit', 'bank', 'paypal')),
	CONSTRAINT "submissions_payout_details_present" CHECK (("submissions"."payout_method" = 'store_credit') = ("submissions"."payout_details_enc" is null)),
	CONSTRAINT "submissions_bonus_range" CHECK ("submissions"."credit_bonus_percent" >= 0 and "submissions"."credit_bonus_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_cards" ADD CONSTRAINT "submission_cards_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_cards" ADD CONSTRAINT "submission_cards_front_image_id_images_id_fk" FOREIGN KEY ("front_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_cards" ADD CONSTRAINT "submission_cards_back_image_id_images_id_fk" FOREIGN KEY ("back_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_cards" ADD CONSTRAINT "submission_cards_inventory_card_id_cards_id_fk" FOREIGN KEY ("inventory_card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_payouts" ADD CONSTRAINT "submission_payouts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_payouts" ADD CONSTRAINT "submission_payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_uploads" ADD CONSTRAINT "submission_uploads_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_uploads" ADD CONSTRAINT "submission_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "submission_cards_position_idx" ON "submission_cards" USING btree ("submission_id","position");--> statement-breakpoint
CREATE INDEX "submission_events_submission_idx" ON "submission_events" USING btree ("submission_id","id");--> statement-breakpoint
CREATE INDEX "submission_uploads_user_idx" ON "submission_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submissions_user_idx" ON "submissions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_queue_idx" ON "submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "submissions_offer_expiry_idx" ON "submissions" USING btree ("offer_expires_at") WHERE "submissions"."status" in ('offer_made', 'offer_adjusted');--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
-- The staff audit log is append-only: what was done stays as it was written.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % is refused', TG_OP
    USING ERRCODE = 'AU001', TABLE = 'audit_log';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
