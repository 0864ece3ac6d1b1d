// Request and response shapes of assessment administration (ASM-01 to ASM-17; the fields are our
// design, ASM-17, docs/assessments.md). Lengths follow the columns of assessment.table.ts.
import { Type, type Static } from 'typebox';
import { Id32, nullable } from '../../platform/records/shapes.ts';
import { PageQuery, PagedList } from '../../platform/http/paging.ts';

const timestamp = (description: string) => Type.Unsafe<Date | string>(Type.String({ format: 'date-time', description }));

/** ASM-03, ASM-04, ASM-10, ASM-11: skip default 0 (min 0), take default 1000 (1 to 1000), as every list. */
export const AssessmentPageQuery = PageQuery;

export const PackageParams = Type.Object({ id: Id32('The assessment package (Int32).') });
export const MemberParams = Type.Object({
  id: Id32('The assessment package (Int32).'),
  assessmentPackageMemberId: Id32('The member of that package (Int32).'),
});

/** The body of POST and of PUT (ASM-08: the same request; PUT replaces every field). */
export const PackageWrite = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Trimmed; unique in the tenant regardless of case (409).' }),
  description: Type.Optional(nullable(Type.String({ maxLength: 1000, description: 'Free text, at most 1000 characters.' }))),
  assessmentVendorId: Id32('An active assessment vendor of the tenant (GET /Datalists/AssessmentVendors); every member must be one of its assessments.'),
  isActive: Type.Optional(Type.Boolean({ default: true, description: 'Inactive packages stay listed but cannot be requested for a session. Default true.' })),
}, { $id: 'AssessmentPackageCreate', additionalProperties: false });
export type PackageInput = Static<typeof PackageWrite>;

export const PackageCreated = Type.Object({ id: Type.Integer({ description: 'The new package (ASM-02).' }) }, { $id: 'AssessmentPackageCreated' });

export const Package = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: nullable(Type.String()),
  assessmentVendorId: Type.Integer(),
  assessmentVendor: Type.String({ description: 'The vendor\'s name.' }),
  isActive: Type.Boolean(),
  memberCount: Type.Integer({ minimum: 0, description: 'How many assessments the package holds.' }),
  createdAt: timestamp('When the package was created.'),
  updatedAt: timestamp('When the package was last replaced (PUT) or created.'),
}, { $id: 'AssessmentPackage', additionalProperties: false });

export const PackagePage = PagedList(Package, { $id: 'AssessmentPackagePage' });

export const MemberWrite = Type.Object({
  assessmentId: Id32('An active assessment of the package vendor\'s catalog (GET /Datalists/Assessments?assessmentVendorId=).'),
}, { $id: 'AssessmentPackageMemberCreate', additionalProperties: false });
export type MemberInput = Static<typeof MemberWrite>;

export const MemberCreated = Type.Object({ assessmentPackageMemberId: Type.Integer({ description: 'The new member (ASM-02).' }) }, { $id: 'AssessmentPackageMemberCreated' });

export const Member = Type.Object({
  assessmentPackageMemberId: Type.Integer(),
  assessmentPackageId: Type.Integer(),
  assessmentId: Type.Integer(),
  code: Type.String({ description: 'The vendor\'s code of the assessment.' }),
  name: Type.String({ description: 'The assessment\'s name.' }),
  description: nullable(Type.String()),
  durationMinutes: nullable(Type.Integer({ description: 'Expected time to take it, in minutes.' })),
}, { $id: 'AssessmentPackageMember', additionalProperties: false });

export const MemberPage = PagedList(Member, { $id: 'AssessmentPackageMemberPage' });
