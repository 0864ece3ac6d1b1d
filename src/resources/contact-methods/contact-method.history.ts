// A contact method's history (docs/history.md): its catalog's fields, as its GET names them.
import type { HistorySource } from '../../platform/history/history-install.ts';
import { catalogFields } from '../../platform/history/catalog-fields.ts';
import { contactMethodCatalog } from './contact-method.patch-catalog.ts';

export const contactMethodHistory: HistorySource = { recordType: 'ContactMethod', table: 'contact_methods', fields: catalogFields(contactMethodCatalog) };
