CREATE TABLE "event_log_pruned" (
	"tenant_id" integer NOT NULL,
	"pruned_through" bigint NOT NULL,
	CONSTRAINT "event_log_pruned_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "record_type" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "record_id" bigint;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "sequence" bigint;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending" ON "webhook_deliveries" USING btree ("tenant_id","subscription_id","record_type","record_id","sequence") WHERE status = 'Pending';--> statement-breakpoint
-- Deliveries made before this migration: their event's record and sequence (per-record order, webhook-delivery.ts).
UPDATE "webhook_deliveries" d SET "record_type" = e."record_type", "record_id" = e."record_id", "sequence" = e."sequence"
  FROM "events" e WHERE e."tenant_id" = d."tenant_id" AND e."id" = d."event_id";
--> statement-breakpoint
-- Wakes the feed's long polls and the webhook deliverers (docs/decisions/0045): once per statement
-- that wrote events, one notification per tenant, delivered at commit (NOTIFY is transactional, and
-- PostgreSQL folds a transaction's identical notifications into one). The payload is the tenant id.
CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staffing_events', t::text) FROM (SELECT DISTINCT tenant_id AS t FROM new_rows) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_notify_inserted AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION events_notify();
