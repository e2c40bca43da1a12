CREATE TABLE "feed_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"post" jsonb NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "x_feed_cache" (
	"username" text PRIMARY KEY NOT NULL,
	"x_user_id" text,
	"posts" jsonb,
	"fetched_at" timestamp with time zone,
	"next_refresh_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text
);
