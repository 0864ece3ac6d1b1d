ALTER TABLE "employee_profiles" ADD COLUMN "experience_months" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "resume_file_id" integer;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "resume_file_name" text;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "resume_text" text;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "resume_profile" jsonb;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_skills" jsonb GENERATED ALWAYS AS (profile -> 'skills') STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_certifications" jsonb GENERATED ALWAYS AS (profile -> 'certifications') STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_languages" jsonb GENERATED ALWAYS AS (profile -> 'languages') STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_work_history" jsonb GENERATED ALWAYS AS (profile -> 'workHistory') STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_education" jsonb GENERATED ALWAYS AS (profile -> 'education') STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_desired_pay" jsonb GENERATED ALWAYS AS (profile -> 'desiredPay') STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_max_distance_miles" jsonb GENERATED ALWAYS AS (profile -> 'maxDistanceMiles') STORED;--> statement-breakpoint
CREATE INDEX "employee_profiles_languages" ON "employee_profiles" USING gin ("tenant_id","language_ids");