CREATE INDEX "events_occurred" ON "events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event" ON "webhook_deliveries" USING btree ("tenant_id","event_id");