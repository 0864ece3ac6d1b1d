// Request and response shapes of the job order candidates (CAND-01 to CAND-06).
import { Type, type Static } from 'typebox';
import { PageQuery } from '../../platform/http/paging.ts';
import { Id64 } from '../../platform/records/shapes.ts';
import { CANDIDATE_STATUSES } from './candidate.table.ts';

const Utm = (description: string) => Type.Optional(Type.Union([Type.String({ maxLength: 255, description }), Type.Null()]));
const alias = (name: string) => `Same as ${name}: the registration link's spelling, accepted here too (AMB-62 (f)).`;

export const CandidateCreate = Type.Object({
  employeeId: Id64('An employee the caller can see (Int64).'),
  utmSource: Utm('Campaign source, at most 255 characters.'),
  utmCampaign: Utm('Campaign name, at most 255 characters.'),
  utmMedium: Utm('Campaign medium, at most 255 characters.'),
  utm_source: Utm(alias('utmSource')),
  utm_campaign: Utm(alias('utmCampaign')),
  utm_medium: Utm(alias('utmMedium')),
}, { $id: 'JobOrderCandidateCreate' });
export type CandidateCreateInput = Static<typeof CandidateCreate>;

export const CandidateCreated = Type.Object({ jobOrderCandidateId: Type.Integer() }, { $id: 'JobOrderCandidateCreated' });

export const Candidate = Type.Object({
  jobOrderCandidateId: Type.Integer(),
  jobOrderId: Type.Integer(),
  employeeId: Type.Integer(),
  status: Type.String({ enum: [...CANDIDATE_STATUSES], description: 'Applied from web for candidates added by the job board (CAND-11).' }),
  utmSource: Type.Union([Type.String(), Type.Null()]),
  utmCampaign: Type.Union([Type.String(), Type.Null()]),
  utmMedium: Type.Union([Type.String(), Type.Null()]),
  dateCreated: Type.Unsafe<Date | string>(Type.String({ format: 'date-time' })),
}, { $id: 'JobOrderCandidate', additionalProperties: false });

export const JobOrderParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const CandidateParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  candidateId: Id64(),
});
export const CandidateListQuery = PageQuery;
export type CandidateListFilter = Static<typeof CandidateListQuery>;
