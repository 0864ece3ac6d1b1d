CREATE TABLE "event_log_pruned" (
	"tenant_id" integer NOT NULL,
	"pruned_through" bigint NOT NULL,
	CONSTRAINT "event_log_pruned_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending" ON "webhook_deliveries" USING btree ("tenant_id","subscription_id","event_id") WHERE status = 'Pending';--> statement-breakpoint
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
