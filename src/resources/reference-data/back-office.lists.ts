// The back office's lists (decision 0028): the codes records take from the tenant's payroll, billing
// and vendor setup. One definition per list; from it derive a new tenant's entries
// (tenant.provisioning.ts), the field rules, `GET /Datalists/<name>` and `staffing lists`.
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { activeLookup, type Rule, type Rules } from '../../platform/records/rules.ts';
import * as R from './reference.table.ts';

export type CodeListTable = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn; name: AnyPgColumn; isActive: AnyPgColumn };

export interface CodeList {
  /** `GET /Datalists/<name>`, `staffing lists --list <name>`. */
  readonly name: string;
  readonly table: CodeListTable;
  /** The JSON field that takes the id; the datalist item pairs it with the noun (`burdenTypeId`, `burdenType`). */
  readonly field: string;
  /** The datalist's summary: what the list holds and which records take it. */
  readonly summary: string;
  /** A new tenant's entries. */
  readonly defaults: readonly string[];
  /** A value that means "none" and names no entry (a job title's DivisionIdent 0). */
  readonly none?: number;
}

export const CODE_LISTS: readonly CodeList[] = [
  { name: 'BurdenTypes', table: R.burdenTypes, field: 'burdenTypeId', summary: 'Commission burden types (BurdenTypeId of job orders and assignments).', defaults: ['Standard', 'Per diem'] },
  { name: 'BusinessCodes', table: R.businessCodes, field: 'businessCodeId', summary: 'Business codes, Guid ids (BusinessCodeId of assignments and vendors).', defaults: ['Light Industrial', 'Clerical', 'Professional', 'Healthcare'] },
  { name: 'RemoteWorkStatuses', table: R.remoteWorkStatuses, field: 'remoteWorkStatusId', summary: 'Where an assignment is worked (RemoteWorkStatusId of assignments).', defaults: ['On site', 'Hybrid', 'Remote'] },
  { name: 'WotcEligibilityStatuses', table: R.wotcEligibilityStatuses, field: 'wotcEligibilityStatusId', summary: 'Work Opportunity Tax Credit screening statuses (WotcEligibilityStatusId of employees).', defaults: ['Not screened', 'Eligible', 'Not eligible'] },
  { name: 'ContractLengthTypes', table: R.contractLengthTypes, field: 'contractLengthTypeId', summary: 'Units of a contract\'s ContractLength (ContractLengthTypeId of contracts).', defaults: ['Days', 'Weeks', 'Months', 'Years'] },
  { name: 'ContractCategories', table: R.contractCategories, field: 'contractCategoryId', summary: 'Kinds of contract (ContractCategoryId of contracts).', defaults: ['Master services agreement', 'Statement of work', 'Rate agreement', 'Vendor management program'] },
  { name: 'Divisions', table: R.divisions, field: 'divisionIdent', summary: 'Divisions of the agency (DivisionIdent of job titles, where 0 is none).', defaults: ['Commercial', 'Professional'], none: 0 },
  { name: 'LedgerAccounts', table: R.ledgerAccounts, field: 'accountId', summary: 'General ledger accounts (AccountId of vendors).', defaults: ['2000 Accounts Payable', '5000 Cost of Services', '6100 Supplies', '6500 Subcontractors'] },
  { name: 'CompanyTypes', table: R.companyTypes, field: 'companyTypeId', summary: 'Kinds of vendor company, Guid ids (CompanyTypeId of vendors).', defaults: ['Supplier', 'Subcontractor', 'Service provider'] },
  { name: 'Employers', table: R.employers, field: 'employerId', summary: 'The agency\'s employers of record (EmployerId of vendors).', defaults: ['Employer of record'] },
  { name: 'PaymentTermsCodes', table: R.paymentTermsCodes, field: 'paymentTermsCodeId', summary: 'Payment terms (PaymentTermsCodeId of vendors).', defaults: ['Due on receipt', 'Net 15', 'Net 30', 'Net 60'] },
  { name: 'PaymentTypes', table: R.paymentTypes, field: 'paymentTypeId', summary: 'How vendors are paid (PaymentTypeId of vendors).', defaults: ['Check', 'ACH', 'Wire transfer', 'Credit card'] },
];

/** The datalist item's name property: the field without its `Id`/`Ident` (`burdenType`, `division`, `account`). */
export const nounOf = (list: CodeList) => list.field.replace(/Id(ent)?$/, '');

/** An active entry of the list (or its "none"). */
function codeValue(list: CodeList): Rule {
  const entry = activeLookup(list.table, `a value of GET /Datalists/${list.name}`);
  return { check: (v, ctx) => (list.none !== undefined && v === list.none ? undefined : entry.check(v, ctx)) };
}

/** The rules of fields that take a code list's id, by field name (a field no list takes stops the start). */
export function codeListRules(...fields: string[]): Rules {
  return Object.fromEntries(fields.map((field) => {
    const list = CODE_LISTS.find((l) => l.field === field);
    if (!list) throw new Error(`no code list takes ${field} (back-office.lists.ts)`);
    return [field, codeValue(list)];
  }));
}

// ---- Tax jurisdictions: one list, each entry of a kind -------------------------------------------

/** A new tenant's jurisdictions: the states and a few local taxing bodies the demo's branches and common payroll cases meet. */
export const DEFAULT_TAX_JURISDICTIONS: readonly { kind: R.JurisdictionKind; name: string }[] = [
  { kind: 'region', name: 'Minnesota' }, { kind: 'region', name: 'Texas' }, { kind: 'region', name: 'Ohio' }, { kind: 'region', name: 'Pennsylvania' },
  { kind: 'county', name: 'Hennepin County, MN' }, { kind: 'county', name: 'Travis County, TX' },
  { kind: 'municipality', name: 'Columbus, OH' }, { kind: 'municipality', name: 'Philadelphia, PA' },
  { kind: 'schoolDistrict', name: 'Columbus City School District, OH' }, { kind: 'schoolDistrict', name: 'Upper Arlington City School District, OH' },
];

export const isJurisdictionKind = (kind: string): kind is R.JurisdictionKind => R.JURISDICTION_KINDS.some((k) => k === kind);

/** An active jurisdiction of the kind the field takes (a county in CountyId, not a school district). */
export function taxJurisdiction(kind: R.JurisdictionKind): Rule {
  return activeLookup(R.taxJurisdictions, `a value of GET /Datalists/TaxJurisdictions?kind=${kind}`, eq(R.taxJurisdictions.kind, kind));
}
