CREATE TABLE "job_board_search_words" (
	"tenant_id" integer NOT NULL,
	"lexeme" text NOT NULL,
	"rank" real NOT NULL,
	"date_order_taken" timestamp with time zone NOT NULL,
	"job_order_id" integer NOT NULL,
	"hier_id" integer NOT NULL,
	"country_code" integer NOT NULL,
	CONSTRAINT "job_board_search_words_tenant_id_job_order_id_lexeme_pk" PRIMARY KEY("tenant_id","job_order_id","lexeme")
);
--> statement-breakpoint
CREATE INDEX "job_board_search_words_rank" ON "job_board_search_words" USING btree ("tenant_id","lexeme","rank" desc,"date_order_taken" desc,"job_order_id" desc,"hier_id","country_code");--> statement-breakpoint
-- Keeps job_board_search_words current (docs/job-board.md): the rows of an order follow its row in
-- job_board_search, which the triggers of drizzle/0007 rebuild (delete and insert) whenever the
-- order or what it depends on changes. Statement-level with transition tables, as there: a bulk
-- load or a tenant's settings change rebuilds its words in one pass.

-- A lexeme as a one-word query: what websearch_to_tsquery('english', word) returns for a word whose
-- lexeme it is (quoted, backslash and quote escaped as tsquery input reads them).
CREATE FUNCTION job_board_word_query(p_lexeme text) RETURNS tsquery LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ('''' || replace(replace(p_lexeme, chr(92), chr(92) || chr(92)), '''', '''''') || '''')::tsquery
$$;
--> statement-breakpoint
CREATE FUNCTION job_board_search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM job_board_search_words w USING old_rows o WHERE w.tenant_id = o.tenant_id AND w.job_order_id = o.job_order_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- The rank exactly as the search computes it for a one-word query: ts_rank(document, query).
    INSERT INTO job_board_search_words (tenant_id, lexeme, rank, date_order_taken, job_order_id, hier_id, country_code)
    SELECT n.tenant_id, u.lexeme, ts_rank(n.document, job_board_word_query(u.lexeme)), n.date_order_taken, n.job_order_id, n.hier_id, n.country_code
    FROM new_rows n CROSS JOIN LATERAL unnest(n.document) AS u(lexeme, positions, weights);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_board_search_words_inserted AFTER INSERT ON job_board_search REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_words_changed();
--> statement-breakpoint
CREATE TRIGGER job_board_search_words_updated AFTER UPDATE ON job_board_search REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_words_changed();
--> statement-breakpoint
CREATE TRIGGER job_board_search_words_deleted AFTER DELETE ON job_board_search REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_board_search_words_changed();
--> statement-breakpoint

-- Orders that are on the job board already.
INSERT INTO job_board_search_words (tenant_id, lexeme, rank, date_order_taken, job_order_id, hier_id, country_code)
SELECT s.tenant_id, u.lexeme, ts_rank(s.document, job_board_word_query(u.lexeme)), s.date_order_taken, s.job_order_id, s.hier_id, s.country_code
FROM job_board_search s CROSS JOIN LATERAL unnest(s.document) AS u(lexeme, positions, weights);
