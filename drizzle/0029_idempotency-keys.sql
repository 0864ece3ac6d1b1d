-- The answers of requests with an Idempotency-Key (decision 0048), written in each request's own transaction.
CREATE TABLE "idempotency_keys" (
	"tenant_id" integer NOT NULL,
	"credential" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"target" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" smallint NOT NULL,
	"headers" jsonb NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_credential_key_pk" PRIMARY KEY("tenant_id","credential","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");