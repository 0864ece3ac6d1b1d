CREATE TABLE "import_rows" (
	"tenant_id" integer NOT NULL,
	"batch_job_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"data" jsonb,
	"error" text,
	CONSTRAINT "import_rows_tenant_id_batch_job_id_row_number_pk" PRIMARY KEY("tenant_id","batch_job_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "batch_job_items" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "rate_sheets" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "timecards" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "worksites" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "job_titles" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_tenant_id_batch_job_id_batch_jobs_tenant_id_id_fk" FOREIGN KEY ("tenant_id","batch_job_id") REFERENCES "public"."batch_jobs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_external_id" ON "assignments" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_external_id" ON "contacts" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_external_id" ON "contracts" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_external_id" ON "customers" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_external_id" ON "employees" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_orders_external_id" ON "job_orders" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_external_id" ON "prospects" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_sheets_external_id" ON "rate_sheets" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "timecards_external_id" ON "timecards" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_external_id" ON "vendors" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "worksites_external_id" ON "worksites" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_titles_external_id" ON "job_titles" USING btree ("tenant_id","external_id") WHERE external_id is not null;