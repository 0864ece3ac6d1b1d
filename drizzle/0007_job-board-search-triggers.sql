-- Keeps job_board_search current (docs/job-board.md). One view says what an eligible order looks
-- like on the job board; triggers on every table that view reads refresh the rows of the orders a
-- statement touched, in the same transaction. Statement-level triggers with transition tables: a
-- bulk INSERT ... SELECT of 200,000 orders refreshes them in one pass, not row by row.

-- The eligibility rules (JB-31 status, JB-32 public job title, JB-33 web-public branch) and the
-- shown values with the tenant's fallbacks (JB-40, JB-42; a tenant without settings: both on).
-- The text parser skips HTML tags, so an HTML description indexes its words only.
CREATE VIEW job_board_eligible AS
SELECT o.tenant_id, o.id AS job_order_id, o.hier_id, w.country_code,
  t.title AS job_title, d.description AS job_description, d.content_type AS job_description_content_type,
  c.name AS category, ot.name AS order_type, o.skills,
  w.municipality, w.region, w.postal_code,
  CASE WHEN w.latitude IS NOT NULL AND w.longitude IS NOT NULL THEN ll_to_earth(w.latitude, w.longitude) END AS earth,
  w.latitude, w.longitude, o.date_order_taken,
  setweight(to_tsvector('english', coalesce(t.title, '')), 'A')
    || setweight(to_tsvector('english', array_to_string(o.skills, ' ')), 'B')
    || setweight(to_tsvector('english', coalesce(d.description, '')), 'C') AS document
FROM job_orders o
JOIN job_order_statuses st ON st.tenant_id = o.tenant_id AND st.id = o.job_order_status_id AND st.is_job_board_eligible
JOIN job_titles jt ON jt.tenant_id = o.tenant_id AND jt.id = o.job_title_id AND jt.is_public
JOIN branches b ON b.tenant_id = o.tenant_id AND b.id = o.branch_id AND b.is_web_public
JOIN worksites w ON w.tenant_id = o.tenant_id AND w.id = o.worksite_id
LEFT JOIN job_title_categories c ON c.tenant_id = jt.tenant_id AND c.id = jt.job_title_category_id
LEFT JOIN order_types ot ON ot.tenant_id = o.tenant_id AND ot.id = o.job_order_type_id
LEFT JOIN job_board_settings s ON s.tenant_id = o.tenant_id
CROSS JOIN LATERAL (SELECT CASE
  WHEN btrim(o.public_job_title) <> '' THEN o.public_job_title
  WHEN coalesce(s.job_title_fallback, true) THEN nullif(btrim(jt.job_title), '')
END AS title) t
CROSS JOIN LATERAL (SELECT
  CASE WHEN btrim(o.public_job_description) <> '' THEN o.public_job_description
    WHEN coalesce(s.job_description_fallback, true) THEN nullif(btrim(o.job_description), '') END AS description,
  -- The content type describes the public description; the private one is plain text.
  CASE WHEN btrim(o.public_job_description) <> '' THEN coalesce(nullif(o.public_job_description_content_type, ''), 'text/plain')
    ELSE 'text/plain' END AS content_type) d;
--> statement-breakpoint

-- Rebuilds the rows of the given orders of a tenant (all of its orders when p_ids is null).
CREATE FUNCTION job_board_search_refresh(p_tenant integer, p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL THEN
    DELETE FROM job_board_search WHERE tenant_id = p_tenant;
    INSERT INTO job_board_search (tenant_id, job_order_id, hier_id, country_code, job_title, job_description, job_description_content_type,
      category, order_type, skills, municipality, region, postal_code, earth, latitude, longitude, date_order_taken, document)
    SELECT e.tenant_id, e.job_order_id, e.hier_id, e.country_code, e.job_title, e.job_description, e.job_description_content_type,
      e.category, e.order_type, e.skills, e.municipality, e.region, e.postal_code, e.earth, e.latitude, e.longitude, e.date_order_taken, e.document
    FROM job_board_eligible e WHERE e.tenant_id = p_tenant;
  ELSE
    DELETE FROM job_board_search s USING unnest(p_ids) AS u(id) WHERE s.tenant_id = p_tenant AND s.job_order_id = u.id;
    INSERT INTO job_board_search (tenant_id, job_order_id, hier_id, country_code, job_title, job_description, job_description_content_type,
      category, order_type, skills, municipality, region, postal_code, earth, latitude, longitude, date_order_taken, document)
    SELECT e.tenant_id, e.job_order_id, e.hier_id, e.country_code, e.job_title, e.job_description, e.job_description_content_type,
      e.category, e.order_type, e.skills, e.municipality, e.region, e.postal_code, e.earth, e.latitude, e.longitude, e.date_order_taken, e.document
    FROM job_board_eligible e JOIN unnest(p_ids) AS u(id) ON e.job_order_id = u.id WHERE e.tenant_id = p_tenant;
  END IF;
END $$;
--> statement-breakpoint

-- Job orders: the inserted, updated or deleted orders themselves.
CREATE FUNCTION job_board_search_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM job_board_search s USING old_rows o WHERE s.tenant_id = o.tenant_id AND s.job_order_id = o.id;
  ELSE
    FOR r IN SELECT n.tenant_id, array_agg(n.id) AS ids FROM new_rows n GROUP BY n.tenant_id LOOP
      PERFORM job_board_search_refresh(r.tenant_id, r.ids);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_board_search_orders_inserted AFTER INSERT ON job_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_orders_changed();
--> statement-breakpoint
CREATE TRIGGER job_board_search_orders_updated AFTER UPDATE ON job_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_orders_changed();
--> statement-breakpoint
CREATE TRIGGER job_board_search_orders_deleted AFTER DELETE ON job_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_orders_changed();
--> statement-breakpoint

-- What an order depends on: when a column the view reads changes, the orders using that row are
-- rebuilt. TG_ARGV[0] is the job order column that points at the changed table.
CREATE FUNCTION job_board_search_dependency_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN EXECUTE format(
    'SELECT o.tenant_id, array_agg(o.id) AS ids FROM job_orders o
       JOIN (SELECT n.tenant_id, n.id FROM new_rows n JOIN old_rows x ON x.tenant_id = n.tenant_id AND x.id = n.id
             WHERE to_jsonb(n) IS DISTINCT FROM to_jsonb(x)) c ON c.tenant_id = o.tenant_id AND c.id = o.%I
     GROUP BY o.tenant_id', TG_ARGV[0]) LOOP
    PERFORM job_board_search_refresh(r.tenant_id, r.ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_board_search_titles AFTER UPDATE ON job_titles REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_dependency_changed('job_title_id');
--> statement-breakpoint
CREATE TRIGGER job_board_search_branches AFTER UPDATE ON branches REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_dependency_changed('branch_id');
--> statement-breakpoint
CREATE TRIGGER job_board_search_statuses AFTER UPDATE ON job_order_statuses REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_dependency_changed('job_order_status_id');
--> statement-breakpoint
CREATE TRIGGER job_board_search_worksites AFTER UPDATE ON worksites REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_dependency_changed('worksite_id');
--> statement-breakpoint
CREATE TRIGGER job_board_search_order_types AFTER UPDATE ON order_types REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_dependency_changed('job_order_type_id');
--> statement-breakpoint

-- A category is reached through the job title.
CREATE FUNCTION job_board_search_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT o.tenant_id, array_agg(o.id) AS ids FROM job_orders o
    JOIN job_titles jt ON jt.tenant_id = o.tenant_id AND jt.id = o.job_title_id
    JOIN new_rows n ON n.tenant_id = jt.tenant_id AND n.id = jt.job_title_category_id
    JOIN old_rows x ON x.tenant_id = n.tenant_id AND x.id = n.id
    WHERE n.name IS DISTINCT FROM x.name GROUP BY o.tenant_id LOOP
    PERFORM job_board_search_refresh(r.tenant_id, r.ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_board_search_categories AFTER UPDATE ON job_title_categories REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_categories_changed();
--> statement-breakpoint

-- The fallback settings change what every row of the tenant shows and indexes.
CREATE FUNCTION job_board_search_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT DISTINCT n.tenant_id FROM new_rows n LOOP
    PERFORM job_board_search_refresh(r.tenant_id, NULL);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_board_search_settings_inserted AFTER INSERT ON job_board_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_settings_changed();
--> statement-breakpoint
CREATE TRIGGER job_board_search_settings_updated AFTER UPDATE ON job_board_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_settings_changed();
--> statement-breakpoint

-- Documents are read by every text match and rank: stored uncompressed (they stay inline, rows are
-- well under the 2 kB TOAST threshold), they cost no decompression per row.
ALTER TABLE job_board_search ALTER COLUMN document SET STORAGE EXTERNAL;
--> statement-breakpoint

-- Orders that exist already.
INSERT INTO job_board_search (tenant_id, job_order_id, hier_id, country_code, job_title, job_description, job_description_content_type,
  category, order_type, skills, municipality, region, postal_code, earth, latitude, longitude, date_order_taken, document)
SELECT tenant_id, job_order_id, hier_id, country_code, job_title, job_description, job_description_content_type,
  category, order_type, skills, municipality, region, postal_code, earth, latitude, longitude, date_order_taken, document
FROM job_board_eligible;
