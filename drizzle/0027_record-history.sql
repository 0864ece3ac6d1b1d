CREATE TABLE "record_changes" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "record_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9007199254740991 START WITH 1 CACHE 1),
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"record_type" text NOT NULL,
	"record_id" bigint NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" jsonb NOT NULL,
	"request_id" text,
	"fields" jsonb NOT NULL,
	CONSTRAINT "record_changes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "record_changes_record" ON "record_changes" USING btree ("tenant_id","record_type","record_id","xid");--> statement-breakpoint
CREATE INDEX "record_changes_at" ON "record_changes" USING brin ("at");--> statement-breakpoint
-- Two changes of one record in one transaction as one: each field's first old and last new value.
CREATE FUNCTION record_history_merge(earlier jsonb, later jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(k, CASE
      WHEN earlier ? k AND later ? k THEN jsonb_build_array(earlier -> k -> 0, later -> k -> 1)
      ELSE coalesce(later -> k, earlier -> k) END), '{}'::jsonb)
    FROM (SELECT jsonb_object_keys(earlier) UNION SELECT jsonb_object_keys(later)) keys(k)
$$;
--> statement-breakpoint
-- Writes one history entry, or merges it into the entry this transaction already wrote for the
-- record. The record tables' triggers call it (each table's own function, made from its definition
-- by history-install.ts). Who: the transaction's `staffing.actor` (or, for a statement writing
-- several requests' records at once, `staffing.actors` by record id); else the system.
CREATE FUNCTION record_history_write(kind text, tenant integer, record bigint, what text, changed jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := coalesce(
    nullif(current_setting('staffing.actors', true), '')::jsonb -> record::text,
    nullif(current_setting('staffing.actor', true), '')::jsonb,
    '{"type": "system"}'::jsonb);
BEGIN
  INSERT INTO record_changes AS c (tenant_id, record_type, record_id, action, actor, request_id, fields)
  VALUES (tenant, kind, record, what, actor - 'requestId', actor ->> 'requestId', changed)
  ON CONFLICT (tenant_id, record_type, record_id, xid) DO UPDATE SET
    fields = record_history_merge(c.fields, excluded.fields),
    action = CASE WHEN excluded.action = 'deleted' THEN 'deleted' WHEN c.action = 'created' THEN 'created' ELSE excluded.action END;
END $$;
