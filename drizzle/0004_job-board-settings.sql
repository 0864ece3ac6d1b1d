CREATE TABLE "job_board_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"can_search_by_location" boolean DEFAULT true NOT NULL,
	"job_description_fallback" boolean DEFAULT true NOT NULL,
	"job_title_fallback" boolean DEFAULT true NOT NULL,
	"hide_old_dates" boolean DEFAULT false NOT NULL,
	"old_date_cutoff_days" integer DEFAULT 30 NOT NULL,
	"hide_worksite" boolean DEFAULT false NOT NULL,
	"do_not_post_to_web" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_orders" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "job_board_settings" ADD CONSTRAINT "job_board_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;