CREATE TABLE "submission_returns" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"ship_by" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_by" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submission_returns" ADD CONSTRAINT "submission_returns_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_returns" ADD CONSTRAINT "submission_returns_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_returns_shipped_idx" ON "submission_returns" USING btree ("shipped_at");