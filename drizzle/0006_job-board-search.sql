CREATE TABLE "job_board_search" (
	"tenant_id" integer NOT NULL,
	"job_order_id" integer NOT NULL,
	"hier_id" integer NOT NULL,
	"country_code" integer NOT NULL,
	"job_title" text,
	"job_description" text,
	"job_description_content_type" text NOT NULL,
	"category" text,
	"order_type" text,
	"skills" text[] NOT NULL,
	"municipality" text,
	"region" text,
	"postal_code" text,
	"earth" "cube",
	"latitude" double precision,
	"longitude" double precision,
	"date_order_taken" timestamp with time zone NOT NULL,
	"document" "tsvector" NOT NULL,
	CONSTRAINT "job_board_search_tenant_id_job_order_id_pk" PRIMARY KEY("tenant_id","job_order_id")
);
--> statement-breakpoint
CREATE INDEX "job_board_search_document" ON "job_board_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "job_board_search_earth" ON "job_board_search" USING gist ("earth");--> statement-breakpoint
CREATE INDEX "job_board_search_taken" ON "job_board_search" USING btree ("tenant_id","date_order_taken" desc);