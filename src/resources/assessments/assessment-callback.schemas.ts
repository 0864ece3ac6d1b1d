// The payloads providers call back with (ASM-24), modelled on HR Open Standards' AssessmentReport
// (a result per assessment: score on a range, percentile, outcome, report link) and AssessmentStatus
// (a status with the moment it changed). Examples in docs/assessments.md, "Provider callbacks".
import { Type, type Static } from 'typebox';
import { Id64 } from '../../platform/records/shapes.ts';
import { SESSION_STATUSES } from './assessment.table.ts';

/** numeric(12,4) holds up to 8 integer digits. */
const ScoreNumber = Type.Number({ minimum: -99_999_999, maximum: 99_999_999 });
const SessionId = Id64('Our id of the session: the `assessmentSessionId` sent in the session request.');
const ProviderSessionId = Type.String({ minLength: 1, maxLength: 200, description: 'The provider\'s id of the session; when given it must be the one the provider answered the request with.' });
const Instant = Type.String({ format: 'date-time', description: 'ISO 8601 with an offset (2026-03-15T14:02:00Z).' });

export const OUTCOMES = ['pass', 'fail', 'inconclusive'] as const;

export const AssessmentReport = Type.Object({
  reportId: Type.String({ minLength: 1, maxLength: 200, description: 'The provider\'s id of this report; a report delivered again is stored once.' }),
  assessmentCode: Type.String({ minLength: 1, maxLength: 100, description: 'One of the session\'s assessment codes.' }),
  status: Type.Optional(Type.Literal('completed', { description: 'A report is the final result of one assessment; only `completed` is sent.' })),
  completedAt: Instant,
  score: Type.Optional(Type.Object({
    value: ScoreNumber,
    minimum: Type.Optional(ScoreNumber),
    maximum: Type.Optional(ScoreNumber),
  }, { additionalProperties: false })),
  percentile: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  outcome: Type.Optional(Type.Union(OUTCOMES.map((o) => Type.Literal(o)))),
  reportUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 2000, description: 'Where the full report can be read.' })),
}, { $id: 'AssessmentReport' });
export type AssessmentReportInput = Static<typeof AssessmentReport>;

export const ResultsCallback = Type.Object({
  assessmentSessionId: SessionId,
  providerSessionId: Type.Optional(ProviderSessionId),
  reports: Type.Array(AssessmentReport, { minItems: 1, maxItems: 100 }),
}, { $id: 'AssessmentResultsCallback' });
export type ResultsCallbackInput = Static<typeof ResultsCallback>;

export const StatusCallback = Type.Object({
  assessmentSessionId: SessionId,
  providerSessionId: Type.Optional(ProviderSessionId),
  status: Type.Union(SESSION_STATUSES.map((st) => Type.Literal(st))),
  occurredAt: Instant,
  reason: Type.Optional(Type.String({ maxLength: 1000, description: 'Why (expired, failed); shown to reps as the session\'s statusReason.' })),
}, { $id: 'AssessmentStatusCallback' });
export type StatusCallbackInput = Static<typeof StatusCallback>;

const Status = Type.String({ enum: [...SESSION_STATUSES], description: 'The session\'s status after the callback.' });

export const ResultsAck = Type.Object({
  acknowledged: Type.Literal(true),
  assessmentSessionId: Type.Integer(),
  received: Type.Integer({ description: 'Reports in the callback.' }),
  stored: Type.Integer({ description: 'Reports stored now.' }),
  duplicates: Type.Integer({ description: 'Reports stored before (same reportId): acknowledged, not stored again.' }),
  status: Status,
}, { $id: 'AssessmentResultsAck' });

export const StatusAck = Type.Object({
  acknowledged: Type.Literal(true),
  assessmentSessionId: Type.Integer(),
  applied: Type.Boolean({ description: 'False when the update was older than the session\'s status, or the session had finished: it never moves backwards.' }),
  status: Status,
  statusChangedAt: Type.Unsafe<Date | string>(Type.String({ format: 'date-time' })),
}, { $id: 'AssessmentStatusAck' });
