CREATE TABLE "job_order_requirements" (
	"tenant_id" integer NOT NULL,
	"job_order_id" bigint NOT NULL,
	"stated" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_order_requirements_tenant_id_job_order_id_pk" PRIMARY KEY("tenant_id","job_order_id")
);
--> statement-breakpoint
CREATE TABLE "matching_weights" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"weights" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_order_requirements" ADD CONSTRAINT "job_order_requirements_job_order_fk" FOREIGN KEY ("tenant_id","job_order_id") REFERENCES "public"."job_orders"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_weights" ADD CONSTRAINT "matching_weights_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;