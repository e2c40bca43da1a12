-- CSV imports with image URLs run as jobs (decision 019): the job and each row's outcome, so an
-- instance that dies mid-import leaves the rows still pending to the next one.
CREATE TABLE "inventory_import_rows" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"card" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"card_id" uuid,
	CONSTRAINT "inventory_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line"),
	CONSTRAINT "inventory_import_rows_status_known" CHECK ("inventory_import_rows"."status" in ('pending', 'imported', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "inventory_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total_rows" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "inventory_imports_status_known" CHECK ("inventory_imports"."status" in ('running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "inventory_import_rows" ADD CONSTRAINT "inventory_import_rows_import_id_inventory_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."inventory_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_imports_due_idx" ON "inventory_imports" USING btree ("lease_until") WHERE status = 'running';
