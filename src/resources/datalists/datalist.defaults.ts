// The lookup lists a new tenant starts with: what a US staffing agency typically uses, editable
// later. Message actions are granted to security groups (the MessageActions list depends on it).

export const DEFAULT_ORDER_TYPES = ['Temporary', 'Temp to Hire', 'Direct Hire', 'Contract', 'Seasonal', 'Per Diem'];

export const DEFAULT_SECURITY_GROUPS = ['Administrators', 'Recruiters', 'Payroll'] as const;
export type SecurityGroupName = (typeof DEFAULT_SECURITY_GROUPS)[number];

/** Message action → security groups allowed to log it. */
export const DEFAULT_MESSAGE_ACTIONS: Record<string, SecurityGroupName[]> = {
  'Phone Call': ['Administrators', 'Recruiters'],
  'Left Voicemail': ['Administrators', 'Recruiters'],
  'Email Sent': ['Administrators', 'Recruiters', 'Payroll'],
  'Text Message': ['Administrators', 'Recruiters'],
  'Interview': ['Administrators', 'Recruiters'],
  'Resume Received': ['Administrators', 'Recruiters'],
  'Reference Check': ['Administrators', 'Recruiters'],
  'Background Check': ['Administrators', 'Recruiters'],
  'Imported': ['Administrators', 'Recruiters'],
  'Payroll Note': ['Administrators', 'Payroll'],
  'General Note': ['Administrators', 'Recruiters', 'Payroll'],
};

export const DEFAULT_EMPLOYMENT_CATEGORIES = ['Full-Time', 'Part-Time', 'Seasonal', 'Independent Contractor (1099)', 'Intern'];

/** Washed status: how far a candidate record has been screened. Ids fit Int8. */
export const DEFAULT_WASHED_STATUSES: [number, string][] = [
  [1, 'Unwashed'], [2, 'Washed'], [3, 'Washed - Incomplete'], [4, 'Do Not Wash'],
];

/** originTypeId: 1 Employee, 2 Contact, 3 Customer. */
export const DEFAULT_HOW_HEARD_OF: { name: string; originTypeId: 1 | 2 | 3; requireDetails: boolean }[] = [
  { name: 'Indeed', originTypeId: 1, requireDetails: false },
  { name: 'LinkedIn', originTypeId: 1, requireDetails: false },
  { name: 'Other Job Board', originTypeId: 1, requireDetails: true },
  { name: 'Employee Referral', originTypeId: 1, requireDetails: true },
  { name: 'Walk-in', originTypeId: 1, requireDetails: false },
  { name: 'Company Website', originTypeId: 1, requireDetails: false },
  { name: 'Social Media', originTypeId: 1, requireDetails: false },
  { name: 'Job Fair', originTypeId: 1, requireDetails: true },
  { name: 'Resume Import', originTypeId: 1, requireDetails: false },
  { name: 'Cold Call', originTypeId: 2, requireDetails: false },
  { name: 'Trade Show', originTypeId: 2, requireDetails: true },
  { name: 'Client Referral', originTypeId: 3, requireDetails: true },
  { name: 'Website Inquiry', originTypeId: 3, requireDetails: false },
];

/** The first flagged default is used when a request names no status. */
export const DEFAULT_EMPLOYEE_STATUSES: { id: string; name: string; isDefault: boolean }[] = [
  { id: 'A', name: 'Active', isDefault: false },
  { id: 'N', name: 'New Applicant', isDefault: true },
  { id: 'P', name: 'Pending Onboarding', isDefault: false },
  { id: 'I', name: 'Inactive', isDefault: false },
  { id: 'T', name: 'Terminated', isDefault: false },
  { id: 'D', name: 'Do Not Rehire', isDefault: false },
];

// ---- Reference data of records (worksites and messages are per record, not seeded) -------------

/** Job order statuses. The first four may appear on the job board (JB-31). */
export const DEFAULT_JOB_ORDER_STATUSES: { name: string; isJobBoardEligible?: boolean; isFilled?: boolean; isClosed?: boolean }[] = [
  { name: 'Unfilled', isJobBoardEligible: true },
  { name: 'Unfilled - Replace', isJobBoardEligible: true },
  { name: 'Partially Filled', isJobBoardEligible: true },
  { name: 'Master', isJobBoardEligible: true },
  { name: 'Filled', isFilled: true },
  { name: 'On Hold' },
  { name: 'Closed', isClosed: true },
  { name: 'Cancelled', isClosed: true },
];
export const DEFAULT_ASSIGNMENT_STATUSES: { name: string; isActive: boolean }[] = [
  { name: 'Active', isActive: true }, { name: 'Pending Start', isActive: true }, { name: 'Ended', isActive: false }, { name: 'Cancelled', isActive: false },
];
export const DEFAULT_JOB_ORDER_DURATIONS = ['1 Day', 'Less than 1 Week', '1 to 4 Weeks', '1 to 3 Months', '3 to 6 Months', '6+ Months', 'Ongoing'];
export const DEFAULT_SALES_TEAMS = ['Light Industrial', 'Clerical', 'Professional', 'Healthcare'];
export const DEFAULT_WORKER_COMP_CODES = ['8810 Clerical Office', '8742 Outside Sales', '8018 Warehouse', '5606 Construction Supervisor', '9015 Building Operation'];
export const DEFAULT_PAY_CODES = ['Regular', 'Overtime', 'Doubletime', 'Holiday', 'Vacation', 'Sick', 'Bonus', 'Mileage'];
export const DEFAULT_JOB_TITLE_CATEGORIES = ['Light Industrial', 'Administrative', 'Accounting & Finance', 'Information Technology', 'Healthcare', 'Hospitality', 'Skilled Trades'];
export const DEFAULT_CONTRACT_STATUSES = ['Draft', 'Active', 'Expired', 'Terminated'];
export const DEFAULT_PROSPECT_STATUSES = ['New', 'Contacted', 'Qualified', 'Proposal Sent', 'Won', 'Lost'];
/** Kinds of document attached to assignment messages (GET /Datalists/DocumentTypes, decision 0018). Migration 0012 gave tenants older than it these. */
export const DEFAULT_DOCUMENT_TYPES = ['I-9', 'W-4', 'Timesheet', 'Signed Assignment Letter', 'Certification', 'Drug Screen', 'Background Check', 'Other'];
export const DEFAULT_SHIFTS: { name: string; startTime: string; endTime: string }[] = [
  { name: 'First Shift', startTime: '07:00', endTime: '15:30' },
  { name: 'Second Shift', startTime: '15:00', endTime: '23:30' },
  { name: 'Third Shift', startTime: '23:00', endTime: '07:30' },
  { name: 'Day', startTime: '08:00', endTime: '17:00' },
];
