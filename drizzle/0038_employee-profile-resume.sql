ALTER TABLE "employee_profiles" ADD COLUMN "experience_months" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "resume_file_id" integer;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "resume_file_name" text;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "resume_text" text;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "resume_profile" jsonb;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_skills" jsonb GENERATED ALWAYS AS (nullif(profile -> 'skills', 'null'::jsonb)) STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_certifications" jsonb GENERATED ALWAYS AS (nullif(profile -> 'certifications', 'null'::jsonb)) STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_languages" jsonb GENERATED ALWAYS AS (nullif(profile -> 'languages', 'null'::jsonb)) STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_work_history" jsonb GENERATED ALWAYS AS (nullif(profile -> 'workHistory', 'null'::jsonb)) STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_education" jsonb GENERATED ALWAYS AS (nullif(profile -> 'education', 'null'::jsonb)) STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_desired_pay" jsonb GENERATED ALWAYS AS (nullif(profile -> 'desiredPay', 'null'::jsonb)) STORED;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "profile_max_distance_miles" jsonb GENERATED ALWAYS AS (nullif(profile -> 'maxDistanceMiles', 'null'::jsonb)) STORED;--> statement-breakpoint
CREATE INDEX "employee_profiles_languages" ON "employee_profiles" USING gin ("tenant_id","language_ids");