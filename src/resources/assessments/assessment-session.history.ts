// An assessment session's history (docs/history.md): its fields as its GET names them. The invitation
// link admits whoever holds it to the candidate's assessments: history keeps only that it changed.
import type { HistorySource } from '../../platform/history/history-install.ts';

export const assessmentSessionHistory: HistorySource = {
  recordType: 'AssessmentSession', table: 'assessment_sessions',
  fields: {
    employee_id: 'employeeId', vendor_id: 'vendorId', package_id: 'assessmentPackageId', package_name: 'packageName', status: 'status',
    status_changed_at: 'statusChangedAt', status_reason: 'statusReason', provider_session_id: 'providerSessionId', invitation_url: 'invitationUrl',
    expires_at: 'expiresAt', requested_by_service_rep_id: 'requestedByServiceRepId',
  },
  masked: { invitationUrl: 'secret' },
};
