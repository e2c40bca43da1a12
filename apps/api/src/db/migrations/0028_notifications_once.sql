DROP INDEX "notifications_reminder_once_uq";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "once" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_uq" ON "notifications" USING btree ("kind","subject_id") WHERE "notifications"."once";--> statement-breakpoint
-- Hand-written (keep at the end): the reminders already sent stay sent once.
UPDATE "notifications" SET "once" = true WHERE "category" = 'reminders';
