-- Tells every API process which tenants' job board search results changed, once per statement and
-- at commit (NOTIFY is transactional): their in-memory result caches drop that tenant's entries.
CREATE FUNCTION job_board_search_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('staffing_job_board', t::text) FROM (SELECT DISTINCT tenant_id AS t FROM old_rows) x;
  ELSE
    PERFORM pg_notify('staffing_job_board', t::text) FROM (SELECT DISTINCT tenant_id AS t FROM new_rows) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_board_search_notify_inserted AFTER INSERT ON job_board_search REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_notify();
--> statement-breakpoint
CREATE TRIGGER job_board_search_notify_updated AFTER UPDATE ON job_board_search REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_notify();
--> statement-breakpoint
CREATE TRIGGER job_board_search_notify_deleted AFTER DELETE ON job_board_search REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_notify();
--> statement-breakpoint
-- Display settings (Hide Worksite, Hide Old Dates) change answers without changing rows.
CREATE FUNCTION job_board_settings_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staffing_job_board', t::text) FROM (SELECT DISTINCT tenant_id AS t FROM new_rows) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_board_settings_notify_inserted AFTER INSERT ON job_board_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_settings_notify();
--> statement-breakpoint
CREATE TRIGGER job_board_settings_notify_updated AFTER UPDATE ON job_board_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_settings_notify();
