-- Extensions used across the schema: ltree (hierarchy paths), cube + earthdistance (job board radius
-- search), pg_trgm (prefix and fuzzy name search). All ship with PostgreSQL's contrib modules.
CREATE EXTENSION IF NOT EXISTS ltree;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
