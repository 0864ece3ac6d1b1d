// The public job board's address of a job order (AMB-58 (a)): one pattern for search results and
// details, `{JOBBOARD_URL}/{tenantName}/jobs/details/{jobOrderId}`.
export function jobBoardUrl(jobBoardBase: string, tenantName: string, jobOrderId: number): string {
  return `${jobBoardBase}/${encodeURIComponent(tenantName)}/jobs/details/${jobOrderId}`;
}
