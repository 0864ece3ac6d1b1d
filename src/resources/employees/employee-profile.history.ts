// The profile's history is the employee's (docs/history.md; beside the employee's record, which names
// it as joined: a record imports no feature): each section of the profile, kept as its
// own generated column, recorded under the employee (`idColumn`) as `profile.<section>`, in the same
// entry as the employee's own fields when one transaction writes both (a resume upload's create). A
// profile's first row, written after the employee exists, is the employee's update, not a creation.
// Nothing is masked: a licence number identifies a credential, not a secret that admits anyone, and
// whoever reads the history reads the profile itself (docs/decisions/0057).
import type { HistorySource } from '../../platform/history/history-install.ts';

export const employeeProfileHistory: HistorySource = {
  recordType: 'Employee', table: 'employee_profiles', idColumn: 'employee_id', insertAction: 'updated',
  fields: {
    profile_skills: 'profile.skills', profile_certifications: 'profile.certifications', profile_languages: 'profile.languages',
    profile_work_history: 'profile.workHistory', profile_education: 'profile.education',
    profile_desired_pay: 'profile.desiredPay', profile_max_distance_miles: 'profile.maxDistanceMiles',
  },
};
