CREATE TABLE "stored_files" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" "bytea" NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "batch_job_items" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "batch_job_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_job_id" integer NOT NULL,
	"job_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"worker_id" text,
	"failure_reason" text,
	"result_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "batch_job_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "batch_jobs" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "batch_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_job_type" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"hier_id" integer NOT NULL,
	"service_rep_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "batch_jobs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "batch_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"types" text[] NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staged_employees" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "staged_employees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"batch_job_id" integer NOT NULL,
	"file_id" integer,
	"file_name" text NOT NULL,
	"format" text,
	"parse_status" text DEFAULT 'Pending' NOT NULL,
	"parse_error" text,
	"first_name" text,
	"last_name" text,
	"email_address" text,
	"phone_number" text,
	"phone_country_calling_code" integer,
	"street1" text,
	"street2" text,
	"municipality" text,
	"region" text,
	"postal_code" text,
	"country_code" integer,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"interest_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"work_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"overall_confidence" double precision,
	"possible_duplicate_employee_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"is_converted" boolean DEFAULT false NOT NULL,
	"employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staged_employees_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "batch_job_items" ADD CONSTRAINT "batch_job_items_tenant_id_batch_job_id_batch_jobs_tenant_id_id_fk" FOREIGN KEY ("tenant_id","batch_job_id") REFERENCES "public"."batch_jobs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD CONSTRAINT "batch_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD CONSTRAINT "batch_jobs_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD CONSTRAINT "batch_jobs_tenant_id_service_rep_id_service_reps_tenant_id_id_fk" FOREIGN KEY ("tenant_id","service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_employees" ADD CONSTRAINT "staged_employees_tenant_id_hier_id_hierarchy_nodes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_job_items_job" ON "batch_job_items" USING btree ("tenant_id","batch_job_id","status");--> statement-breakpoint
CREATE INDEX "batch_job_items_record" ON "batch_job_items" USING btree ("tenant_id","record_id");--> statement-breakpoint
CREATE INDEX "batch_job_items_queue" ON "batch_job_items" USING btree ("job_type","id") WHERE status in ('New', 'Processing');--> statement-breakpoint
CREATE INDEX "staged_employees_job" ON "staged_employees" USING btree ("tenant_id","batch_job_id");