CREATE TABLE "job_order_candidates" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "job_order_candidates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_order_id" integer NOT NULL,
	"employee_id" bigint NOT NULL,
	"hier_id" integer NOT NULL,
	"status" text NOT NULL,
	"utm_source" varchar(255),
	"utm_campaign" varchar(255),
	"utm_medium" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_order_candidates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "job_order_candidates_order_employee" UNIQUE("tenant_id","job_order_id","employee_id"),
	CONSTRAINT "job_order_candidates_status" CHECK ("job_order_candidates"."status" in ('Applied from web', 'Under review', 'Submitted to customer', 'Placed', 'Not selected', 'Withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "job_order_candidates" ADD CONSTRAINT "job_order_candidates_job_order_fk" FOREIGN KEY ("tenant_id","job_order_id") REFERENCES "public"."job_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_candidates" ADD CONSTRAINT "job_order_candidates_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_order_candidates" ADD CONSTRAINT "job_order_candidates_hier_fk" FOREIGN KEY ("tenant_id","hier_id") REFERENCES "public"."hierarchy_nodes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_order_candidates_employee" ON "job_order_candidates" USING btree ("tenant_id","employee_id");