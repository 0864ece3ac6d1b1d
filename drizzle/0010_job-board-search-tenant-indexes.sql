-- The search table's text and radius indexes lead with tenant_id, so a search walks only its own
-- tenant's entries however many tenants share the table (docs/job-board.md). btree_gin and
-- btree_gist give integer columns GIN and GiST operator classes; both ship with PostgreSQL's contrib.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
DROP INDEX "job_board_search_document";--> statement-breakpoint
DROP INDEX "job_board_search_earth";--> statement-breakpoint
CREATE INDEX "job_board_search_tenant_document" ON "job_board_search" USING gin ("tenant_id","document");--> statement-breakpoint
CREATE INDEX "job_board_search_tenant_earth" ON "job_board_search" USING gist ("tenant_id","earth");--> statement-breakpoint
-- The settings triggers notify through the search table's function (one definition, drizzle/0009).
DROP TRIGGER job_board_settings_notify_inserted ON job_board_settings;--> statement-breakpoint
DROP TRIGGER job_board_settings_notify_updated ON job_board_settings;--> statement-breakpoint
DROP FUNCTION job_board_settings_notify();--> statement-breakpoint
CREATE TRIGGER job_board_settings_notify_inserted AFTER INSERT ON job_board_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_notify();--> statement-breakpoint
CREATE TRIGGER job_board_settings_notify_updated AFTER UPDATE ON job_board_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_notify();
