// Item shapes of the lookup lists. Each pairs an id with a display name, named after the field that
// takes the id elsewhere (`orderTypeId` / `orderType`), as the spec's own records do.
import { Type, type Static } from 'typebox';
import { Id64 } from '../../platform/records/shapes.ts';
import { assessmentVendors } from '../assessments/assessment.table.ts';
import { nounOf, type CodeList } from '../reference-data/back-office.lists.ts';
import { JURISDICTION_KINDS } from '../reference-data/reference.table.ts';

export const ServiceRepItem = Type.Object({
  serviceRepId: Type.Integer(),
  name: Type.String({ description: 'First and last name.' }),
  firstName: Type.String(),
  lastName: Type.String(),
  emailAddress: Type.Union([Type.String(), Type.Null()]),
  isActive: Type.Boolean(),
}, { $id: 'DatalistServiceRep' });

export const BranchItem = Type.Object({
  branchId: Type.Integer(),
  branchName: Type.String(),
  countryCode: Type.Integer({ description: 'ISO 3166 numeric code of the branch country (default for new employees).' }),
  isWebPublic: Type.Boolean({ description: 'Orders of this branch may appear on the public job board.' }),
  isActive: Type.Boolean(),
}, { $id: 'DatalistBranch' });

export const OrderTypeItem = Type.Object({ orderTypeId: Type.Integer(), orderType: Type.String() }, { $id: 'DatalistOrderType' });
export const MessageActionItem = Type.Object({ messageActionId: Type.Integer(), messageAction: Type.String() }, { $id: 'DatalistMessageAction' });
export const EmploymentCategoryItem = Type.Object({ employmentCategoryId: Type.String({ format: 'uuid' }), employmentCategory: Type.String() }, { $id: 'DatalistEmploymentCategory' });
export const DocumentTypeItem = Type.Object({ documentTypeId: Type.Integer(), documentType: Type.String() }, { $id: 'DatalistDocumentType' });
export const AssignmentStatusItem = Type.Object({
  assignmentStatusId: Type.Integer(),
  assignmentStatus: Type.String(),
  isActive: Type.Boolean(),
  kind: Type.Union([Type.Literal('pending'), Type.Literal('active'), Type.Literal('ended'), Type.Literal('cancelled')], {
    description: 'What the status means for transitions: pending → active or cancelled; active → ended; ended and cancelled are final (docs/assignments.md).',
  }),
}, { $id: 'DatalistAssignmentStatus' });
export const WashedStatusItem = Type.Object({ washedStatusId: Type.Integer(), washedStatus: Type.String() }, { $id: 'DatalistWashedStatus' });

export const HowHeardOfItem = Type.Object({
  howHeardOfId: Type.Integer(),
  howHeardOf: Type.String(),
  originTypeId: Type.Integer({ description: '1 Employee, 2 Contact, 3 Customer.' }),
  requireDetails: Type.Boolean({ description: 'True: choosing this option requires a how-heard-of detail.' }),
}, { $id: 'DatalistHowHeardOf' });

export const EmployeeStatusItem = Type.Object({
  employeeStatusId: Type.String(),
  employeeStatus: Type.String(),
  isDefault: Type.Boolean({ description: 'The status given when none is chosen.' }),
}, { $id: 'DatalistEmployeeStatus' });

export const CountryItem = Type.Object({
  countryCode: Type.Integer({ description: 'ISO 3166-1 numeric code (840 United States).' }),
  country: Type.String(),
  countryCallingCode: Type.Integer({ description: 'International calling code (1, 44, ...).' }),
}, { $id: 'DatalistCountry' });

export const HowHeardOfQuery = Type.Object({
  originTypeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: '1 lists only options relevant to employees.' })),
});

/** Assessment vendors and their catalogs (docs/assessments.md): the values packages take. Never the vendor's API key. */
export const AssessmentVendorItem = Type.Object({
  assessmentVendorId: Type.Integer(),
  assessmentVendor: Type.String({ description: 'The vendor\'s name.' }),
  kind: Type.String({ enum: [...assessmentVendors.kind.enumValues], description: 'assessoncloud: sessions requested over its API; webhook: results only called back.' }),
  isActive: Type.Boolean({ description: 'Only active vendors can be given to a package.' }),
}, { $id: 'DatalistAssessmentVendor' });

export const AssessmentItem = Type.Object({
  assessmentId: Type.Integer(),
  assessment: Type.String({ description: 'The assessment\'s name.' }),
  assessmentVendorId: Type.Integer(),
  code: Type.String({ description: 'The vendor\'s code of the assessment.' }),
  description: Type.Union([Type.String(), Type.Null()]),
  durationMinutes: Type.Union([Type.Integer(), Type.Null()]),
}, { $id: 'DatalistAssessment' });

export const AssessmentQuery = Type.Object({
  assessmentVendorId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Only this vendor\'s catalog.' })),
});

// ---- The back office's lists (decision 0028) ------------------------------------------------------

const IsActive = Type.Boolean({ description: 'False: deactivated. Records that hold it keep it; it is refused as a new value.' });
/** `burdenType` → `BurdenType`: the item's record name (`Datalist<record>`). */
export const recordNameOf = (list: CodeList) => nounOf(list).replace(/^./, (c) => c.toUpperCase());

/** A code list's item: the id (a Guid where the field takes one), the name, and whether new values may take it. */
export function codeListItem(list: CodeList) {
  const id = list.table.id.dataType === 'string' ? Type.String({ format: 'uuid' }) : Type.Integer();
  return Type.Object({ [list.field]: id, [nounOf(list)]: Type.String(), isActive: IsActive }, { $id: `Datalist${recordNameOf(list)}` });
}

export const TaxJurisdictionItem = Type.Object({
  taxJurisdictionId: Type.Integer(),
  taxJurisdiction: Type.String(),
  kind: Type.String({ enum: [...JURISDICTION_KINDS], description: 'Which employee fields take it: schoolDistrict (SchoolDistrictId, TaxSchoolDistrictJurisdictionId), '
    + 'municipality (MunicipalityId, TaxMunicipalityJurisdictionId), county (CountyId, TaxCountyJurisdictionId), region (TaxRegionJurisdictionId).' }),
  isActive: IsActive,
}, { $id: 'DatalistTaxJurisdiction' });

export const TaxJurisdictionQuery = Type.Object({
  kind: Type.Optional(Type.String({ enum: [...JURISDICTION_KINDS], description: 'Only jurisdictions of this kind.' })),
});

export const PurchaseOrderItem = Type.Object({
  purchaseOrderId: Type.Integer(),
  purchaseOrder: Type.String({ description: 'The purchase order\'s number.' }),
  customerId: Type.Integer({ description: 'The customer it belongs to: only its records (job orders, assignments, timecards) take it.' }),
  isActive: IsActive,
}, { $id: 'DatalistPurchaseOrder' });

export const PurchaseOrderQuery = Type.Object({
  customerId: Type.Optional(Id64('Only this customer\'s purchase orders.')),
});

export type Country = Static<typeof CountryItem>;
