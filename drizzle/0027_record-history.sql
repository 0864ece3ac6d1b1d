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
CREATE UNIQUE INDEX "record_changes_transaction" ON "record_changes" USING btree ("tenant_id","xid","record_type","record_id");--> statement-breakpoint
CREATE INDEX "record_changes_record" ON "record_changes" USING btree ("tenant_id","record_type","record_id","id");--> statement-breakpoint
CREATE INDEX "record_changes_at" ON "record_changes" USING btree ("at");--> statement-breakpoint
-- A masked value (history-install.ts passes each secret field's kind): government ids keep their
-- last four characters, secrets only that they changed. Null stays null.
CREATE FUNCTION record_history_mask(value jsonb, kind text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN value IS NULL OR kind IS NULL THEN value
    WHEN kind = 'last4' THEN to_jsonb('***' || right(value #>> '{}', 4))
    ELSE to_jsonb('changed'::text)
  END
$$;
--> statement-breakpoint
-- Two changes of one record in one transaction as one: each field's first old and last new value.
CREATE FUNCTION record_history_merge(earlier jsonb, later jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(k, CASE
      WHEN earlier ? k AND later ? k THEN jsonb_build_array(earlier -> k -> 0, later -> k -> 1)
      ELSE coalesce(later -> k, earlier -> k) END), '{}'::jsonb)
    FROM (SELECT jsonb_object_keys(earlier) UNION SELECT jsonb_object_keys(later)) keys(k)
$$;
--> statement-breakpoint
-- The history of a record table's rows (installed per table by history-install.ts with its
-- arguments): TG_ARGV[0] the record's kind (`Employee`), [1] its columns' names as the record's GET
-- shows them ({"last_name": "lastName"}: unnamed columns are not history), [2] the masked fields
-- ({"governmentPersonalId": "last4"}). Who: the transaction's `staffing.actor` (or, for a statement
-- writing several requests' records at once, `staffing.actors` by record id); else the system.
CREATE FUNCTION record_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  names jsonb := TG_ARGV[1]::jsonb;
  masks jsonb := coalesce(TG_ARGV[2], '{}')::jsonb;
  o jsonb;
  n jsonb;
  row_ jsonb;
  changed jsonb;
  actor jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
  SELECT jsonb_object_agg(f.value, jsonb_build_array(
           record_history_mask(nullif(o -> f.key, 'null'::jsonb), masks ->> f.value),
           record_history_mask(nullif(n -> f.key, 'null'::jsonb), masks ->> f.value)))
    INTO changed
    FROM jsonb_each_text(names) f
   WHERE nullif(o -> f.key, 'null'::jsonb) IS DISTINCT FROM nullif(n -> f.key, 'null'::jsonb);
  IF changed IS NULL THEN RETURN NULL; END IF;
  row_ := coalesce(n, o);
  actor := coalesce(
    nullif(current_setting('staffing.actors', true), '')::jsonb -> (row_ ->> 'id'),
    nullif(current_setting('staffing.actor', true), '')::jsonb,
    '{"type": "system"}'::jsonb);
  INSERT INTO record_changes AS c (tenant_id, record_type, record_id, action, actor, request_id, fields)
  VALUES ((row_ ->> 'tenant_id')::int, TG_ARGV[0], (row_ ->> 'id')::bigint,
          CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END,
          actor - 'requestId', actor ->> 'requestId', changed)
  ON CONFLICT (tenant_id, xid, record_type, record_id) DO UPDATE SET
    fields = record_history_merge(c.fields, excluded.fields),
    action = CASE WHEN excluded.action = 'deleted' THEN 'deleted' WHEN c.action = 'created' THEN 'created' ELSE excluded.action END,
    at = excluded.at;
  RETURN NULL;
END $$;
