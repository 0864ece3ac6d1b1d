// Data for the resume parser: common staffing skills (with the spellings resumes use) and the
// interest codes (job categories) they and job titles point to. Edit here; no code reads words
// from anywhere else.

export const INTEREST_CODES = [
  'Warehouse', 'Light Industrial', 'Clerical', 'Customer Service', 'Healthcare', 'IT', 'Hospitality',
  'Skilled Trades', 'Driving', 'Construction', 'Accounting', 'Sales', 'Manufacturing',
] as const;
export type InterestCode = (typeof INTEREST_CODES)[number];

export interface VocabularySkill {
  /** How the skill is reported. */
  skill: string;
  /** Other spellings, matched case-insensitively on word boundaries (the skill itself always is). */
  aliases?: string[];
  categories: InterestCode[];
}

export const SKILLS: VocabularySkill[] = [
  // Warehouse and light industrial
  { skill: 'Forklift', aliases: ['fork lift', 'forklift operation', 'forklift certified', 'forklift certification'], categories: ['Warehouse', 'Light Industrial'] },
  { skill: 'Reach Truck', categories: ['Warehouse'] },
  { skill: 'Order Picker', aliases: ['cherry picker'], categories: ['Warehouse'] },
  { skill: 'Pallet Jack', aliases: ['pallet jacks', 'electric pallet jack'], categories: ['Warehouse'] },
  { skill: 'RF Scanner', aliases: ['rf scanning', 'rf gun', 'handheld scanner'], categories: ['Warehouse'] },
  { skill: 'Picking and Packing', aliases: ['pick and pack', 'order picking', 'picking', 'packing'], categories: ['Warehouse'] },
  { skill: 'Shipping and Receiving', aliases: ['shipping & receiving', 'receiving'], categories: ['Warehouse'] },
  { skill: 'Inventory Control', aliases: ['inventory management', 'cycle counting', 'cycle counts'], categories: ['Warehouse'] },
  { skill: 'Loading and Unloading', aliases: ['loading', 'unloading', 'loading/unloading'], categories: ['Warehouse', 'Light Industrial'] },
  { skill: 'Assembly', aliases: ['assembly line', 'product assembly'], categories: ['Light Industrial', 'Manufacturing'] },
  { skill: 'Machine Operation', aliases: ['machine operator', 'cnc operation'], categories: ['Light Industrial', 'Manufacturing'] },
  { skill: 'CNC', aliases: ['cnc machining', 'cnc programming'], categories: ['Manufacturing', 'Skilled Trades'] },
  { skill: 'Quality Control', aliases: ['quality inspection', 'quality assurance', 'qc inspection'], categories: ['Manufacturing', 'Light Industrial'] },
  { skill: 'Lean Manufacturing', aliases: ['5s', 'six sigma'], categories: ['Manufacturing'] },
  { skill: 'OSHA 10', aliases: ['osha-10', 'osha 10-hour', 'osha 10 hour', 'osha10'], categories: ['Construction', 'Light Industrial'] },
  { skill: 'OSHA 30', aliases: ['osha-30', 'osha 30-hour', 'osha 30 hour', 'osha30'], categories: ['Construction', 'Light Industrial'] },
  { skill: 'Janitorial', aliases: ['custodial', 'cleaning'], categories: ['Light Industrial', 'Hospitality'] },
  // Driving
  { skill: 'CDL Class A', aliases: ['class a cdl', 'cdl-a', 'cdl a', 'class a commercial driver', 'class a license'], categories: ['Driving'] },
  { skill: 'CDL Class B', aliases: ['class b cdl', 'cdl-b', 'cdl b', 'class b license'], categories: ['Driving'] },
  { skill: 'HAZMAT Endorsement', aliases: ['hazmat', 'hazardous materials endorsement'], categories: ['Driving'] },
  { skill: 'Clean Driving Record', aliases: ['clean driving record', 'clean mvr'], categories: ['Driving'] },
  { skill: 'DOT Regulations', aliases: ['dot compliance', 'dot medical card'], categories: ['Driving'] },
  // Skilled trades and construction
  { skill: 'Welding', aliases: ['mig welding', 'tig welding', 'stick welding', 'welder', 'arc welding'], categories: ['Skilled Trades', 'Manufacturing'] },
  { skill: 'Blueprint Reading', aliases: ['blueprints', 'reading blueprints'], categories: ['Skilled Trades', 'Construction'] },
  { skill: 'Electrical', aliases: ['electrical wiring', 'electrician'], categories: ['Skilled Trades', 'Construction'] },
  { skill: 'Plumbing', aliases: ['plumber'], categories: ['Skilled Trades', 'Construction'] },
  { skill: 'HVAC', aliases: ['hvac repair', 'epa 608'], categories: ['Skilled Trades'] },
  { skill: 'Carpentry', aliases: ['carpenter', 'framing'], categories: ['Skilled Trades', 'Construction'] },
  { skill: 'Power Tools', aliases: ['hand and power tools', 'hand tools'], categories: ['Construction', 'Light Industrial'] },
  { skill: 'Scaffolding', categories: ['Construction'] },
  { skill: 'Drywall', categories: ['Construction'] },
  // Clerical and office
  { skill: 'Microsoft Excel', aliases: ['ms excel', 'excel'], categories: ['Clerical', 'Accounting'] },
  { skill: 'Microsoft Word', aliases: ['ms word'], categories: ['Clerical'] },
  { skill: 'Microsoft Office', aliases: ['ms office', 'microsoft office suite', 'office 365', 'microsoft 365'], categories: ['Clerical'] },
  { skill: 'Microsoft Outlook', aliases: ['ms outlook', 'outlook'], categories: ['Clerical'] },
  { skill: 'Data Entry', aliases: ['data-entry'], categories: ['Clerical'] },
  { skill: 'Typing', aliases: ['10-key', '10 key', 'ten key', 'keyboarding'], categories: ['Clerical'] },
  { skill: 'Filing', aliases: ['record keeping', 'recordkeeping'], categories: ['Clerical'] },
  { skill: 'Scheduling', aliases: ['calendar management', 'appointment scheduling'], categories: ['Clerical'] },
  { skill: 'Reception', aliases: ['receptionist', 'front desk', 'multi-line phones', 'multi-line phone'], categories: ['Clerical', 'Hospitality'] },
  { skill: 'Bookkeeping', aliases: ['accounts payable', 'accounts receivable', 'quickbooks'], categories: ['Accounting', 'Clerical'] },
  { skill: 'Payroll', aliases: ['payroll processing'], categories: ['Accounting'] },
  // Customer service and sales
  { skill: 'Customer Service', aliases: ['customer support', 'client service', 'customer care'], categories: ['Customer Service'] },
  { skill: 'Call Center', aliases: ['inbound calls', 'outbound calls', 'contact center'], categories: ['Customer Service'] },
  { skill: 'Cash Handling', aliases: ['cashier', 'cash register', 'pos', 'point of sale'], categories: ['Customer Service', 'Sales', 'Hospitality'] },
  { skill: 'Sales', aliases: ['retail sales', 'inside sales', 'outside sales'], categories: ['Sales'] },
  { skill: 'Bilingual Spanish', aliases: ['bilingual', 'fluent in spanish', 'spanish'], categories: ['Customer Service'] },
  // Healthcare
  { skill: 'CPR', aliases: ['cpr certified', 'bls', 'basic life support', 'first aid'], categories: ['Healthcare'] },
  { skill: 'CNA', aliases: ['certified nursing assistant', 'certified nurse aide'], categories: ['Healthcare'] },
  { skill: 'Patient Care', aliases: ['patient care technician', 'direct patient care'], categories: ['Healthcare'] },
  { skill: 'Phlebotomy', aliases: ['phlebotomist', 'venipuncture'], categories: ['Healthcare'] },
  { skill: 'Medical Terminology', categories: ['Healthcare', 'Clerical'] },
  { skill: 'Electronic Health Records', aliases: ['ehr', 'emr', 'epic'], categories: ['Healthcare'] },
  { skill: 'Medication Administration', aliases: ['medication management'], categories: ['Healthcare'] },
  // Hospitality
  { skill: 'Food Handling', aliases: ['food handler', 'servsafe', 'food safety', 'food preparation', 'food prep'], categories: ['Hospitality'] },
  { skill: 'Housekeeping', aliases: ['housekeeper', 'room attendant'], categories: ['Hospitality'] },
  { skill: 'Bartending', aliases: ['bartender', 'mixology'], categories: ['Hospitality'] },
  { skill: 'Banquet Service', aliases: ['banquets', 'catering'], categories: ['Hospitality'] },
  // IT
  { skill: 'Help Desk', aliases: ['helpdesk', 'technical support', 'it support', 'desktop support'], categories: ['IT'] },
  { skill: 'SQL', aliases: ['postgresql', 'mysql', 'sql server'], categories: ['IT'] },
  { skill: 'JavaScript', aliases: ['typescript', 'node.js'], categories: ['IT'] },
  { skill: 'Python', categories: ['IT'] },
  { skill: 'Java', categories: ['IT'] },
  { skill: 'Networking', aliases: ['tcp/ip', 'network administration', 'comptia network+'], categories: ['IT'] },
  { skill: 'Windows Server', aliases: ['active directory'], categories: ['IT'] },
];

/** Words in a job title that point to an interest code (matched on word boundaries). */
export const TITLE_KEYWORDS: { words: string[]; category: InterestCode }[] = [
  { category: 'Warehouse', words: ['warehouse', 'picker', 'packer', 'forklift', 'material handler', 'shipping', 'receiving', 'inventory', 'stocker', 'loader', 'fulfillment'] },
  { category: 'Light Industrial', words: ['assembler', 'production', 'machine operator', 'general labor', 'laborer', 'line worker', 'sanitation'] },
  { category: 'Manufacturing', words: ['manufacturing', 'machinist', 'cnc', 'quality inspector', 'fabricator'] },
  { category: 'Clerical', words: ['receptionist', 'clerk', 'administrative', 'office', 'secretary', 'data entry', 'file clerk', 'executive assistant'] },
  { category: 'Customer Service', words: ['customer service', 'call center', 'customer support', 'cashier', 'representative'] },
  { category: 'Healthcare', words: ['nurse', 'nursing', 'cna', 'lpn', 'rn', 'medical', 'caregiver', 'phlebotomist', 'patient', 'pharmacy', 'dental', 'home health'] },
  { category: 'IT', words: ['developer', 'software', 'programmer', 'help desk', 'it support', 'network', 'systems administrator', 'devops', 'data analyst'] },
  { category: 'Hospitality', words: ['server', 'cook', 'chef', 'bartender', 'housekeeper', 'housekeeping', 'dishwasher', 'barista', 'host', 'hostess', 'front desk', 'banquet', 'hotel'] },
  { category: 'Skilled Trades', words: ['welder', 'electrician', 'plumber', 'carpenter', 'hvac', 'mechanic', 'maintenance technician', 'millwright', 'pipefitter'] },
  { category: 'Driving', words: ['driver', 'trucker', 'truck', 'delivery', 'courier', 'chauffeur'] },
  { category: 'Construction', words: ['construction', 'laborer', 'roofer', 'painter', 'mason', 'framer'] },
  { category: 'Accounting', words: ['accountant', 'accounting', 'bookkeeper', 'payroll', 'accounts payable', 'accounts receivable', 'billing'] },
  { category: 'Sales', words: ['sales', 'account executive', 'retail associate'] },
];

/** Section headings, lower case without punctuation, by the section they open. */
export const SECTION_HEADINGS: Record<SectionName, string[]> = {
  summary: ['summary', 'professional summary', 'profile', 'professional profile', 'objective', 'career objective', 'about me', 'career summary', 'summary of qualifications', 'qualifications'],
  skills: ['skills', 'key skills', 'core skills', 'technical skills', 'skills and abilities', 'skills & abilities', 'skill set', 'skillset', 'core competencies', 'competencies', 'areas of expertise', 'expertise', 'skills and certifications', 'skills & certifications'],
  experience: ['experience', 'work experience', 'professional experience', 'work history', 'employment', 'employment history', 'relevant experience', 'career history', 'professional background', 'job history'],
  education: ['education', 'education and training', 'education & training', 'academic background', 'academic history', 'educational background', 'training and education'],
  certifications: ['certifications', 'certificates', 'licenses', 'licenses and certifications', 'licenses & certifications', 'certifications and licenses', 'certifications & licenses', 'training'],
  contact: ['contact', 'contact information', 'contact details', 'personal information', 'personal details'],
  other: ['references', 'projects', 'languages', 'interests', 'hobbies', 'awards', 'honors', 'volunteer', 'volunteer experience', 'activities', 'publications', 'additional information'],
};
export type SectionName = 'summary' | 'skills' | 'experience' | 'education' | 'certifications' | 'contact' | 'other';

// ---- names (resume.name.ts; the rules are in docs/decisions/0012-resume-parsing.md) ----------

/** Words that are never part of a name: headings, contact labels, company and school words, title modifiers. */
export const NOT_NAME_WORDS = [
  'resume', 'résumé', 'cv', 'curriculum', 'vitae', 'page', 'address', 'phone', 'email', 'mobile', 'street', 'avenue', 'road',
  'summary', 'objective', 'profile', 'experience', 'skills', 'education', 'references', 'contact', 'information',
  'inc', 'llc', 'ltd', 'corporation', 'university', 'college',
  // What comes before a job word in a title ("Line Cook", "Senior Operator"), never a name.
  'senior', 'junior', 'lead', 'head', 'chief', 'line', 'sous', 'certified', 'registered', 'licensed', 'general', 'executive',
  'staff', 'shift', 'entry', 'level', 'prep',
];

/**
 * Job words beyond the title keywords above. A line made only of job words is a title, but one job
 * word beside a given name is a surname ("Jamal Cook", "Mason Lee").
 */
export const JOB_WORDS = [
  'associate', 'manager', 'operator', 'engineer', 'assistant', 'specialist', 'technician', 'supervisor', 'worker', 'helper',
  'aide', 'agent', 'analyst', 'coordinator', 'director', 'officer', 'administrator', 'consultant', 'attendant', 'handler',
];

/** Words that join the surname that follows them (van Beethoven, de la Cruz, García y López), never the last word. */
export const NAME_PARTICLES = ['de', 'del', 'della', 'der', 'den', 'di', 'da', 'das', 'do', 'dos', 'du', 'la', 'le', 'van', 'von', 'ter', 'ten', 'bin', 'ibn', 'al', 'el', 'st.', 'y'];

/**
 * Common Spanish and Portuguese surnames without accents, lower case. One of them before the last
 * word makes the two one last name ("Ana García López"), where an English name would have a middle
 * name ("John Michael Smith"). Any word of five letters or more ending in -ez counts too (Hernández,
 * Lopez). Names that are as often given names (Cruz, Santos, Luna, Miranda, Lara) are left out.
 */
export const SPANISH_SURNAMES = [
  'garcia', 'torres', 'flores', 'rivera', 'diaz', 'reyes', 'morales', 'ortiz', 'ramos', 'ruiz', 'mendoza', 'castillo', 'moreno',
  'romero', 'herrera', 'medina', 'aguilar', 'garza', 'castro', 'vargas', 'guzman', 'salazar', 'munoz', 'ortega', 'delgado',
  'contreras', 'soto', 'vega', 'rojas', 'navarro', 'rios', 'campos', 'molina', 'cabrera', 'acosta', 'guerrero', 'estrada',
  'fuentes', 'figueroa', 'carrillo', 'sandoval', 'espinoza', 'espinosa', 'calderon', 'cervantes', 'pena', 'villanueva',
  'trujillo', 'ibarra', 'serrano', 'pacheco', 'rosales', 'mejia', 'cortes', 'zamora', 'montoya', 'ayala', 'cardenas',
  'silva', 'oliveira', 'souza', 'sousa', 'costa', 'pereira', 'almeida', 'ferreira', 'carvalho', 'gomes', 'martins', 'araujo',
  'ribeiro', 'barbosa', 'rocha', 'alves', 'cardoso', 'teixeira', 'correia', 'mendes', 'nascimento', 'moreira',
];

/**
 * Common Vietnamese family names, lower case without accents. As the last word they are the whole
 * last name: "Thanh Van Nguyen" has the middle name Van, not the Dutch particle.
 */
export const VIETNAMESE_SURNAMES = [
  'nguyen', 'tran', 'le', 'pham', 'hoang', 'huynh', 'phan', 'vu', 'vo', 'dang', 'bui', 'do', 'ho', 'ngo', 'duong', 'ly', 'truong', 'dinh',
];
