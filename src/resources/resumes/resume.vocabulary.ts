// Data for the resume parser: section headings, name words, and the job-title words that point to
// interest codes. Edit here; no code reads these words from anywhere else.

// Skills, certifications and the interest codes (job categories) they point to are the matching
// vocabulary's (src/resources/matching/vocabulary/, decision 0056); INTEREST_CODES comes from there.
import type { INTEREST_CODES } from '../matching/vocabulary/vocabulary.ts';
export type InterestCode = (typeof INTEREST_CODES)[number];

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

/** Section headings, lower case without punctuation, by the section they open (English, then Spanish as written, with and without accents). */
export const SECTION_HEADINGS: Record<SectionName, string[]> = {
  summary: ['resumen', 'resumen profesional', 'perfil', 'perfil profesional', 'objetivo', 'objetivo profesional', 'acerca de mí', 'acerca de mi', 'summary', 'professional summary', 'profile', 'professional profile', 'objective', 'career objective', 'about me', 'career summary', 'summary of qualifications', 'qualifications'],
  skills: ['habilidades', 'competencias', 'aptitudes', 'destrezas', 'habilidades y competencias', 'skills', 'key skills', 'core skills', 'technical skills', 'skills and abilities', 'skills & abilities', 'skill set', 'skillset', 'core competencies', 'competencies', 'areas of expertise', 'expertise', 'skills and certifications', 'skills & certifications'],
  experience: ['experiencia', 'experiencia laboral', 'experiencia profesional', 'historial laboral', 'historial de empleo', 'historia laboral', 'trayectoria laboral', 'empleos', 'experience', 'work experience', 'professional experience', 'work history', 'employment', 'employment history', 'relevant experience', 'career history', 'professional background', 'job history'],
  education: ['educación', 'educacion', 'formación', 'formacion', 'formación académica', 'formacion academica', 'estudios', 'education', 'education and training', 'education & training', 'academic background', 'academic history', 'educational background', 'training and education'],
  certifications: ['certificaciones', 'certificados', 'licencias', 'certificaciones y licencias', 'licencias y certificaciones', 'capacitación', 'capacitacion', 'certifications', 'certificates', 'licenses', 'licenses and certifications', 'licenses & certifications', 'certifications and licenses', 'certifications & licenses', 'training'],
  contact: ['contacto', 'datos de contacto', 'información de contacto', 'informacion de contacto', 'datos personales', 'contact', 'contact information', 'contact details', 'personal information', 'personal details'],
  other: ['referencias', 'idiomas', 'logros', 'voluntariado', 'intereses', 'pasatiempos', 'disponibilidad', 'información adicional', 'informacion adicional', 'references', 'projects', 'languages', 'interests', 'hobbies', 'awards', 'honors', 'volunteer', 'volunteer experience', 'activities', 'publications', 'additional information'],
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
