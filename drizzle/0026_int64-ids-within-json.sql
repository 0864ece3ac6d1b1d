ALTER TABLE "events" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "assessment_results" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "assessment_sessions" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "message_documents" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "assignment_restriction_results" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "assignment_restriction_sessions" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "assignments" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "job_order_candidates" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "employees" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "prospect_statuses" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;--> statement-breakpoint
ALTER TABLE "wotc_eligibility_statuses" ALTER COLUMN "id" SET MAXVALUE 9007199254740991;