// The one writer of event rows (issue 27): every event the service records is a row of this
// statement, whoever writes it (emitEvent, the one-statement PATCH, the queue's completed jobs). The
// columns are named once, here; a writer gives the SQL of each over the rows it reports.

/** An event row's columns, by the name a writer fills them under. */
const COLUMNS = {
  tenantId: 'tenant_id', type: 'type', recordType: 'record_type', recordId: 'record_id',
  location: 'location', hierId: 'hier_id', readScopes: 'read_scopes', data: 'data',
} as const;

/** The SQL expression of each column, over the source the events are selected from. */
export type EventRowSql = Record<keyof typeof COLUMNS, string>;

/** `insert into events (...) select <row> from <from>`: one event per row of `from` (a table or CTE, with its conditions). */
export function insertEvents(row: EventRowSql, from: string): string {
  const keys = Object.keys(COLUMNS).filter((k): k is keyof typeof COLUMNS => k in row);
  return `insert into events (${keys.map((k) => COLUMNS[k]).join(', ')}) select ${keys.map((k) => row[k]).join(', ')} from ${from}`;
}

/** A text value as an SQL literal (for a writer whose values are constants of the code, not input). */
export const textLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;
