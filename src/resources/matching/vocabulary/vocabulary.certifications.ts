// Certifications, licences and CDL endorsements. CNA, LPN and RN are three credentials: none
// implies another (a CNA does not hold an LPN's licence, nor an LPN an RN's), and no certification
// implies a certification; they may imply skills. Edit here (docs/matching.md, "Vocabulary").
import type { Certification } from './vocabulary.schemas.ts';

const CDLS = ['cdl-a', 'cdl-b', 'cdl'];

export const CERTIFICATIONS: Certification[] = [
  // Healthcare
  { id: 'cna', label: 'CNA', kind: 'certification', families: ['healthcare'], implies: ['patient-care', 'vital-signs', 'adl-assistance'], synonyms: ['certified nursing assistant', 'certified nurse aide', 'certified nurse assistant', 'cna certified', 'cna certification', 'cna license', 'stna', 'state tested nursing assistant', 'auxiliar de enfermeria certificada'] },
  { id: 'lpn', label: 'LPN', kind: 'licence', families: ['healthcare'], implies: ['patient-care', 'vital-signs', 'medication-administration'], synonyms: ['licensed practical nurse', 'licensed vocational nurse', 'lvn', 'lpn license', 'enfermera practica licenciada'] },
  { id: 'rn', label: 'RN', kind: 'licence', families: ['healthcare'], implies: ['patient-care', 'vital-signs', 'medication-administration'], synonyms: ['RN', 'registered nurse', 'rn license', 'enfermera registrada', 'enfermero registrado'] },
  { id: 'cma', label: 'CMA', kind: 'certification', families: ['healthcare'], implies: ['vital-signs'], synonyms: ['certified medical assistant', 'cma (aama)'] },
  { id: 'rma', label: 'RMA', kind: 'certification', families: ['healthcare'], implies: ['vital-signs'], synonyms: ['registered medical assistant'] },
  { id: 'phlebotomy-certification', label: 'Phlebotomy Certification', kind: 'certification', families: ['healthcare'], implies: ['phlebotomy'], synonyms: ['certified phlebotomy technician', 'phlebotomy certified', 'phlebotomy technician certification', 'phlebotomy certificate'] },
  { id: 'bls', label: 'BLS', kind: 'certification', families: ['healthcare'], synonyms: ['basic life support', 'bls certified', 'bls certification', 'bls for healthcare providers'] },
  { id: 'cpr', label: 'CPR', kind: 'certification', families: ['healthcare'], synonyms: ['cpr certified', 'cpr certification', 'cpr/aed', 'rcp'] },
  { id: 'first-aid', label: 'First Aid', kind: 'certification', families: ['healthcare'], synonyms: ['first aid certified', 'first aid certification', 'primeros auxilios'] },
  { id: 'acls', label: 'ACLS', kind: 'certification', families: ['healthcare'], synonyms: ['advanced cardiac life support'] },
  { id: 'pals', label: 'PALS', kind: 'certification', families: ['healthcare'], synonyms: ['pediatric advanced life support'] },
  { id: 'home-health-aide-certification', label: 'HHA Certification', kind: 'certification', families: ['healthcare'], implies: ['adl-assistance'], synonyms: ['hha certified', 'hha certification', 'certified home health aide'] },
  // Driving
  { id: 'cdl-a', label: 'CDL Class A', kind: 'licence', families: ['driving'], implies: ['tractor-trailer'], synonyms: ['class a cdl', 'cdl-a', 'cdl class a license', 'class a commercial driver', 'class a commercial drivers license', 'class a license', 'licencia cdl a', 'licencia clase a'] },
  { id: 'cdl-b', label: 'CDL Class B', kind: 'licence', families: ['driving'], synonyms: ['class b cdl', 'cdl-b', 'cdl class b license', 'class b commercial driver', 'class b license', 'licencia cdl b', 'licencia clase b'] },
  { id: 'cdl', label: 'CDL', kind: 'licence', families: ['driving'], synonyms: ['commercial driver license', 'cdl license', 'licencia cdl'] },
  { id: 'cdl-hazmat', label: 'HAZMAT Endorsement', kind: 'endorsement', code: 'H', endorses: CDLS, families: ['driving'], synonyms: ['hazmat', 'hazardous materials endorsement', 'hazmat endorsed'] },
  { id: 'cdl-tanker', label: 'Tanker Endorsement', kind: 'endorsement', code: 'N', endorses: CDLS, families: ['driving'], synonyms: ['tanker endorsement', 'tank vehicle endorsement', 'tanker endorsed'] },
  { id: 'cdl-doubles-triples', label: 'Doubles/Triples Endorsement', kind: 'endorsement', code: 'T', endorses: CDLS, families: ['driving'], synonyms: ['doubles/triples', 'doubles and triples endorsement'] },
  { id: 'cdl-passenger', label: 'Passenger Endorsement', kind: 'endorsement', code: 'P', endorses: CDLS, families: ['driving'], synonyms: ['passenger endorsement'] },
  { id: 'cdl-school-bus', label: 'School Bus Endorsement', kind: 'endorsement', code: 'S', endorses: CDLS, families: ['driving'], synonyms: ['school bus endorsement'] },
  { id: 'cdl-tanker-hazmat', label: 'Tanker/HAZMAT Endorsement', kind: 'endorsement', code: 'X', endorses: CDLS, families: ['driving'], synonyms: ['x endorsement', 'tanker/hazmat endorsement'] },
  { id: 'dot-medical-card', label: 'DOT Medical Card', kind: 'certification', families: ['driving'], synonyms: ['dot medical', 'dot physical', 'medical examiner certificate'] },
  { id: 'drivers-license', label: "Driver's License", kind: 'licence', unstated: true, families: ['driving'], synonyms: ['valid drivers license', 'drivers license', 'licencia de conducir', 'licencia de manejo'] },
  { id: 'twic', label: 'TWIC Card', kind: 'certification', families: ['driving'], synonyms: ['twic', 'transportation worker identification credential'] },
  // Warehouse, industrial, construction and trades
  { id: 'forklift-certification', label: 'Forklift Certification', kind: 'certification', families: ['warehouse', 'light-industrial'], implies: ['forklift'], synonyms: ['forklift certified', 'forklift certificate', 'forklift license', 'certified forklift', 'certificacion de montacargas'] },
  { id: 'osha-10', label: 'OSHA 10', kind: 'certification', families: ['construction', 'light-industrial'], synonyms: ['osha-10', 'osha 10-hour', 'osha10', 'osha 10 construction', 'osha 10 general industry'] },
  { id: 'osha-30', label: 'OSHA 30', kind: 'certification', families: ['construction', 'light-industrial'], synonyms: ['osha-30', 'osha 30-hour', 'osha30', 'osha 30 construction'] },
  { id: 'epa-608', label: 'EPA 608', kind: 'certification', families: ['skilled-trades'], implies: ['hvac'], synonyms: ['epa section 608', 'epa 608 universal', 'epa 608 certified', 'epa universal certification'] },
  { id: 'aws-welding-certification', label: 'AWS Welding Certification', kind: 'certification', families: ['skilled-trades', 'manufacturing'], implies: ['welding'], synonyms: ['aws certified welder', 'aws certified', 'aws d1.1', 'aws certification', 'd1.1', 'd1.1 weld test', 'structural weld test', 'structural welding certification'] },
  { id: 'journeyman-electrician-license', label: 'Journeyman Electrician License', kind: 'licence', families: ['skilled-trades', 'construction'], implies: ['electrical'], synonyms: ['journeyman electrician', 'journeyman license', 'electrical license'] },
  { id: 'nccer', label: 'NCCER Certification', kind: 'certification', families: ['construction', 'skilled-trades'], synonyms: ['nccer', 'nccer certified'] },
  // Hospitality
  { id: 'servsafe', label: 'ServSafe', kind: 'certification', families: ['hospitality'], implies: ['food-handling'], synonyms: ['servsafe certified', 'servsafe manager', 'servsafe food handler'] },
  { id: 'food-handler-card', label: 'Food Handler Card', kind: 'certification', families: ['hospitality'], implies: ['food-handling'], synonyms: ['food handler', 'food handlers card', 'food handler permit', 'food handler certificate', 'tarjeta de manipulador de alimentos'] },
  { id: 'tips', label: 'TIPS Certification', kind: 'certification', families: ['hospitality'], synonyms: ['tips certified', 'alcohol server certification'] },
  // Texas' own seller-server certificate (TABC-approved course); TIPS is one course among others, held apart.
  { id: 'tabc', label: 'TABC Certification', kind: 'certification', families: ['hospitality'], synonyms: ['tabc', 'tabc certified', 'tabc certification', 'tabc seller-server certification', 'tabc seller server', 'texas alcoholic beverage commission certification', 'certificacion tabc'] },
  // Office, accounting, IT
  { id: 'notary-public', label: 'Notary Public', kind: 'licence', families: ['clerical'], synonyms: ['notary', 'commissioned notary'] },
  { id: 'cpa', label: 'CPA', kind: 'licence', families: ['accounting'], synonyms: ['certified public accountant'] },
  { id: 'comptia-a-plus', label: 'CompTIA A+', kind: 'certification', families: ['it'], implies: ['hardware-installation', 'troubleshooting'], synonyms: ['a+ certified', 'a+ certification', 'comptia a+ certified'] },
  { id: 'comptia-network-plus', label: 'CompTIA Network+', kind: 'certification', families: ['it'], implies: ['networking'], synonyms: ['network+', 'network+ certified'] },
  { id: 'ccna', label: 'CCNA', kind: 'certification', families: ['it'], implies: ['networking'], synonyms: ['cisco certified network associate'] },
];
