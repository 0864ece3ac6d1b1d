// A PATCH catalog's fields as history names them: column -> the JSON name its GET shows.
import type { Catalog } from '../records/json-patch/catalog.ts';

export const catalogFields = (catalog: Catalog): Record<string, string> => Object.fromEntries(catalog.fields.map((f) => [f.column, f.json]));
