ALTER TABLE "employee_places" ADD COLUMN "occupation_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_places" ADD COLUMN "skill_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_places" ADD COLUMN "certification_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "employee_places_occupations" ON "employee_places" USING gin ("tenant_id","occupation_ids");--> statement-breakpoint
CREATE INDEX "employee_places_skills" ON "employee_places" USING gin ("tenant_id","skill_ids");--> statement-breakpoint
CREATE INDEX "employee_places_certifications" ON "employee_places" USING gin ("tenant_id","certification_ids");--> statement-breakpoint

-- The profile's ids beside each employee's place (decision 0060): copied from employee_profiles by its
-- triggers (per statement: a bulk load of 100,000 profiles is one join), and taken again when a
-- moved employee's place is made anew.
CREATE OR REPLACE FUNCTION employee_places_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM employee_places WHERE tenant_id = NEW.tenant_id AND employee_id = NEW.id;
  INSERT INTO employee_places (tenant_id, employee_id, latitude, longitude, earth, occupation_ids, skill_ids, certification_ids)
  SELECT NEW.tenant_id, NEW.id, p.latitude, p.longitude, ll_to_earth(p.latitude, p.longitude),
         coalesce(f.occupation_ids, '{}'), coalesce(f.skill_ids, '{}'), coalesce(f.certification_ids, '{}')
  FROM postal_codes p
  LEFT JOIN employee_profiles f ON f.tenant_id = NEW.tenant_id AND f.employee_id = NEW.id
  WHERE p.country_code = NEW.country_code AND p.postal_code = employee_gazetteer_key(NEW.country_code, NEW.postal_code);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION employee_places_profiled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE employee_places x SET occupation_ids = c.occupation_ids, skill_ids = c.skill_ids, certification_ids = c.certification_ids
  FROM profiled c
  WHERE x.tenant_id = c.tenant_id AND x.employee_id = c.employee_id
    AND (x.occupation_ids, x.skill_ids, x.certification_ids) IS DISTINCT FROM (c.occupation_ids, c.skill_ids, c.certification_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER employee_places_profiled AFTER INSERT ON employee_profiles
  REFERENCING NEW TABLE AS profiled FOR EACH STATEMENT EXECUTE FUNCTION employee_places_profiled();
--> statement-breakpoint

CREATE TRIGGER employee_places_reprofiled AFTER UPDATE ON employee_profiles
  REFERENCING NEW TABLE AS profiled FOR EACH STATEMENT EXECUTE FUNCTION employee_places_profiled();
--> statement-breakpoint

UPDATE employee_places x SET occupation_ids = f.occupation_ids, skill_ids = f.skill_ids, certification_ids = f.certification_ids
FROM employee_profiles f WHERE f.tenant_id = x.tenant_id AND f.employee_id = x.employee_id;
