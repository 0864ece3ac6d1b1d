// Occupations a staffing agency fills: the title it prefers, the titles resumes and orders use
// (English and Spanish), its family and the skills its orders usually ask for. Seniority is read
// apart (SENIORITY_MARKERS), so "Warehouse Supervisor" is the warehouse associate at supervisor level.
// Edit here (docs/matching.md, "Vocabulary").
import type { Occupation, SeniorityMarker } from './vocabulary.schemas.ts';

export const OCCUPATIONS: Occupation[] = [
  // Warehouse
  { id: 'warehouse-associate', title: 'Warehouse Associate', family: 'warehouse', skills: ['picking-packing', 'rf-scanner', 'pallet-jack', 'loading-unloading'], synonyms: ['warehouse', 'warehouse worker', 'warehouse clerk', 'warehouse team member', 'material handler', 'general warehouse', 'fulfillment associate', 'stocker', 'almacenista', 'trabajador de almacen', 'bodeguero', 'auxiliar de almacen', 'almacen'] },
  { id: 'forklift-operator', title: 'Forklift Operator', family: 'warehouse', skills: ['forklift', 'forklift-certification', 'rf-scanner'], synonyms: ['forklift driver', 'forklift', 'hi-lo driver', 'hi-lo operator', 'reach truck operator', 'lift truck operator', 'montacarguista', 'operador de montacargas', 'chofer de montacargas'] },
  { id: 'order-picker', title: 'Order Picker', family: 'warehouse', skills: ['picking-packing', 'rf-scanner', 'order-picker'], synonyms: ['picker', 'picker packer', 'packer', 'order selector', 'selector', 'order filler', 'empacador', 'empacadora', 'surtidor'] },
  { id: 'shipping-receiving-clerk', title: 'Shipping and Receiving Clerk', family: 'warehouse', skills: ['shipping-receiving', 'inventory-control', 'rf-scanner'], synonyms: ['shipping clerk', 'receiving clerk', 'shipper', 'receiver', 'shipping/receiving', 'dock clerk'] },
  { id: 'inventory-clerk', title: 'Inventory Clerk', family: 'warehouse', skills: ['inventory-control', 'rf-scanner', 'data-entry'], synonyms: ['inventory control specialist', 'inventory specialist', 'cycle counter', 'inventory associate'] },
  { id: 'loader', title: 'Loader/Unloader', family: 'warehouse', skills: ['loading-unloading', 'pallet-jack'], synonyms: ['loader', 'unloader', 'dock worker', 'package handler', 'freight handler', 'cargador'] },
  // Light industrial and manufacturing
  { id: 'production-worker', title: 'Production Worker', family: 'light-industrial', skills: ['assembly', 'packaging', 'quality-control'], synonyms: ['production associate', 'production operator', 'production', 'general labor', 'line worker', 'packager', 'operario', 'operario de produccion', 'trabajador de produccion', 'obrero de fabrica'] },
  { id: 'assembler', title: 'Assembler', family: 'light-industrial', skills: ['assembly', 'power-tools', 'quality-control'], synonyms: ['assembly worker', 'assembly technician', 'electronic assembler', 'ensamblador', 'ensambladora'] },
  { id: 'machine-operator', title: 'Machine Operator', family: 'manufacturing', skills: ['machine-operation', 'quality-control', 'precision-measuring'], synonyms: ['press operator', 'injection molding operator', 'packaging machine operator', 'operador de maquinas', 'operador de maquinaria'] },
  { id: 'cnc-machinist', title: 'CNC Machinist', family: 'manufacturing', skills: ['cnc', 'blueprint-reading', 'precision-measuring'], synonyms: ['machinist', 'cnc operator', 'cnc machine operator', 'cnc programmer', 'tornero', 'operador cnc'] },
  { id: 'quality-inspector', title: 'Quality Inspector', family: 'manufacturing', skills: ['quality-control', 'precision-measuring', 'blueprint-reading'], synonyms: ['qc inspector', 'quality control inspector', 'quality technician', 'quality control technician', 'inspector de calidad'] },
  { id: 'janitor', title: 'Janitor', family: 'light-industrial', skills: ['janitorial'], synonyms: ['custodian', 'cleaner', 'sanitation worker', 'porter', 'conserje', 'custodio', 'intendente'] },
  // Healthcare
  { id: 'certified-nursing-assistant', title: 'Certified Nursing Assistant', family: 'healthcare', skills: ['cna', 'patient-care', 'vital-signs', 'adl-assistance'], synonyms: ['CNA', 'nursing assistant', 'nurse aide', 'nurse assistant', 'STNA', 'patient care assistant', 'auxiliar de enfermeria', 'asistente de enfermeria'] },
  { id: 'licensed-practical-nurse', title: 'Licensed Practical Nurse', family: 'healthcare', skills: ['lpn', 'medication-administration', 'patient-care'], synonyms: ['LPN', 'LVN', 'licensed vocational nurse', 'enfermera practica licenciada', 'enfermera vocacional'] },
  { id: 'registered-nurse', title: 'Registered Nurse', family: 'healthcare', skills: ['rn', 'medication-administration', 'patient-care', 'iv-therapy'], synonyms: ['RN', 'staff RN', 'enfermera registrada', 'enfermero registrado'] },
  { id: 'medical-assistant', title: 'Medical Assistant', family: 'healthcare', skills: ['vital-signs', 'electronic-health-records', 'phlebotomy'], synonyms: ['MA', 'CMA', 'clinical medical assistant', 'certified medical assistant', 'asistente medico', 'asistente medica'] },
  { id: 'phlebotomist', title: 'Phlebotomist', family: 'healthcare', skills: ['phlebotomy', 'phlebotomy-certification'], synonyms: ['phlebotomy technician', 'phlebotomy tech', 'lab assistant', 'flebotomista'] },
  { id: 'home-health-aide', title: 'Home Health Aide', family: 'healthcare', skills: ['adl-assistance', 'patient-care'], synonyms: ['HHA', 'caregiver', 'personal care aide', 'home care aide', 'direct support professional', 'cuidador', 'cuidadora', 'asistente de salud en el hogar'] },
  { id: 'pharmacy-technician', title: 'Pharmacy Technician', family: 'healthcare', skills: ['medical-terminology'], synonyms: ['pharmacy tech', 'tecnico de farmacia'] },
  { id: 'dental-assistant', title: 'Dental Assistant', family: 'healthcare', skills: ['patient-care'], synonyms: ['asistente dental'] },
  { id: 'medical-receptionist', title: 'Medical Receptionist', family: 'healthcare', skills: ['reception', 'scheduling', 'medical-terminology', 'electronic-health-records'], synonyms: ['patient access representative', 'medical front desk', 'unit secretary', 'unit clerk'] },
  // Clerical and administrative
  { id: 'administrative-assistant', title: 'Administrative Assistant', family: 'clerical', skills: ['microsoft-office', 'scheduling', 'filing'], synonyms: ['admin assistant', 'office assistant', 'administrative', 'secretary', 'office', 'executive assistant', 'office administrator', 'asistente administrativo', 'asistente administrativa', 'secretaria', 'auxiliar administrativo'] },
  { id: 'receptionist', title: 'Receptionist', family: 'clerical', skills: ['reception', 'scheduling', 'customer-service'], synonyms: ['front desk receptionist', 'front office receptionist', 'recepcionista'] },
  { id: 'data-entry-clerk', title: 'Data Entry Clerk', family: 'clerical', skills: ['data-entry', 'typing', 'microsoft-excel'], synonyms: ['data entry operator', 'data entry specialist', 'data entry', 'capturista', 'capturista de datos'] },
  { id: 'office-clerk', title: 'Office Clerk', family: 'clerical', skills: ['filing', 'data-entry'], synonyms: ['file clerk', 'records clerk', 'general clerk', 'clerical assistant', 'mail clerk', 'archivista'] },
  // Customer service
  { id: 'customer-service-representative', title: 'Customer Service Representative', family: 'customer-service', skills: ['customer-service', 'problem-resolution', 'crm'], synonyms: ['customer service rep', 'CSR', 'customer care specialist', 'customer care representative', 'customer care agent', 'customer care', 'customer service agent', 'customer service associate', 'customer service specialist', 'customer support specialist', 'customer support representative', 'customer service', 'representante de servicio al cliente', 'servicio al cliente'] },
  { id: 'call-center-agent', title: 'Call Center Agent', family: 'customer-service', skills: ['call-center', 'customer-service', 'typing'], synonyms: ['contact center', 'call center representative', 'call center rep', 'contact center agent', 'call center', 'agente de call center', 'operador telefonico'] },
  { id: 'collections-representative', title: 'Collections Representative', family: 'customer-service', skills: ['collections', 'call-center', 'customer-service'], synonyms: ['collections specialist', 'collections rep', 'collections agent', 'collections associate', 'collector', 'debt collector', 'agente de cobranza', 'gestor de cobranza'] },
  { id: 'cashier', title: 'Cashier', family: 'customer-service', skills: ['cash-handling', 'customer-service'], synonyms: ['cashier clerk', 'front end cashier', 'cajero', 'cajera'] },
  // Drivers
  { id: 'truck-driver', title: 'Truck Driver (CDL)', family: 'driving', skills: ['cdl-a', 'dot-regulations', 'pre-trip-inspection', 'tractor-trailer'], synonyms: ['truck driver', 'CDL driver', 'CDL-A driver', 'class a driver', 'OTR driver', 'tractor trailer driver', 'semi driver', 'truck', 'trucker', 'chofer de trailer', 'trailero', 'camionero', 'operador de tractocamion'] },
  { id: 'delivery-driver', title: 'Delivery Driver', family: 'driving', skills: ['drivers-license', 'clean-driving-record', 'local-delivery'], synonyms: ['driver', 'courier', 'route driver', 'van driver', 'box truck driver', 'non-cdl driver', 'chauffeur', 'chofer', 'conductor', 'repartidor', 'chofer repartidor'] },
  // Skilled trades and construction
  { id: 'welder', title: 'Welder', family: 'skilled-trades', skills: ['welding', 'blueprint-reading'], synonyms: ['welder fabricator', 'fabricator', 'mig welder', 'tig welder', 'soldador', 'soldadora'] },
  { id: 'electrician', title: 'Electrician', family: 'skilled-trades', skills: ['electrical', 'blueprint-reading'], synonyms: ['journeyman electrician', 'electrical technician', 'electricista'] },
  { id: 'plumber', title: 'Plumber', family: 'skilled-trades', skills: ['plumbing'], synonyms: ['pipefitter', 'plomero', 'fontanero'] },
  { id: 'carpenter', title: 'Carpenter', family: 'construction', skills: ['carpentry', 'power-tools', 'blueprint-reading'], synonyms: ['framer', 'finish carpenter', 'carpintero'] },
  { id: 'hvac-technician', title: 'HVAC Technician', family: 'skilled-trades', skills: ['hvac', 'epa-608'], synonyms: ['hvac tech', 'hvac installer', 'hvac mechanic', 'refrigeration technician', 'tecnico de hvac', 'tecnico en refrigeracion'] },
  { id: 'maintenance-technician', title: 'Maintenance Technician', family: 'skilled-trades', skills: ['general-maintenance', 'troubleshooting', 'electrical'], synonyms: ['maintenance tech', 'maintenance mechanic', 'industrial maintenance', 'maintenance', 'mechanic', 'millwright', 'tecnico de mantenimiento', 'mecanico'] },
  { id: 'construction-laborer', title: 'Construction Laborer', family: 'construction', skills: ['power-tools', 'scaffolding', 'concrete'], synonyms: ['laborer', 'general laborer', 'construction worker', 'construction', 'labourer', 'obrero', 'peon', 'albanil', 'trabajador de construccion', 'ayudante de construccion'] },
  { id: 'painter', title: 'Painter', family: 'construction', skills: ['painting'], synonyms: ['commercial painter', 'pintor'] },
  { id: 'roofer', title: 'Roofer', family: 'construction', skills: ['roofing'], synonyms: ['techador', 'techero'] },
  { id: 'heavy-equipment-operator', title: 'Heavy Equipment Operator', family: 'construction', skills: ['heavy-equipment'], synonyms: ['equipment operator', 'excavator operator', 'operador de maquinaria pesada'] },
  // Hospitality and food service
  { id: 'cook', title: 'Cook', family: 'hospitality', skills: ['cooking', 'food-handling'], synonyms: ['line cook', 'prep cook', 'short order cook', 'cocinero', 'cocinera', 'ayudante de cocina'] },
  // The kitchen's lead: a sous chef runs the line and the cooks, an order for one is not a cook's.
  { id: 'chef', title: 'Chef', family: 'hospitality', skills: ['cooking', 'food-handling', 'servsafe'], synonyms: ['chef', 'sous chef', 'executive chef', 'executive sous chef', 'chef de cuisine', 'kitchen chef'] },
  { id: 'dishwasher', title: 'Dishwasher', family: 'hospitality', skills: ['dishwashing'], synonyms: ['dish washer', 'steward', 'lavaplatos', 'lavaloza'] },
  { id: 'server', title: 'Server', family: 'hospitality', skills: ['table-service', 'cash-handling'], synonyms: ['waiter', 'waitress', 'food server', 'banquet server', 'mesero', 'mesera'] },
  { id: 'housekeeper', title: 'Housekeeper', family: 'hospitality', skills: ['housekeeping'], synonyms: ['room attendant', 'housekeeping attendant', 'housekeeping', 'maid', 'camarista', 'recamarera', 'ama de llaves'] },
  { id: 'bartender', title: 'Bartender', family: 'hospitality', skills: ['bartending', 'cash-handling'], synonyms: ['barback', 'cantinero', 'barman'] },
  { id: 'barista', title: 'Barista', family: 'hospitality', skills: ['espresso-drinks', 'cash-handling'], synonyms: [] },
  { id: 'host', title: 'Host', family: 'hospitality', skills: ['guest-services'], synonyms: ['hostess', 'anfitrion', 'anfitriona'] },
  { id: 'front-desk-agent', title: 'Front Desk Agent', family: 'hospitality', skills: ['guest-services', 'reception'], synonyms: ['front desk clerk', 'guest service agent', 'hotel front desk', 'front desk', 'night auditor'] },
  { id: 'food-service-worker', title: 'Food Service Worker', family: 'hospitality', skills: ['food-handling'], synonyms: ['food service', 'crew member', 'fast food worker', 'cafeteria worker', 'trabajador de comida rapida'] },
  // Accounting
  { id: 'accountant', title: 'Accountant', family: 'accounting', skills: ['general-ledger', 'account-reconciliation', 'microsoft-excel'], synonyms: ['staff accountant', 'accounting', 'contador', 'contadora'] },
  { id: 'bookkeeper', title: 'Bookkeeper', family: 'accounting', skills: ['bookkeeping', 'quickbooks'], synonyms: ['full charge bookkeeper', 'auxiliar contable', 'tenedor de libros'] },
  { id: 'accounts-payable-clerk', title: 'Accounts Payable Clerk', family: 'accounting', skills: ['accounts-payable', 'data-entry'], synonyms: ['accounts payable specialist', 'accounts payable', 'AP clerk', 'AP specialist'] },
  { id: 'accounts-receivable-clerk', title: 'Accounts Receivable Clerk', family: 'accounting', skills: ['accounts-receivable', 'collections'], synonyms: ['accounts receivable specialist', 'accounts receivable', 'AR clerk', 'AR specialist'] },
  { id: 'payroll-clerk', title: 'Payroll Clerk', family: 'accounting', skills: ['payroll', 'microsoft-excel'], synonyms: ['payroll specialist', 'payroll administrator', 'payroll', 'auxiliar de nomina'] },
  { id: 'billing-specialist', title: 'Billing Specialist', family: 'accounting', skills: ['billing', 'data-entry'], synonyms: ['billing clerk', 'billing coordinator', 'medical biller', 'billing', 'facturista'] },
  // IT support
  { id: 'help-desk-technician', title: 'Help Desk Technician', family: 'it', skills: ['help-desk', 'troubleshooting', 'ticketing-systems'], synonyms: ['help desk analyst', 'help desk specialist', 'help desk', 'IT support specialist', 'IT support technician', 'IT technician', 'desktop support technician', 'desktop support', 'service desk analyst', 'technical support specialist', 'tecnico de soporte', 'soporte tecnico'] },
  { id: 'network-administrator', title: 'Network Administrator', family: 'it', skills: ['networking', 'windows-server'], synonyms: ['network admin', 'network engineer', 'network technician', 'administrador de redes'] },
  { id: 'systems-administrator', title: 'Systems Administrator', family: 'it', skills: ['windows-server', 'linux'], synonyms: ['system administrator', 'sysadmin', 'systems admin'] },
  { id: 'software-developer', title: 'Software Developer', family: 'it', skills: ['javascript', 'sql'], synonyms: ['software engineer', 'developer', 'programmer', 'web developer', 'desarrollador', 'programador'] },
  // Sales
  { id: 'retail-sales-associate', title: 'Retail Sales Associate', family: 'sales', skills: ['sales', 'cash-handling', 'customer-service', 'merchandising'], synonyms: ['sales associate', 'retail associate', 'store associate', 'retail', 'sales clerk', 'vendedor', 'vendedora', 'dependiente'] },
  { id: 'sales-representative', title: 'Sales Representative', family: 'sales', skills: ['sales', 'cold-calling', 'crm'], synonyms: ['sales rep', 'inside sales representative', 'outside sales representative', 'account executive', 'sales', 'sales consultant', 'representante de ventas', 'ejecutivo de ventas'] },
];

/**
 * Words in a title that say the level rather than the occupation ("Senior", "Lead", "Supervisor").
 * They are read outside the occupation's own words, so "Lead Cook" is the cook at lead level.
 */
export const SENIORITY_MARKERS: SeniorityMarker[] = [
  { seniority: 'trainee', markers: ['trainee', 'apprentice', 'intern', 'entry level', 'helper', 'aprendiz', 'practicante', 'ayudante'] },
  { seniority: 'junior', markers: ['junior', 'jr'] },
  { seniority: 'senior', markers: ['senior', 'sr', 'experienced'] },
  { seniority: 'lead', markers: ['lead', 'leader', 'team lead', 'leadman', 'head', 'charge', 'foreman', 'forewoman', 'crew chief', 'jefe', 'jefa', 'encargado', 'encargada', 'lider'] },
  { seniority: 'supervisor', markers: ['supervisor', 'supervisora', 'shift supervisor'] },
  { seniority: 'manager', markers: ['manager', 'assistant manager', 'director', 'superintendent', 'gerente', 'administrador'] },
];
