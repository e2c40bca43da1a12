CREATE TABLE "auto_sell_rules" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"below_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_sell_rules_below_positive" CHECK ("auto_sell_rules"."below_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "pulls" ADD COLUMN "auto_sold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_sell_rules" ADD CONSTRAINT "auto_sell_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;