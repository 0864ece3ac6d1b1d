CREATE TABLE "employee_profiles" (
	"tenant_id" integer NOT NULL,
	"employee_id" bigint NOT NULL,
	"profile" jsonb NOT NULL,
	"skill_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"certification_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"occupation_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"language_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_profiles_tenant_id_employee_id_pk" PRIMARY KEY("tenant_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD CONSTRAINT "employee_profiles_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_profiles_skills" ON "employee_profiles" USING gin ("tenant_id","skill_ids");--> statement-breakpoint
CREATE INDEX "employee_profiles_certifications" ON "employee_profiles" USING gin ("tenant_id","certification_ids");--> statement-breakpoint
CREATE INDEX "employee_profiles_occupations" ON "employee_profiles" USING gin ("tenant_id","occupation_ids");