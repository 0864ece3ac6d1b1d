CREATE TABLE "assignment_restriction_customers" (
	"tenant_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"requires_i9" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_restriction_customers_tenant_id_customer_id_pk" PRIMARY KEY("tenant_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_restriction_results" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "assignment_restriction_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" bigint NOT NULL,
	"rule_code" text NOT NULL,
	"description" text NOT NULL,
	"approval_level" text NOT NULL,
	"approved_by_service_rep_id" integer,
	"approved_at" timestamp with time zone,
	"approval_note" varchar(1000),
	CONSTRAINT "assignment_restriction_results_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "assignment_restriction_results_level" CHECK ("assignment_restriction_results"."approval_level" in ('none', 'orderVisible', 'aboveOrder', 'root'))
);
--> statement-breakpoint
CREATE TABLE "assignment_restriction_rule_settings" (
	"tenant_id" integer NOT NULL,
	"rule_code" text NOT NULL,
	"is_enabled" boolean NOT NULL,
	"approval_level" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_restriction_rule_settings_tenant_id_rule_code_pk" PRIMARY KEY("tenant_id","rule_code"),
	CONSTRAINT "assignment_restriction_rule_settings_level" CHECK ("assignment_restriction_rule_settings"."approval_level" in ('none', 'orderVisible', 'aboveOrder', 'root'))
);
--> statement-breakpoint
CREATE TABLE "assignment_restriction_sessions" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "assignment_restriction_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_order_id" integer NOT NULL,
	"employee_id" bigint NOT NULL,
	"created_by_service_rep_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked" jsonb NOT NULL,
	"assignment_id" bigint,
	CONSTRAINT "assignment_restriction_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "accrual_plans" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "accrual_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"accrued_hours" numeric(8, 4) NOT NULL,
	"per_hours_worked" numeric(8, 4) NOT NULL,
	"max_balance" numeric(8, 2),
	"waiting_period_days" integer DEFAULT 0 NOT NULL,
	"usage_pay_code_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "accrual_plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "accrual_plans_type" CHECK ("accrual_plans"."type" in ('PTO', 'Sick')),
	CONSTRAINT "accrual_plans_rate" CHECK ("accrual_plans"."accrued_hours" > 0 and "accrual_plans"."per_hours_worked" > 0),
	CONSTRAINT "accrual_plans_waiting" CHECK ("accrual_plans"."waiting_period_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "assignment_message_links" (
	"tenant_id" integer NOT NULL,
	"assignment_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"linked_by_service_rep_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_message_links_tenant_id_assignment_id_message_id_pk" PRIMARY KEY("tenant_id","assignment_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "document_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "document_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_details" (
	"tenant_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"subject" varchar(255),
	"message_date" timestamp with time zone,
	"updated_by_service_rep_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_details_tenant_id_message_id_pk" PRIMARY KEY("tenant_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "message_documents" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "message_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"assignment_id" bigint NOT NULL,
	"document_name" varchar(255) NOT NULL,
	"document_type_id" integer NOT NULL,
	"description" varchar(255),
	"expiration_date" timestamp with time zone,
	"version" varchar(50),
	"file_id" integer,
	"created_by_service_rep_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assessment_package_members" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "assessment_package_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"package_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_package_members_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assessment_packages" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "assessment_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(1000),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by_service_rep_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_packages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assessment_results" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "assessment_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" bigint NOT NULL,
	"report_id" varchar(200) NOT NULL,
	"code" varchar(100) NOT NULL,
	"score" numeric(12, 4),
	"score_minimum" numeric(12, 4),
	"score_maximum" numeric(12, 4),
	"percentile" numeric(5, 2),
	"outcome" text,
	"completed_at" timestamp with time zone,
	"report_url" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_results_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assessment_session_items" (
	"tenant_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"assessment_id" integer NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(200) NOT NULL,
	CONSTRAINT "assessment_session_items_tenant_id_session_id_assessment_id_pk" PRIMARY KEY("tenant_id","session_id","assessment_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_sessions" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "assessment_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"employee_id" bigint NOT NULL,
	"vendor_id" integer NOT NULL,
	"package_id" integer,
	"package_name" varchar(100) NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_reason" varchar(1000),
	"provider_session_id" varchar(200),
	"invitation_url" text,
	"expires_at" timestamp with time zone,
	"requested_by_service_rep_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assessment_vendors" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "assessment_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"kind" text NOT NULL,
	"api_url" text,
	"api_key" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_vendors_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "assessments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" integer NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" varchar(1000),
	"duration_minutes" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "assessments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "assignment_restriction_customers" ADD CONSTRAINT "assignment_restriction_customers_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_restriction_results" ADD CONSTRAINT "assignment_restriction_results_session_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."assignment_restriction_sessions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_restriction_results" ADD CONSTRAINT "assignment_restriction_results_rep_fk" FOREIGN KEY ("tenant_id","approved_by_service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_restriction_rule_settings" ADD CONSTRAINT "assignment_restriction_rule_settings_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_restriction_sessions" ADD CONSTRAINT "assignment_restriction_sessions_job_order_fk" FOREIGN KEY ("tenant_id","job_order_id") REFERENCES "public"."job_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_restriction_sessions" ADD CONSTRAINT "assignment_restriction_sessions_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_restriction_sessions" ADD CONSTRAINT "assignment_restriction_sessions_rep_fk" FOREIGN KEY ("tenant_id","created_by_service_rep_id") REFERENCES "public"."service_reps"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_restriction_sessions" ADD CONSTRAINT "assignment_restriction_sessions_assignment_fk" FOREIGN KEY ("tenant_id","assignment_id") REFERENCES "public"."assignments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accrual_plans" ADD CONSTRAINT "accrual_plans_usage_pay_code_fk" FOREIGN KEY ("tenant_id","usage_pay_code_id") REFERENCES "public"."pay_codes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_message_links" ADD CONSTRAINT "assignment_message_links_assignment_fk" FOREIGN KEY ("tenant_id","assignment_id") REFERENCES "public"."assignments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_message_links" ADD CONSTRAINT "assignment_message_links_message_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."messages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_details" ADD CONSTRAINT "message_details_message_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."messages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_documents" ADD CONSTRAINT "message_documents_message_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."messages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_documents" ADD CONSTRAINT "message_documents_assignment_fk" FOREIGN KEY ("tenant_id","assignment_id") REFERENCES "public"."assignments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_documents" ADD CONSTRAINT "message_documents_type_fk" FOREIGN KEY ("tenant_id","document_type_id") REFERENCES "public"."document_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_documents" ADD CONSTRAINT "message_documents_file_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."stored_files"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_package_members" ADD CONSTRAINT "assessment_package_members_tenant_id_package_id_assessment_packages_tenant_id_id_fk" FOREIGN KEY ("tenant_id","package_id") REFERENCES "public"."assessment_packages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_package_members" ADD CONSTRAINT "assessment_package_members_tenant_id_assessment_id_assessments_tenant_id_id_fk" FOREIGN KEY ("tenant_id","assessment_id") REFERENCES "public"."assessments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_packages" ADD CONSTRAINT "assessment_packages_tenant_id_vendor_id_assessment_vendors_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vendor_id") REFERENCES "public"."assessment_vendors"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_results" ADD CONSTRAINT "assessment_results_tenant_id_session_id_assessment_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."assessment_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_session_items" ADD CONSTRAINT "assessment_session_items_tenant_id_session_id_assessment_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."assessment_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_sessions" ADD CONSTRAINT "assessment_sessions_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_sessions" ADD CONSTRAINT "assessment_sessions_tenant_id_vendor_id_assessment_vendors_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vendor_id") REFERENCES "public"."assessment_vendors"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_tenant_id_vendor_id_assessment_vendors_tenant_id_id_fk" FOREIGN KEY ("tenant_id","vendor_id") REFERENCES "public"."assessment_vendors"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_restriction_results_session" ON "assignment_restriction_results" USING btree ("tenant_id","session_id");--> statement-breakpoint
CREATE INDEX "assignment_restriction_sessions_pair" ON "assignment_restriction_sessions" USING btree ("tenant_id","job_order_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_restriction_sessions_assignment" ON "assignment_restriction_sessions" USING btree ("tenant_id","assignment_id") WHERE assignment_id is not null;--> statement-breakpoint
CREATE INDEX "assignment_message_links_message" ON "assignment_message_links" USING btree ("tenant_id","message_id");--> statement-breakpoint
CREATE INDEX "message_documents_assignment_message" ON "message_documents" USING btree ("tenant_id","assignment_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_package_members_pair" ON "assessment_package_members" USING btree ("tenant_id","package_id","assessment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_packages_name" ON "assessment_packages" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_results_report" ON "assessment_results" USING btree ("tenant_id","session_id","report_id");--> statement-breakpoint
CREATE INDEX "assessment_sessions_employee" ON "assessment_sessions" USING btree ("tenant_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_sessions_provider" ON "assessment_sessions" USING btree ("tenant_id","vendor_id","provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_vendors_name" ON "assessment_vendors" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_vendor_code" ON "assessments" USING btree ("tenant_id","vendor_id","code");--> statement-breakpoint
-- Tenants created before this migration get the defaults new tenants start with (tenant.provisioning.ts:
-- DEFAULT_DOCUMENT_TYPES, DEFAULT_ACCRUAL_PLANS); on a new database there are no tenants yet.
INSERT INTO "document_types" ("tenant_id", "name")
SELECT t."id", d."name" FROM "tenants" t
CROSS JOIN (VALUES ('I-9'), ('W-4'), ('Timesheet'), ('Signed Assignment Letter'), ('Certification'), ('Drug Screen'), ('Background Check'), ('Other')) AS d("name");
--> statement-breakpoint
INSERT INTO "accrual_plans" ("tenant_id", "type", "name", "accrued_hours", "per_hours_worked", "max_balance", "waiting_period_days", "usage_pay_code_id")
SELECT t."id", p."type", p."name", 1, p."per", p."cap", 90,
  (SELECT c."id" FROM "pay_codes" c WHERE c."tenant_id" = t."id" AND c."name" = p."pay_code" ORDER BY c."id" LIMIT 1)
FROM "tenants" t
CROSS JOIN (VALUES ('PTO', 'Paid time off', 40, 80, 'Vacation'), ('Sick', 'Paid sick time', 30, 48, 'Sick')) AS p("type", "name", "per", "cap", "pay_code");
