CREATE TABLE "play_controls" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_out_until" timestamp with time zone,
	"self_excluded_at" timestamp with time zone,
	"self_excluded_until" timestamp with time zone,
	"self_exclusion_ends_at" timestamp with time zone,
	"reality_check_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_limits" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"limit_window" text NOT NULL,
	"amount_cents" integer,
	"pending_amount_cents" integer,
	"pending_effective_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_limits_user_id_kind_limit_window_pk" PRIMARY KEY("user_id","kind","limit_window"),
	CONSTRAINT "play_limits_amount_positive" CHECK ("play_limits"."amount_cents" is null or "play_limits"."amount_cents" > 0),
	CONSTRAINT "play_limits_pending_positive" CHECK ("play_limits"."pending_amount_cents" is null or "play_limits"."pending_amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "play_controls" ADD CONSTRAINT "play_controls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_limits" ADD CONSTRAINT "play_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;