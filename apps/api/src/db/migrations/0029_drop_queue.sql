CREATE TABLE "drop_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drawn_place" integer,
	"place" integer,
	"admitted_from" timestamp with time zone,
	"admitted_until" timestamp with time zone,
	CONSTRAINT "drop_entries_one_per_collector" UNIQUE("case_id","user_id"),
	CONSTRAINT "drop_entries_one_per_place" UNIQUE("case_id","place"),
	CONSTRAINT "drop_entries_turn_with_place" CHECK (("drop_entries"."place" is null) = ("drop_entries"."admitted_from" is null) and ("drop_entries"."admitted_from" is null) = ("drop_entries"."admitted_until" is null))
);
--> statement-breakpoint
CREATE TABLE "drop_queues" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"seed_enc" text NOT NULL,
	"seed_hash" text NOT NULL,
	"activates_at" timestamp with time zone NOT NULL,
	"admit_batch" integer NOT NULL,
	"admit_seconds" integer NOT NULL,
	"window_seconds" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_at" timestamp with time zone,
	CONSTRAINT "drop_queues_rates_positive" CHECK ("drop_queues"."admit_batch" > 0 and "drop_queues"."admit_seconds" > 0),
	CONSTRAINT "drop_queues_window_positive" CHECK ("drop_queues"."window_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "grail_cases" ADD COLUMN "drop_queue_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "grail_cases" ADD COLUMN "first_hour_pack_cap" integer;--> statement-breakpoint
ALTER TABLE "drop_entries" ADD CONSTRAINT "drop_entries_case_id_drop_queues_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."drop_queues"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_entries" ADD CONSTRAINT "drop_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drop_queues" ADD CONSTRAINT "drop_queues_case_id_grail_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."grail_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drop_entries_user_idx" ON "drop_entries" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "grail_cases" ADD CONSTRAINT "grail_cases_drop_queue_minutes_in_range" CHECK ("grail_cases"."drop_queue_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "grail_cases" ADD CONSTRAINT "grail_cases_first_hour_cap_positive" CHECK ("grail_cases"."first_hour_pack_cap" is null or "grail_cases"."first_hour_pack_cap" > 0);