// A job order candidate's history (docs/history.md): its fields as its GET names them.
import type { HistorySource } from '../../platform/history/history-install.ts';

export const candidateHistory: HistorySource = {
  recordType: 'JobOrderCandidate', table: 'job_order_candidates',
  fields: { job_order_id: 'jobOrderId', employee_id: 'employeeId', status: 'status', utm_source: 'utmSource', utm_campaign: 'utmCampaign', utm_medium: 'utmMedium' },
};
