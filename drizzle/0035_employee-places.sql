CREATE TABLE "employee_places" (
	"tenant_id" integer NOT NULL,
	"employee_id" bigint NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"earth" "cube" NOT NULL,
	CONSTRAINT "employee_places_tenant_id_employee_id_pk" PRIMARY KEY("tenant_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "employee_places" ADD CONSTRAINT "employee_places_tenant_id_employee_id_employees_tenant_id_id_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."employees"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_places_tenant_earth" ON "employee_places" USING gist ("tenant_id","earth");--> statement-breakpoint

-- Keeps employee_places current (decision 0059): the gazetteer's centroid of each employee's postal
-- code, read as gazetteerKey reads it (a ZIP+4 as its ZIP, a Canadian code as its area). Inserts
-- are handled per statement through the transition table (a bulk insert of 100,000 employees is one
-- join); a changed postal code or country per row. No row when the gazetteer does not know the code.
CREATE FUNCTION employee_gazetteer_key(p_country integer, p_code text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_country WHEN 840 THEN left(btrim(p_code), 5)
    WHEN 124 THEN left(upper(regexp_replace(p_code, '\s+', '', 'g')), 3)
    ELSE upper(btrim(p_code)) END
$$;
--> statement-breakpoint

CREATE FUNCTION employee_places_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO employee_places (tenant_id, employee_id, latitude, longitude, earth)
  SELECT n.tenant_id, n.id, p.latitude, p.longitude, ll_to_earth(p.latitude, p.longitude)
  FROM inserted n
  JOIN postal_codes p ON p.country_code = n.country_code AND p.postal_code = employee_gazetteer_key(n.country_code, n.postal_code)
  WHERE n.postal_code IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION employee_places_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM employee_places WHERE tenant_id = NEW.tenant_id AND employee_id = NEW.id;
  INSERT INTO employee_places (tenant_id, employee_id, latitude, longitude, earth)
  SELECT NEW.tenant_id, NEW.id, p.latitude, p.longitude, ll_to_earth(p.latitude, p.longitude)
  FROM postal_codes p WHERE p.country_code = NEW.country_code AND p.postal_code = employee_gazetteer_key(NEW.country_code, NEW.postal_code);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER employee_places_inserted AFTER INSERT ON employees
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION employee_places_inserted();
--> statement-breakpoint

CREATE TRIGGER employee_places_moved AFTER UPDATE OF postal_code, country_code ON employees FOR EACH ROW
  WHEN (OLD.postal_code IS DISTINCT FROM NEW.postal_code OR OLD.country_code IS DISTINCT FROM NEW.country_code)
  EXECUTE FUNCTION employee_places_moved();
--> statement-breakpoint

INSERT INTO employee_places (tenant_id, employee_id, latitude, longitude, earth)
SELECT e.tenant_id, e.id, p.latitude, p.longitude, ll_to_earth(p.latitude, p.longitude)
FROM employees e
JOIN postal_codes p ON p.country_code = e.country_code AND p.postal_code = employee_gazetteer_key(e.country_code, e.postal_code)
WHERE e.postal_code IS NOT NULL;
