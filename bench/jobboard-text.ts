// The job board suite's text: job order titles, skills and descriptions generated from word pools
// per category (a vocabulary of about a thousand words, as job boards' postings have), and the search
// terms drawn from what was seeded (words and 2-3 word phrases of the eligible orders' own text).
import { pick, seeded, shuffled } from './sampling.ts';

interface CategoryWords { occupations: string[]; skills: string[]; duties: string[] }

/** Keyed by the demo tenant's job title categories (the seed joins on the name). */
const CATEGORIES: Record<string, CategoryWords> = {
  'Light Industrial': {
    occupations: ['Forklift Operator', 'Reach Truck Operator', 'Order Picker', 'Picker Packer', 'Warehouse Associate', 'Material Handler',
      'Shipping Clerk', 'Receiving Clerk', 'Inventory Specialist', 'Machine Operator', 'CNC Operator', 'Production Worker', 'Assembler',
      'Assembly Line Worker', 'Packaging Operator', 'Quality Inspector', 'Quality Control Technician', 'Loader Unloader', 'Sanitation Worker',
      'General Laborer', 'Press Operator', 'Injection Molding Operator', 'Parts Sorter', 'Cycle Counter', 'Warehouse Team Lead', 'Yard Jockey',
      'Delivery Driver', 'Box Truck Driver', 'Returns Processor', 'Kitting Associate'],
    skills: ['forklift certification', 'sit-down forklift', 'stand-up forklift', 'reach truck', 'order picker', 'pallet jack', 'electric pallet jack',
      'RF scanner', 'pick to light', 'lifting 50 lbs', 'OSHA safety', 'inventory counts', 'cycle counting', 'shipping and receiving',
      'bill of lading', 'packing slips', 'shrink wrapping', 'labeling', 'quality checks', 'calipers and micrometers', 'lean manufacturing', '5S',
      'GMP', 'SAP', 'WMS', 'hand tools', 'visual inspection', 'conveyor systems', 'loading docks', 'hazmat handling', 'Class A CDL',
      'DOT medical card', 'clean driving record', 'mechanical aptitude'],
    duties: ['load and unload trucks', 'pick and pack customer orders', 'build and wrap pallets', 'scan and label cartons',
      'operate sit-down and stand-up forklifts', 'feed parts into automated presses', 'inspect finished products for defects',
      'record production counts', 'keep work areas clean and organized', 'rotate stock using FIFO', 'stage outbound shipments',
      'verify incoming freight against purchase orders', 'set up and change over production lines', 'replenish pick locations',
      'sort returned merchandise', 'assemble kits and displays', 'deliver freight to retail stores', 'complete pre-trip inspections'],
  },
  Administrative: {
    occupations: ['Administrative Assistant', 'Executive Assistant', 'Office Manager', 'Receptionist', 'Front Desk Coordinator', 'Data Entry Clerk',
      'Customer Service Representative', 'Call Center Agent', 'Scheduler', 'Office Clerk', 'File Clerk', 'Mail Room Clerk', 'Legal Secretary',
      'Medical Receptionist', 'Human Resources Assistant', 'Recruiting Coordinator', 'Dispatcher', 'Customer Care Specialist',
      'Inside Sales Representative', 'Project Coordinator', 'Order Entry Clerk', 'Document Control Specialist'],
    skills: ['Microsoft Office', 'Excel', 'Word', 'Outlook', 'PowerPoint', 'Google Workspace', 'scheduling', 'calendar management', 'phone etiquette',
      'multi-line phones', 'data entry 10-key', 'typing 50 wpm', 'customer service', 'inbound calls', 'outbound calls', 'CRM software', 'Salesforce',
      'filing', 'mail merge', 'meeting minutes', 'travel arrangements', 'bilingual Spanish', 'conflict resolution', 'order entry',
      'records management', 'onboarding paperwork', 'HRIS', 'Zoom'],
    duties: ['answer and route incoming calls', 'greet visitors and sign in guests', 'enter orders into the ERP system',
      'maintain calendars for senior managers', 'prepare reports and spreadsheets', 'process incoming and outgoing mail',
      'resolve customer billing questions', 'schedule appointments and send reminders', 'update customer accounts in the CRM',
      'order office supplies', 'scan and index documents', 'coordinate interviews and new hire onboarding', 'dispatch technicians to job sites',
      'take payments over the phone', 'draft letters and memos'],
  },
  'Accounting & Finance': {
    occupations: ['Accounts Payable Clerk', 'Accounts Receivable Specialist', 'Staff Accountant', 'Bookkeeper', 'Payroll Specialist', 'Billing Clerk',
      'Collections Specialist', 'Accounting Assistant', 'Financial Analyst', 'Tax Preparer', 'Credit Analyst', 'Cost Accountant', 'Audit Associate',
      'Bank Teller', 'Loan Processor', 'Mortgage Underwriter', 'Claims Processor'],
    skills: ['accounts payable', 'accounts receivable', 'invoice processing', 'three-way match', 'QuickBooks', 'SAP', 'Oracle', 'NetSuite',
      'reconciliation', 'bank reconciliations', 'general ledger', 'journal entries', 'month-end close', 'payroll processing', 'ADP',
      'expense reports', 'vendor management', 'collections', 'Excel pivot tables', 'VLOOKUP', 'GAAP', '1099 reporting', 'sales tax',
      'cash handling', 'loan documents', 'credit memos'],
    duties: ['process vendor invoices and payments', 'reconcile bank and credit card statements', 'post journal entries to the general ledger',
      'prepare month-end close schedules', 'collect past-due balances', 'set up new vendors', 'run weekly payroll', 'resolve billing discrepancies',
      'prepare audit documentation', 'review loan files for completeness', 'balance cash drawers', 'issue customer refunds'],
  },
  'Information Technology': {
    occupations: ['Help Desk Technician', 'Desktop Support Technician', 'Service Desk Analyst', 'Network Administrator', 'Systems Administrator',
      'IT Support Specialist', 'Field Service Technician', 'Software Developer', 'QA Tester', 'Database Administrator', 'Cybersecurity Analyst',
      'Cloud Engineer', 'Web Developer', 'Data Analyst', 'IT Asset Coordinator', 'Business Analyst', 'DevOps Engineer'],
    skills: ['Windows 11', 'macOS', 'Active Directory', 'Office 365', 'Azure AD', 'ticketing systems', 'ServiceNow', 'Jira', 'troubleshooting',
      'customer support', 'imaging laptops', 'VPN', 'TCP/IP', 'DNS', 'DHCP', 'Cisco switches', 'Linux', 'PowerShell', 'SQL', 'Python',
      'JavaScript', 'AWS', 'VMware', 'CompTIA A+', 'Network+', 'Security+', 'password resets', 'printer support', 'hardware repair', 'Tableau'],
    duties: ['resolve tickets by phone, chat and email', 'image and deploy new laptops', 'reset passwords and unlock accounts',
      'troubleshoot network connectivity', 'support printers and peripherals', 'document fixes in the knowledge base',
      'escalate complex issues to tier 2', 'patch servers after hours', 'track hardware inventory', 'write automated test scripts',
      'build dashboards for business users', 'monitor firewall alerts'],
  },
  Healthcare: {
    occupations: ['Certified Nursing Assistant', 'Medical Assistant', 'Registered Nurse', 'Licensed Practical Nurse', 'Phlebotomist',
      'Patient Care Technician', 'Home Health Aide', 'Pharmacy Technician', 'Medical Biller', 'Medical Coder', 'Dental Assistant',
      'Sterile Processing Technician', 'Caregiver', 'Unit Secretary', 'Surgical Technologist', 'Physical Therapy Aide', 'Patient Access Representative'],
    skills: ['CNA license', 'BLS', 'CPR', 'patient care', 'vital signs', 'electronic health records', 'Epic', 'Cerner', 'phlebotomy', 'venipuncture',
      'EKG', 'HIPAA', 'ICD-10 coding', 'CPT coding', 'medical terminology', 'infection control', 'wound care', 'medication administration',
      'Hoyer lift', 'dementia care', 'sterile technique', 'insurance verification', 'prior authorizations', 'bedside manner'],
    duties: ['assist residents with bathing, dressing and meals', 'take and record vital signs', 'draw blood and label specimens',
      'room patients and update charts', 'verify insurance and prior authorizations', 'turn and reposition patients',
      'restock supplies in exam rooms', 'prepare instruments for sterilization', 'report changes in condition to the nurse',
      'fill prescriptions under pharmacist supervision', 'code outpatient visits'],
  },
  Hospitality: {
    occupations: ['Line Cook', 'Prep Cook', 'Dishwasher', 'Housekeeper', 'Room Attendant', 'Banquet Server', 'Bartender', 'Barista', 'Front Desk Agent',
      'Event Staff', 'Concessions Worker', 'Catering Assistant', 'Sous Chef', 'Host', 'Janitor', 'Laundry Attendant', 'Food Runner', 'Cashier'],
    skills: ['food safety', 'ServSafe', 'food handler card', 'knife skills', 'cleaning', 'sanitation', 'guest service', 'teamwork', 'cash handling',
      'POS systems', 'banquet setup', 'TIPS certification', 'espresso drinks', 'floor care', 'commercial laundry', 'menu knowledge', 'grill station',
      'fryer station', 'upselling', 'opening and closing duties'],
    duties: ['prepare ingredients and plate dishes', 'clean and restock guest rooms', 'set up banquet rooms for events', 'serve food and beverages',
      'wash dishes and kitchen equipment', 'check guests in and out', 'run food to tables', 'stock concession stands', 'strip and wax floors',
      'fold linens and towels', 'brew coffee and espresso drinks'],
  },
  'Skilled Trades': {
    occupations: ['Electrician', 'Journeyman Electrician', 'Apprentice Electrician', 'Welder', 'MIG Welder', 'TIG Welder', 'Maintenance Technician',
      'Industrial Maintenance Mechanic', 'HVAC Technician', 'Plumber', 'Carpenter', 'Pipefitter', 'Millwright', 'CNC Machinist', 'Painter',
      'Construction Laborer', 'Heavy Equipment Operator', 'Facilities Technician', 'Electronics Technician', 'Diesel Mechanic', 'Roofer'],
    skills: ['blueprint reading', 'hand and power tools', 'MIG welding', 'TIG welding', 'stick welding', 'flux core', 'electrical troubleshooting',
      'PLC troubleshooting', 'conduit bending', '480V three-phase', 'motor controls', 'hydraulics', 'pneumatics', 'preventive maintenance',
      'lockout/tagout', 'EPA 608', 'brazing', 'rigging', 'OSHA 10', 'OSHA 30', 'precision measuring', 'CNC programming', 'G-code', 'Mastercam',
      'drywall', 'framing', 'scaffolding', 'diesel engines'],
    duties: ['install and repair electrical systems', 'read blueprints and schematics', 'weld structural steel',
      'perform preventive maintenance on production equipment', 'troubleshoot PLC-controlled machinery', 'bend and install conduit',
      'repair hydraulic and pneumatic systems', 'set up and run CNC mills and lathes', 'fabricate parts to specification',
      'service rooftop HVAC units', 'frame walls and hang drywall', 'operate excavators and loaders'],
  },
};

const TITLE_BEFORE = ['', '', '', '', 'Senior', 'Entry-Level', 'Lead', 'Bilingual', 'Part-Time', 'Temp-to-Hire', 'Weekend', 'Night Shift',
  '2nd Shift', '3rd Shift', 'Seasonal', 'Trainee'];
const TITLE_AFTER = ['', '', '', '', ' - Day Shift', ' - Nights', ' - Immediate Start', ' - Weekly Pay', ' - Temp to Hire', ' - Hiring Now'];
const EMPLOYERS = ['fast-paced', 'growing', 'family-owned', 'award-winning', 'well-established', 'nationally recognized', 'locally owned',
  'employee-owned', 'Fortune 500', 'innovative', 'community-focused', 'unionized'];
const INDUSTRIES = ['food manufacturing', 'third-party logistics', 'e-commerce fulfillment', 'automotive parts', 'aerospace', 'medical device',
  'pharmaceutical', 'plastics', 'printing', 'packaging', 'beverage distribution', 'retail distribution', 'consumer electronics', 'furniture',
  'building materials', 'steel fabrication', 'commercial bakery', 'meat processing', 'hospital system', 'senior living', 'home health agency',
  'outpatient clinic', 'dental practice', 'law firm', 'insurance agency', 'credit union', 'property management', 'hotel and resort', 'university',
  'school district', 'call center', 'software company', 'nonprofit', 'government contractor', 'construction company', 'utility company',
  'renewable energy', 'agriculture', 'chemical plant', 'recycling center'];
const SCHEDULES = ['full time', 'part time', 'overtime available', 'temp to hire', 'direct hire', 'seasonal', 'contract', 'long-term assignment'];
const SHIFTS = ['First shift, 6am to 2:30pm', 'Second shift, 2pm to 10:30pm', 'Third shift, 10pm to 6:30am', 'Weekend shift, Friday to Sunday',
  'Four 10-hour days', 'Rotating 12-hour shifts', 'Monday through Friday, 8 to 5', 'Flexible hours'];
const PERKS = ['weekly pay', 'daily pay available', 'medical, dental and vision', '401k match', 'paid time off', 'paid holidays',
  'tuition reimbursement', 'referral bonus', 'sign-on bonus', 'shift differential', 'free parking', 'on-site cafeteria', 'employee discounts',
  'climate-controlled facility', 'paid training', 'career growth'];
const REQUIREMENTS = ['High school diploma or GED', 'Steel-toe boots required', 'Background check and drug screen', 'Reliable transportation needed',
  'Able to stand for 10 hours', 'One year of experience preferred', 'Valid driver license', 'Typing test required', 'Bilingual Spanish a plus',
  'Must be 18 or older', 'TB test and immunizations', 'Able to lift 50 pounds', 'Certification preferred', 'No experience necessary'];

export interface JobText { category: string; title: string; description: string; skills: string[] }

/** `count` distinct picks of `list`. */
function some(random: () => number, list: readonly string[], count: number): string[] {
  return shuffled(random, list).slice(0, count);
}

/** At most 50 characters (the column's limit): the suffix is left off when it does not fit. */
function title(random: () => number, occupation: string): string {
  const before = `${pick(random, TITLE_BEFORE)} ${occupation}`.trim();
  const after = pick(random, TITLE_AFTER);
  return (before + after).length <= 50 ? before + after : before.slice(0, 50);
}

/** Four or five sentences of a posting, 60-80 words, as the bench's descriptions were. */
function description(random: () => number, occupation: string, words: CategoryWords): string {
  const [a, b, c] = some(random, words.duties, 3);
  const [p1, p2] = some(random, PERKS, 2);
  const [r1, r2] = some(random, REQUIREMENTS, 2);
  const employer = pick(random, EMPLOYERS), job = occupation.toLowerCase();
  return `${/^[aeiou]/i.test(employer) ? 'An' : 'A'} ${employer} ${pick(random, INDUSTRIES)} employer is hiring ${/^[aeiou]/.test(job) ? 'an' : 'a'} ${job} (${pick(random, SCHEDULES)}). `
    + `You will ${a}, ${b} and ${c}. ${pick(random, SHIFTS)}. Pay $${15 + Math.floor(random() * 25)}/hour with ${p1} and ${p2}. ${r1}. ${r2}.`;
}

/** `perCategory` postings of each category, the same every run. */
export function generateTexts(perCategory: number, seed = 20261124): JobText[] {
  const random = seeded(seed);
  const texts: JobText[] = [];
  for (const [category, words] of Object.entries(CATEGORIES)) {
    for (let i = 0; i < perCategory; i++) {
      const occupation = pick(random, words.occupations);
      texts.push({ category, title: title(random, occupation), description: description(random, occupation, words), skills: some(random, words.skills, 6) });
    }
  }
  return texts;
}

// Words a query would not be made of: websearch_to_tsquery drops stop words (a query of them only
// matches nothing) and reads `or` as its OR operator.
const STOP = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'into', 'is', 'it', 'of', 'on', 'or', 'the', 'to',
  'through', 'under', 'up', 'using', 'with', 'will', 'you', 'your', 'we', 'our', 'out', 'after', 'per', 'must', 'no']);

/** Lower-cased words of one clause (no punctuation between them); prices, times and bare numbers left out. */
function words(clause: string): string[] {
  return clause.toLowerCase().split(/\s+/).filter((w) => /^[a-z0-9][a-z0-9+/-]*$/.test(w) && /[a-z]/.test(w) && !w.endsWith('-'));
}

/** Single words and 2-3 word phrases within clauses, without stop words (which join list items: "payroll and reconcile"). */
function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const clause of text.split(/[.,;()!?]|\s-\s/)) {
    const w = words(clause);
    for (let i = 0; i < w.length; i++) {
      for (let n = 1; n <= 3 && i + n <= w.length; n++) {
        const gram = w.slice(i, i + n);
        if (!gram.some((g) => STOP.has(g))) terms.push(gram.join(' '));
      }
    }
  }
  return terms;
}

export interface Vocabulary {
  /** Every distinct term and phrase, in a seeded random order (a Zipf draw's rank: popularity does not follow breadth). */
  terms: string[];
  /** Terms found in at least `broadAt` orders, most orders first. */
  broad: string[];
}

/** The search terms of the seeded orders' own text: titles, skills and descriptions as stored. */
export function vocabulary(orders: { title: string; skills: string[]; description: string }[], broadAt: number, seed = 14): Vocabulary {
  const ordersOf = new Map<string, number>();
  for (const o of orders) {
    for (const term of new Set([o.title, ...o.skills, o.description].flatMap(termsOf))) ordersOf.set(term, (ordersOf.get(term) ?? 0) + 1);
  }
  const broad = [...ordersOf].filter(([, n]) => n >= broadAt).sort((x, y) => y[1] - x[1]).map(([term]) => term);
  return { terms: shuffled(seeded(seed), [...ordersOf.keys()].sort()), broad };
}
