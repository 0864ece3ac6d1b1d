// GET /Datalists/*: the lookup lists whose ids other requests take (branchId, serviceRepId, ...).
// Paged like every list; scope `datalist-read`.
import type { FastifyInstance } from 'fastify';
import { Type, type TObject, type TSchema } from 'typebox';
import { PageQuery, PagedList, type Page, type Paged } from '../../platform/http/paging.ts';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import type { DataScope } from '../../platform/scope.ts';
import * as S from './datalist.schemas.ts';
import * as repo from './datalist.repository.ts';
import { CODE_LISTS } from '../reference-data/back-office.lists.ts';

const access: Access = { roles: ['ServiceRep', 'Service'], scopes: ['datalist-read'] };

interface Datalist {
  path: string;
  summary: string;
  item: TSchema;
  recordName: string;
  query?: TObject;
  load: (scope: DataScope, page: Page, query: Record<string, unknown>) => Promise<Paged<unknown>>;
}

const datalists: Datalist[] = [
  { path: '/Datalists/ServiceReps', summary: 'Service reps inside the caller\'s hierarchy (values for serviceRepId).', item: S.ServiceRepItem, recordName: 'ServiceRep', load: (s, p) => repo.listServiceReps(s, p) },
  { path: '/Datalists/Branches', summary: 'Branches inside the caller\'s hierarchy (values for branchId).', item: S.BranchItem, recordName: 'Branch', load: (s, p) => repo.listBranches(s, p) },
  { path: '/Datalists/OrderTypes', summary: 'Order (job) types (values for orderTypeId).', item: S.OrderTypeItem, recordName: 'OrderType', load: (s, p) => repo.listOrderTypes(s, p) },
  { path: '/Datalists/MessageActions', summary: 'Message actions available to the caller\'s security group (values for messageActionId).', item: S.MessageActionItem, recordName: 'MessageAction', load: (s, p) => repo.listMessageActions(s, p, { securityGroupId: s.principal.securityGroupId }) },
  { path: '/Datalists/AssignmentStatuses', summary: 'Assignment statuses with the kind that decides where each may move (values for AssignmentStatusId).', item: S.AssignmentStatusItem, recordName: 'AssignmentStatus', load: (s, p) => repo.listAssignmentStatuses(s, p) },
  { path: '/Datalists/DocumentTypes', summary: 'Kinds of document attached to assignment messages (values for DocumentTypeId).', item: S.DocumentTypeItem, recordName: 'DocumentType', load: (s, p) => repo.listDocumentTypes(s, p) },
  { path: '/Datalists/EmploymentCategories', summary: 'Employment categories (Guid values for employmentCategoryId).', item: S.EmploymentCategoryItem, recordName: 'EmploymentCategory', load: (s, p) => repo.listEmploymentCategories(s, p) },
  { path: '/Datalists/WashedStatuses', summary: 'Washed statuses (values for washedStatusId).', item: S.WashedStatusItem, recordName: 'WashedStatus', load: (s, p) => repo.listWashedStatuses(s, p) },
  { path: '/Datalists/HowHeardOf', summary: 'How-heard-of options; originTypeId=1 lists only those relevant to employees.', item: S.HowHeardOfItem, recordName: 'HowHeardOf', query: S.HowHeardOfQuery, load: (s, p, q) => repo.listHowHeardOf(s, p, { originTypeId: q.originTypeId ?? null }) },
  { path: '/Datalists/EmployeeStatuses', summary: 'Employee statuses (values for employeeStatusId).', item: S.EmployeeStatusItem, recordName: 'EmployeeStatus', load: (s, p) => repo.listEmployeeStatuses(s, p) },
  { path: '/Datalists/AssessmentVendors', summary: 'Assessment vendors of the tenant (values for assessmentVendorId).', item: S.AssessmentVendorItem, recordName: 'AssessmentVendor', load: (s, p) => repo.listAssessmentVendors(s, p) },
  { path: '/Datalists/Assessments', summary: 'Active assessments of the vendors\' catalogs (values for assessmentId); assessmentVendorId lists one vendor\'s.', item: S.AssessmentItem, recordName: 'Assessment', query: S.AssessmentQuery, load: (s, p, q) => repo.listAssessments(s, p, { assessmentVendorId: q.assessmentVendorId ?? null }) },
  ...CODE_LISTS.map((l): Datalist => {
    const page = repo.codeListPage(l);
    return { path: `/Datalists/${l.name}`, summary: l.summary, item: S.codeListItem(l), recordName: S.recordNameOf(l), load: (s, p) => page(s, p) };
  }),
  { path: '/Datalists/TaxJurisdictions', summary: 'Tax jurisdictions of the payroll tax engine, each of a kind (the employee\'s jurisdiction fields); kind lists one kind.', item: S.TaxJurisdictionItem, recordName: 'TaxJurisdiction', query: S.TaxJurisdictionQuery, load: (s, p, q) => repo.listTaxJurisdictions(s, p, { kind: q.kind ?? null }) },
  { path: '/Datalists/PurchaseOrders', summary: 'Purchase orders of the customers inside the caller\'s hierarchy (PurchaseOrderId of that customer\'s job orders, assignments, timecards); customerId lists one customer\'s.', item: S.PurchaseOrderItem, recordName: 'PurchaseOrder', query: S.PurchaseOrderQuery, load: (s, p, q) => repo.listPurchaseOrders(s, p, { customerId: q.customerId ?? null }) },
  { path: '/DataLists/countries', summary: 'Countries: the countryCode values job board search and employees accept.', item: S.CountryItem, recordName: 'Country', load: (s, p) => repo.listCountries(s, p) },
];

/** `/Datalists/OrderTypes` → `listDatalistOrderTypes` (the item schemas are named `Datalist<record>`). */
const operationId = (path: string) => `listDatalist${path.replace(/^.*\//, '').replace(/^./, (c) => c.toUpperCase())}`;

export async function datalistRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();
  for (const list of datalists) {
    const querystring = Type.Object({ ...PageQuery.properties, ...list.query?.properties });
    api.get(list.path, {
      config: { access, representation: 'list', recordName: list.recordName },
      schema: {
        tags: ['Datalists'],
        operationId: operationId(list.path),
        summary: list.summary,
        querystring,
        response: { 200: PagedList(list.item) },
      },
    }, async ({ scope, query }) => list.load(scope, { skip: query.skip, take: query.take }, query));
  }
}
