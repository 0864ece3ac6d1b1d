import { text } from 'drizzle-orm/pg-core';
import { recordTable } from '../../platform/records/record-table.ts';
import { rateSheetCatalog } from './rate-sheet.patch-catalog.ts';

export const rateSheets = recordTable('rate_sheets', rateSheetCatalog, {
  extra: { name: text('name').notNull().default('') },
});
