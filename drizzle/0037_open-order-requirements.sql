CREATE TABLE "open_order_requirements" (
	"tenant_id" integer NOT NULL,
	"job_order_id" integer NOT NULL,
	"hier_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"job_order_status_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"requirements" jsonb,
	"occupation_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"skill_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"certification_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"earth" "cube",
	"pay_per_hour" numeric,
	"start_date" date,
	"end_date" date,
	"stale" boolean DEFAULT true NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "open_order_requirements_tenant_id_job_order_id_pk" PRIMARY KEY("tenant_id","job_order_id")
);
--> statement-breakpoint
CREATE INDEX "open_order_requirements_tenant_occupations" ON "open_order_requirements" USING gin ("tenant_id","occupation_ids");--> statement-breakpoint
CREATE INDEX "open_order_requirements_tenant_skills" ON "open_order_requirements" USING gin ("tenant_id","skill_ids");--> statement-breakpoint
CREATE INDEX "open_order_requirements_tenant_certifications" ON "open_order_requirements" USING gin ("tenant_id","certification_ids");--> statement-breakpoint
CREATE INDEX "open_order_requirements_tenant_earth" ON "open_order_requirements" USING gist ("tenant_id","earth");--> statement-breakpoint
CREATE INDEX "open_order_requirements_stale" ON "open_order_requirements" USING btree ("tenant_id","job_order_id") WHERE stale;--> statement-breakpoint

-- Keeps open_order_requirements current (decision 0061): one row per open order (active, its status
-- neither filled nor closed). requirementsOf is JavaScript, so these triggers do not compute the
-- requirements: they insert the row of an order that became open, delete the row of one that is no
-- longer open, and mark a row stale (version + 1) on every write that changes what requirementsOf
-- reads (the order itself, its stated requirements, its worksite's place, its job title's name);
-- refreshOpenOrderRequirements computes the stale rows. The plain columns (hierarchy, branch,
-- status, customer) are set here at once, so visibility is never stale. Statement-level triggers
-- with transition tables, as job_board_search's: a bulk write marks its orders in one pass.

-- The given orders of a tenant, as they are now: the open ones inserted or marked stale, the others' rows deleted.
CREATE FUNCTION open_order_requirements_mark(p_tenant integer, p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM open_order_requirements x USING unnest(p_ids) AS u(id)
   WHERE x.tenant_id = p_tenant AND x.job_order_id = u.id
     AND NOT EXISTS (SELECT 1 FROM job_orders o JOIN job_order_statuses s ON s.tenant_id = o.tenant_id AND s.id = o.job_order_status_id
                      WHERE o.tenant_id = p_tenant AND o.id = u.id AND o.is_active AND NOT s.is_filled AND NOT s.is_closed);
  INSERT INTO open_order_requirements AS x (tenant_id, job_order_id, hier_id, branch_id, job_order_status_id, customer_id)
  SELECT o.tenant_id, o.id, o.hier_id, o.branch_id, o.job_order_status_id, o.customer_id
    FROM job_orders o
    JOIN unnest(p_ids) AS u(id) ON o.id = u.id
    JOIN job_order_statuses s ON s.tenant_id = o.tenant_id AND s.id = o.job_order_status_id
   WHERE o.tenant_id = p_tenant AND o.is_active AND NOT s.is_filled AND NOT s.is_closed
  ON CONFLICT (tenant_id, job_order_id) DO UPDATE SET hier_id = excluded.hier_id, branch_id = excluded.branch_id,
    job_order_status_id = excluded.job_order_status_id, customer_id = excluded.customer_id, stale = true, version = x.version + 1;
END $$;
--> statement-breakpoint

-- Job orders: an inserted order, and an updated one whose openness, place in the hierarchy or any
-- column requirementsOf reads changed (a PATCH of its notes marks nothing).
CREATE FUNCTION open_order_requirements_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM open_order_requirements x USING old_rows o WHERE x.tenant_id = o.tenant_id AND x.job_order_id = o.id;
  ELSIF TG_OP = 'INSERT' THEN
    FOR r IN SELECT n.tenant_id, array_agg(n.id) AS ids FROM new_rows n GROUP BY n.tenant_id LOOP
      PERFORM open_order_requirements_mark(r.tenant_id, r.ids);
    END LOOP;
  ELSE
    FOR r IN SELECT n.tenant_id, array_agg(n.id) AS ids FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
              WHERE (n.is_active, n.job_order_status_id, n.hier_id, n.branch_id, n.customer_id, n.public_job_title, n.job_title_id,
                     n.job_description, n.skills, n.pay_rate, n.start_date, n.estimated_end_date, n.worksite_id)
                    IS DISTINCT FROM
                    (o.is_active, o.job_order_status_id, o.hier_id, o.branch_id, o.customer_id, o.public_job_title, o.job_title_id,
                     o.job_description, o.skills, o.pay_rate, o.start_date, o.estimated_end_date, o.worksite_id)
              GROUP BY n.tenant_id LOOP
      PERFORM open_order_requirements_mark(r.tenant_id, r.ids);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER open_order_requirements_orders_inserted AFTER INSERT ON job_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_order_requirements_orders_changed();
--> statement-breakpoint
CREATE TRIGGER open_order_requirements_orders_updated AFTER UPDATE ON job_orders REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_order_requirements_orders_changed();
--> statement-breakpoint
CREATE TRIGGER open_order_requirements_orders_deleted AFTER DELETE ON job_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_order_requirements_orders_changed();
--> statement-breakpoint

-- Stated requirements (PUT /JobOrders/{id}/Requirements): written, replaced or removed (one
-- function: each trigger names its own rows changed_rows).
CREATE FUNCTION open_order_requirements_stated_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE open_order_requirements x SET stale = true, version = x.version + 1
    FROM (SELECT DISTINCT tenant_id, job_order_id FROM changed_rows) c
   WHERE x.tenant_id = c.tenant_id AND x.job_order_id = c.job_order_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER open_order_requirements_stated_inserted AFTER INSERT ON job_order_requirements REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_order_requirements_stated_written();
--> statement-breakpoint
CREATE TRIGGER open_order_requirements_stated_updated AFTER UPDATE ON job_order_requirements REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_order_requirements_stated_written();
--> statement-breakpoint
CREATE TRIGGER open_order_requirements_stated_deleted AFTER DELETE ON job_order_requirements REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_order_requirements_stated_written();
--> statement-breakpoint

-- A worksite's place (what FACTS reads: its coordinates, country and postal code) and a job title's
-- name: the open orders using the changed row are marked (every open order has its row).
CREATE FUNCTION open_order_requirements_worksites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE open_order_requirements x SET stale = true, version = x.version + 1
    FROM job_orders o
    JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.worksite_id
    JOIN old_rows p ON p.tenant_id = n.tenant_id AND p.id = n.id
   WHERE x.tenant_id = o.tenant_id AND x.job_order_id = o.id
     AND (n.latitude, n.longitude, n.country_code, n.postal_code) IS DISTINCT FROM (p.latitude, p.longitude, p.country_code, p.postal_code);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER open_order_requirements_worksites AFTER UPDATE ON worksites REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_order_requirements_worksites_changed();
--> statement-breakpoint
CREATE FUNCTION open_order_requirements_titles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE open_order_requirements x SET stale = true, version = x.version + 1
    FROM job_orders o
    JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.job_title_id
    JOIN old_rows p ON p.tenant_id = n.tenant_id AND p.id = n.id
   WHERE x.tenant_id = o.tenant_id AND x.job_order_id = o.id AND n.job_title IS DISTINCT FROM p.job_title;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER open_order_requirements_titles AFTER UPDATE ON job_titles REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_order_requirements_titles_changed();
--> statement-breakpoint

-- A status that becomes filled or closed (or open again) changes which of its orders are open.
CREATE FUNCTION open_order_requirements_statuses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT o.tenant_id, array_agg(o.id) AS ids FROM job_orders o
    JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.job_order_status_id
    JOIN old_rows p ON p.tenant_id = n.tenant_id AND p.id = n.id
   WHERE (n.is_filled, n.is_closed) IS DISTINCT FROM (p.is_filled, p.is_closed) GROUP BY o.tenant_id LOOP
    PERFORM open_order_requirements_mark(r.tenant_id, r.ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER open_order_requirements_statuses AFTER UPDATE ON job_order_statuses REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_order_requirements_statuses_changed();
--> statement-breakpoint

-- The orders open when this migration runs, all stale: the background refresh computes them.
INSERT INTO open_order_requirements (tenant_id, job_order_id, hier_id, branch_id, job_order_status_id, customer_id)
SELECT o.tenant_id, o.id, o.hier_id, o.branch_id, o.job_order_status_id, o.customer_id
  FROM job_orders o JOIN job_order_statuses s ON s.tenant_id = o.tenant_id AND s.id = o.job_order_status_id
 WHERE o.is_active AND NOT s.is_filled AND NOT s.is_closed;
