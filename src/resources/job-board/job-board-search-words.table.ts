// The job board search's word table: one row per lexeme of each eligible order's document (the
// rows of job_board_search), with the order's rank for a query of that one word, computed as the
// search computes it (`ts_rank(document, query)`). A one-word relevance search reads its page in
// order from the B-tree and counts from it without ranking every order the word matches
// (docs/job-board.md). Triggers on job_board_search keep it current
// (drizzle/*_job-board-search-words.sql): nothing in the application writes it.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';

export const jobBoardSearchWords = pgTable('job_board_search_words', {
  tenantId: integer('tenant_id').notNull(),
  /** A lexeme of the order's document (English stemming, as websearch_to_tsquery writes it). */
  lexeme: text('lexeme').notNull(),
  /** `ts_rank(document, lexeme::tsquery)`: the order's rank for a search of that one word. */
  rank: real('rank').notNull(),
  dateOrderTaken: timestamp('date_order_taken', { withTimezone: true, mode: 'string' }).notNull(),
  jobOrderId: integer('job_order_id').notNull(),
  /** What the search filters on (job_board_search's columns of the same names). */
  hierId: integer('hier_id').notNull(),
  countryCode: integer('country_code').notNull(),
}, (t) => [
  // Also what the triggers delete an order's words by.
  primaryKey({ columns: [t.tenantId, t.jobOrderId, t.lexeme] }),
  // The relevance order of one word, with the filter columns last: page and count are index-only scans.
  index('job_board_search_words_rank').on(t.tenantId, t.lexeme, sql`${t.rank} desc`, sql`${t.dateOrderTaken} desc`,
    sql`${t.jobOrderId} desc`, t.hierId, t.countryCode),
]);
