// Request and response shapes of assessment sessions: a rep requests a package for an employee and
// reads the employee's sessions with their assessments, status and results (docs/assessments.md).
import { Type, type Static } from 'typebox';
import { nullable, Id64 } from '../../platform/records/shapes.ts';
import { PageQuery } from '../../platform/http/paging.ts';
import { SESSION_STATUSES } from './assessment.table.ts';

const INT32_MAX = 2147483647;
const DateTime = Type.Unsafe<Date | string>(Type.String({ format: 'date-time' }));

export const LOCALES = ['en', 'es'] as const;

export const EmployeeParams = Type.Object({ id: Id64('The employee (Int64).') });
export const SessionParams = Type.Object({ sessionId: Id64('The assessment session (Int64).') });

export const SessionRequest = Type.Object({
  assessmentPackageId: Type.Integer({ minimum: 1, maximum: INT32_MAX, description: 'An active package of the tenant with at least one active assessment.' }),
  locale: Type.Optional(Type.Union(LOCALES.map((l) => Type.Literal(l)), { default: 'en', description: 'The language the provider invites the candidate in (en or es; default en).' })),
}, { $id: 'AssessmentSessionRequest', additionalProperties: false });
export type SessionRequestInput = Static<typeof SessionRequest>;

export const SessionItem = Type.Object({
  assessmentId: Type.Integer(),
  assessmentCode: Type.String({ description: 'The vendor\'s code; results name it.' }),
  name: Type.String(),
}, { $id: 'AssessmentSessionItem' });

export const Score = Type.Object({
  value: Type.Number(),
  minimum: Type.Optional(Type.Number()),
  maximum: Type.Optional(Type.Number()),
}, { $id: 'AssessmentScore', description: 'The raw score and the range it is on (HR Open AssessmentReport Score).' });

export const SessionResult = Type.Object({
  reportId: Type.String({ description: 'The provider\'s id of the report (stored once per session).' }),
  assessmentCode: Type.String(),
  score: nullable(Score),
  percentile: nullable(Type.Number()),
  outcome: nullable(Type.String({ enum: ['pass', 'fail', 'inconclusive'] })),
  completedAt: nullable(DateTime),
  reportUrl: nullable(Type.String()),
  receivedAt: DateTime,
}, { $id: 'AssessmentSessionResult' });

export const Session = Type.Object({
  assessmentSessionId: Type.Integer(),
  employeeId: Type.Integer(),
  vendorId: Type.Integer(),
  vendorName: Type.String(),
  resultsVia: Type.String({ enum: ['provider', 'webhook'], description: '`provider`: the provider was called and calls back /Assessments/Sessions/AssessOnCloud/*; '
    + '`webhook`: the vendor is not called, its results arrive at /Assessments/Sessions/Vendors/{vendorId}/Results.' }),
  assessmentPackageId: nullable(Type.Integer({ description: 'Null once the package is deleted.' })),
  packageName: Type.String(),
  status: Type.String({ enum: [...SESSION_STATUSES] }),
  statusChangedAt: DateTime,
  statusReason: nullable(Type.String()),
  providerSessionId: nullable(Type.String()),
  invitationUrl: nullable(Type.String({ description: 'Where the candidate takes the assessments.' })),
  expiresAt: nullable(DateTime),
  requestedByServiceRepId: nullable(Type.Integer()),
  requestedAt: DateTime,
  items: Type.Array(SessionItem),
  results: Type.Array(SessionResult),
}, { $id: 'AssessmentSession', additionalProperties: false });

export const SessionListQuery = PageQuery;
