CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"needs_answer" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"mail_pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_category_known" CHECK ("notifications"."category" in ('receipts', 'shipping', 'selling', 'market', 'money', 'limits', 'security', 'reminders', 'marketing'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_mail_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mail_pending";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_reminder_once_uq" ON "notifications" USING btree ("user_id","kind","subject_id") WHERE "notifications"."category" = 'reminders';--> statement-breakpoint
CREATE FUNCTION "notify_pack_pulls"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "notifications" ("user_id", "category", "kind", "title", "body", "link", "subject_type", "subject_id", "mail_pending")
	SELECT p."user_id", 'receipts', 'pack.pulled',
		CASE WHEN count(*) = 1 THEN 'You pulled a card' ELSE 'You pulled ' || count(*) || ' cards' END,
		'Fair market value $' || to_char(sum(p."fmv_cents") / 100.0, 'FM999999990.00') || '. Each pull''s proof is on its page.',
		'/pulls/' || (array_agg(p."id" ORDER BY p."k"))[1],
		'pull', (array_agg(p."id" ORDER BY p."k"))[1]::text, true
	FROM "new_pulls" p
	GROUP BY p."user_id", p."case_id";
	PERFORM pg_notify('notification_counts', u."user_id"::text)
	FROM (SELECT DISTINCT "user_id" FROM "new_pulls") u;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pulls_notify_collector" AFTER INSERT ON "pulls" REFERENCING NEW TABLE AS "new_pulls" FOR EACH STATEMENT EXECUTE FUNCTION "notify_pack_pulls"();
