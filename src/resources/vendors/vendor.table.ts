import { recordTable } from '../../platform/records/record-table.ts';
import { vendorCatalog } from './vendor.patch-catalog.ts';

/** Vendors (companies that supply workers or services). `IsVendor` is always true. */
export const vendors = recordTable('vendors', vendorCatalog, { indexes: [['companyName']] });
