ALTER TABLE "webhook_subscriptions" ADD COLUMN "credential_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_one_credential" CHECK (num_nonnulls("webhook_subscriptions"."credential_id", "webhook_subscriptions"."client_id") <= 1);