// Realistic records for the demo tenant (and the benchmarks), generated deterministically from a
// seed: the same seed gives the same data. Inserted in batches straight through the tables.
import { and, asc, eq, sql, type Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database.ts';
import { branches, serviceReps, orderTypes } from '../../platform/db/schema.ts';
import { employees } from '../employees/employee.table.ts';
import { contactMethods, CONTACT_METHOD_TYPES } from '../contact-methods/contact-method.table.ts';
import { customers } from '../customers/customer.table.ts';
import { contacts } from '../contacts/contact.table.ts';
import { jobTitles } from '../job-titles/job-title.record.ts';
import { jobOrders } from '../job-orders/job-order.table.ts';
import { assignmentStatuses, companyTypes, contractStatuses, divisions, employers, jobOrderDurations, jobOrderStatuses, jobTitleCategories, payCodes, paymentTypes, prospectStatuses, purchaseOrders, salesTeams, workerCompCodes } from '../reference-data/reference.table.ts';
import { worksites } from '../worksites/worksite.table.ts';
import type { CodeListTable } from '../reference-data/back-office.lists.ts';
import { assignments } from '../assignments/assignment.table.ts';
import { timecards } from '../timecards/timecard.table.ts';
import { contracts } from '../contracts/contract.table.ts';
import { prospects } from '../prospects/prospect.table.ts';
import { rateSheets } from '../rate-sheets/rate-sheet.table.ts';
import { vendors } from '../vendors/vendor.table.ts';

/** mulberry32: a small, fast, seeded PRNG. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Maria', 'Luis', 'Ana', 'Nguyen', 'Mai', 'Ahmed', 'Fatima', 'Olga', 'Ivan', 'Aisha', 'Kwame', 'Sofia', 'Mateo', 'Emma', 'Liam', 'Noah', 'Olivia', 'Ava', 'Ethan', 'Mia', 'Lucas'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Olson', 'Larson', 'Peterson'];
const COMPANY_A = ['North Star', 'Lakeside', 'Prairie', 'Twin Cities', 'Lone Star', 'Hill Country', 'Riverbend', 'Summit', 'Cedar', 'Granite', 'Blue Bonnet', 'Iron Range', 'Capitol', 'Pioneer', 'Heartland'];
const COMPANY_B = ['Logistics', 'Manufacturing', 'Foods', 'Distribution', 'Medical Group', 'Packaging', 'Construction', 'Hospitality', 'Financial', 'Plastics', 'Warehousing', 'Assembly', 'Printing'];
/** Cities near each demo branch, with coordinates, for worksites (and job board radius search). */
const CITIES: Record<'north' | 'south', [string, string, string, number, number][]> = {
  north: [['Minneapolis', 'MN', '55401', 44.9833, -93.2667], ['St. Paul', 'MN', '55101', 44.9537, -93.09], ['Bloomington', 'MN', '55420', 44.8408, -93.2983], ['Eagan', 'MN', '55121', 44.8041, -93.1669], ['Plymouth', 'MN', '55441', 45.0105, -93.4555], ['Maple Grove', 'MN', '55369', 45.0725, -93.4558]],
  south: [['Austin', 'TX', '78701', 30.2672, -97.7431], ['Round Rock', 'TX', '78664', 30.5083, -97.6789], ['San Marcos', 'TX', '78666', 29.8833, -97.9414], ['Georgetown', 'TX', '78626', 30.6333, -97.677], ['Pflugerville', 'TX', '78660', 30.4394, -97.62], ['Cedar Park', 'TX', '78613', 30.5052, -97.8203]],
};
const TITLES: [string, string, string, boolean][] = [
  ['FORKLFT', 'Forklift Operator', 'Light Industrial', true], ['WHSASSC', 'Warehouse Associate', 'Light Industrial', true], ['PICKPAK', 'Picker Packer', 'Light Industrial', true],
  ['MACHOP', 'Machine Operator', 'Light Industrial', true], ['ASSMBLR', 'Assembler', 'Light Industrial', true], ['SHIPREC', 'Shipping and Receiving Clerk', 'Light Industrial', true],
  ['ADMNAST', 'Administrative Assistant', 'Administrative', true], ['RECEPT', 'Receptionist', 'Administrative', true], ['DATAENT', 'Data Entry Clerk', 'Administrative', true],
  ['CUSTSVC', 'Customer Service Representative', 'Administrative', true], ['ACCTCLK', 'Accounts Payable Clerk', 'Accounting & Finance', true], ['BOOKKPR', 'Bookkeeper', 'Accounting & Finance', false],
  ['HELPDSK', 'Help Desk Technician', 'Information Technology', true], ['CNA', 'Certified Nursing Assistant', 'Healthcare', true], ['MEDASST', 'Medical Assistant', 'Healthcare', true],
  ['COOK', 'Line Cook', 'Hospitality', true], ['HOUSEKP', 'Housekeeper', 'Hospitality', true], ['ELECTRC', 'Electrician', 'Skilled Trades', true], ['WELDER', 'Welder', 'Skilled Trades', true],
  ['CARPNTR', 'Carpenter', 'Skilled Trades', false], ['MAINTEC', 'Maintenance Technician', 'Skilled Trades', true], ['QAINSP', 'Quality Inspector', 'Light Industrial', true],
];
const SKILLS: Record<string, string> = {
  'Light Industrial': 'Forklift certification, pallet jack, RF scanner, lifting 50 lbs, OSHA safety, inventory counts',
  Administrative: 'Microsoft Office, Excel, scheduling, phone etiquette, data entry 10-key, customer service',
  'Accounting & Finance': 'Accounts payable, invoice processing, QuickBooks, reconciliation, Excel',
  'Information Technology': 'Windows, Active Directory, ticketing systems, troubleshooting, customer support',
  Healthcare: 'CNA license, CPR, patient care, vital signs, electronic health records',
  Hospitality: 'Food safety, ServSafe, cleaning, guest service, teamwork',
  'Skilled Trades': 'Blueprint reading, hand and power tools, MIG/TIG welding, electrical troubleshooting, safety',
};

/** The first entry of a code list by name (Guid ids are random): what the demo's records take. */
async function firstEntry<C extends PgColumn>(db: Db, table: CodeListTable & { id: C }, tenantId: number): Promise<C['_']['data']> {
  const [entry] = await db.select({ id: table.id }).from(table).where(eq(table.tenantId, tenantId)).orderBy(asc(table.name)).limit(1);
  if (!entry) throw new Error(`tenant ${tenantId} has an empty code list`);
  return entry.id;
}

/** A row to insert into a table. */
type New<T extends Table> = T['$inferInsert'];

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface DemoCounts { employees: number; customers: number; jobOrders: number }

/** Job titles, customers with worksites and contacts, employees with emails and phones, job orders. */
export async function generateDemoData(db: Db, tenantId: number, counts: DemoCounts = { employees: 300, customers: 40, jobOrders: 150 }, seed = 20261122) {
  const r = random(seed);
  const branchRows = await db.select({ id: branches.id, hierId: branches.hierId }).from(branches).where(eq(branches.tenantId, tenantId)).orderBy(asc(branches.id));
  const reps = await db.select({ id: serviceReps.id, hierId: serviceReps.hierId }).from(serviceReps).where(eq(serviceReps.tenantId, tenantId)).orderBy(asc(serviceReps.id));
  const [rootRep] = reps;
  const regions = ['north', 'south'] as const;
  const branchOf = (i: number) => ({ branch: branchRows[i % branchRows.length]!, region: regions[i % 2]! });
  const repFor = (hierId: number) => (reps.find((x) => x.hierId === hierId) ?? rootRep)!.id;
  const categoryIds = new Map((await db.select().from(jobTitleCategories).where(eq(jobTitleCategories.tenantId, tenantId))).map((c) => [c.name, c.id]));
  const statuses = await db.select().from(jobOrderStatuses).where(eq(jobOrderStatuses.tenantId, tenantId)).orderBy(asc(jobOrderStatuses.id));
  const [orderType] = await db.select({ id: orderTypes.id }).from(orderTypes).where(eq(orderTypes.tenantId, tenantId)).orderBy(asc(orderTypes.id)).limit(1);
  const firstId = async (table: typeof salesTeams) => (await db.select({ id: table.id }).from(table).where(eq(table.tenantId, tenantId)).orderBy(asc(table.id)).limit(1))[0]!.id;
  const defaults = { salesTeamId: await firstId(salesTeams), jobOrderDurationId: await firstId(jobOrderDurations), workerCompCodeId: await firstId(workerCompCodes) };
  const firstDivision = await firstEntry(db, divisions, tenantId);
  const rootHier = (await db.select({ hierId: serviceReps.hierId }).from(serviceReps).where(and(eq(serviceReps.tenantId, tenantId), eq(serviceReps.id, rootRep!.id))))[0]!.hierId;

  const titles = await db.insert(jobTitles).values(TITLES.map(([code, title, category, isPublic]): New<typeof jobTitles> => ({
    tenantId, hierId: rootHier, skillCode: code, jobTitle: title, jobTitleCategoryId: categoryIds.get(category)!, isPublic, isActive: true, divisionIdent: firstDivision, eEOClass: 'SVC',
  }))).returning({ id: jobTitles.id, title: jobTitles.jobTitle, category: jobTitles.jobTitleCategoryId });

  const customerRows: { id: number; hierId: number; region: 'north' | 'south'; branchId: number; worksiteId: number }[] = [];
  for (let i = 0; i < counts.customers; i++) {
    const { branch, region } = branchOf(i);
    const [city, state, zip, lat, lon] = r.pick(CITIES[region]);
    const name = `${r.pick(COMPANY_A)} ${r.pick(COMPANY_B)}`;
    const [customer] = await db.insert(customers).values({
      tenantId, hierId: branch.hierId, customerName: name.slice(0, 50), departmentName: r.pick(['Main', 'Warehouse', 'Production', 'Office', 'Second Shift']),
      branchId: branch.id, creditLimit: r.int(10, 200) * 1000, isMonthlyBill: r.next() < 0.3, dateActivated: new Date(Date.UTC(2020 + r.int(0, 5), r.int(0, 11), r.int(1, 28))),
      municipality: city, region: state, postalCode: zip, street1: `${r.int(100, 9999)} ${r.pick(['Industrial', 'Commerce', 'Main', 'Lake', 'Oak', 'Airport'])} ${r.pick(['Blvd', 'Dr', 'St', 'Pkwy'])}`,
    }).returning({ id: customers.id });
    const [site] = await db.insert(worksites).values({
      tenantId, customerId: customer!.id, name: `${name} - ${city}`, municipality: city, region: state, postalCode: zip,
      latitude: lat + (r.next() - 0.5) * 0.05, longitude: lon + (r.next() - 0.5) * 0.05,
    }).returning({ id: worksites.id });
    customerRows.push({ id: customer!.id, hierId: branch.hierId, region, branchId: branch.id, worksiteId: site!.id });
    await db.insert(contacts).values(Array.from({ length: r.int(1, 3) }, (): New<typeof contacts> => ({
      tenantId, hierId: branch.hierId, firstName: r.pick(FIRST), lastName: r.pick(LAST), title: r.pick(['HR Manager', 'Plant Manager', 'Supervisor', 'Office Manager', 'Buyer']),
      customerId: customer!.id, branchId: branch.id, note: '',
    })));
  }

  const employeeRows = Array.from({ length: counts.employees }, (_, i): New<typeof employees> & { firstName: string; lastName: string } => {
    const { branch, region } = branchOf(i);
    const [city, state, zip] = r.pick(CITIES[region]);
    return {
      tenantId, hierId: branch.hierId, firstName: r.pick(FIRST), lastName: r.pick(LAST), branchId: branch.id, serviceRepId: repFor(branch.hierId),
      washedStatusId: r.int(1, 2), maritalTaxStatusId: 1, isActive: r.next() < 0.85, region: state, municipality: city, postalCode: zip, countryCode: 840,
      street1: `${r.int(100, 9999)} ${r.pick(['Maple', 'Elm', 'Cedar', 'Pine', 'Washington', 'Lincoln'])} ${r.pick(['Ave', 'St', 'Ln', 'Ct'])}`,
      jobTitle: r.pick(TITLES)[1], numericRating: r.int(0, 5), employeeStatusId: r.pick(['A', 'A', 'A', 'N', 'I']),
    };
  });
  const ids: number[] = [];
  await inBatches(employeeRows, 2000, async (batch) => {
    const rows = await db.insert(employees).values(batch).returning({ id: employees.id });
    ids.push(...rows.map((x) => x.id));
  });
  const methods = ids.flatMap((id, i): New<typeof contactMethods>[] => [
    { tenantId, ownerType: 'employee' as const, ownerId: id, contactMethodTypeId: CONTACT_METHOD_TYPES.email, contactMethod: `${employeeRows[i]!.firstName}.${employeeRows[i]!.lastName}${id}@mail.example`.toLowerCase(), isActive: true, areaCode: 0, providerId: -1, isPinned: false },
    { tenantId, ownerType: 'employee' as const, ownerId: id, contactMethodTypeId: CONTACT_METHOD_TYPES.cellPhone, contactMethod: `${r.int(200, 989)}-555-${String(r.int(0, 9999)).padStart(4, '0')}`, isActive: true, areaCode: 0, providerId: -1, countryCallingCode: 1, isPinned: false },
  ]);
  await inBatches(methods, 4000, (batch) => db.insert(contactMethods).values(batch));
  for (const [column, type] of [['primary_email_address_contact_method_id', CONTACT_METHOD_TYPES.email], ['primary_phone_number_contact_method_id', CONTACT_METHOD_TYPES.cellPhone]] as const) {
    await db.execute(sql`update employees e set ${sql.raw(column)} = m.id from contact_methods m
      where e.tenant_id = ${tenantId} and m.tenant_id = e.tenant_id and m.owner_type = 'employee' and m.owner_id = e.id and m.contact_method_type_id = ${type}`);
  }

  const orders = Array.from({ length: counts.jobOrders }, (): New<typeof jobOrders> => {
    const customer = r.pick(customerRows);
    const title = r.pick(titles);
    const status = r.next() < 0.7 ? r.pick(statuses.filter((s) => s.isJobBoardEligible)) : r.pick(statuses.filter((s) => !s.isJobBoardEligible));
    const pay = r.int(15, 32) + r.pick([0, 0.25, 0.5, 0.75]);
    const category = [...categoryIds].find(([, id]) => id === title.category)?.[0] ?? 'Light Industrial';
    return {
      tenantId, hierId: customer.hierId, customerId: customer.id, jobTitleId: title.id, worksiteId: customer.worksiteId, branchId: customer.branchId,
      jobOrderTypeId: orderType!.id, jobOrderStatusId: status.id, serviceRepId: repFor(customer.hierId), positionsRequired: r.int(1, 12),
      jobDescription: `${title.title} needed for a ${r.pick(['fast-paced', 'growing', 'family-owned', 'award-winning'])} ${category.toLowerCase()} employer. Skills: ${SKILLS[category]}.`,
      publicJobTitle: title.title, publicJobDescription: `We are hiring ${title.title.toLowerCase()}s. ${SKILLS[category]}.`,
      skills: SKILLS[category]!.split(', '), publicJobDescriptionContentType: 'text/plain', startTime: r.pick(['06:00', '07:00', '08:00', '15:00']), endTime: r.pick(['14:30', '15:30', '17:00', '23:30']),
      payRate: pay, billRate: Math.round(pay * 1.45 * 100) / 100, payFrequency: 'Weekly', showPayRate: r.next() < 0.6,
      dateOrderTaken: new Date(Date.UTC(2026, r.int(0, 10), r.int(1, 28))), isActive: status.isJobBoardEligible,
      ...defaults,
    };
  });
  const orderRows: { id: number; customerId: number; jobTitleId: number; branchId: number; hierId: number; worksiteId: number }[] = [];
  await inBatches(orders, 2000, async (batch) => {
    orderRows.push(...await db.insert(jobOrders).values(batch).returning({
      id: jobOrders.id, customerId: jobOrders.customerId, jobTitleId: jobOrders.jobTitleId, branchId: jobOrders.branchId, hierId: jobOrders.hierId, worksiteId: jobOrders.worksiteId,
    }));
  });
  if (orderRows.length > 0 && ids.length > 0) await generatePlacements(db, tenantId, r, orderRows, ids, defaults, rootHier, rootRep!.id, customerRows);
  await db.execute(sql`analyze`);
  return { employeeIds: ids, customers: customerRows.length, jobOrders: orders.length };
}

/** Assignments with a timecard each, contracts, prospects, rate sheets and vendors. */
async function generatePlacements(
  db: Db, tenantId: number, r: ReturnType<typeof random>,
  orders: { id: number; customerId: number; jobTitleId: number; branchId: number; hierId: number; worksiteId: number }[],
  employeeIds: number[], defaults: { salesTeamId: number; workerCompCodeId: number }, rootHier: number, rootRepId: number,
  customerRows: { id: number; hierId: number }[],
) {
  const firstId = async (table: typeof payCodes | typeof assignmentStatuses) => (await db.select({ id: table.id }).from(table).where(eq(table.tenantId, tenantId)).orderBy(asc(table.id)).limit(1))[0]!.id;
  const [activeStatus, regularPay, draftContract] = [await firstId(assignmentStatuses), await firstId(payCodes), await firstId(contractStatuses)];
  const placed = orders.slice(0, Math.min(60, orders.length)).map((o): New<typeof assignments> => ({
    tenantId, hierId: o.hierId, employeeId: r.pick(employeeIds), jobOrderId: o.id, customerId: o.customerId, jobTitleId: o.jobTitleId, branchId: o.branchId,
    assignmentStatusId: activeStatus, startDate: new Date(Date.UTC(2026, r.int(0, 9), r.int(1, 28))), startTime: '07:00', endTime: '15:30',
    isScheduledForMonday: true, isScheduledForTuesday: true, isScheduledForWednesday: true, isScheduledForThursday: true, isScheduledForFriday: true, ...defaults,
  }));
  const made = await db.insert(assignments).values(placed).returning({ id: assignments.id });
  await db.insert(timecards).values(made.map((a, i): New<typeof timecards> => {
    const o = orders[i]!;
    const hours = r.int(24, 45);
    return {
      tenantId, hierId: o.hierId, assignmentId: a.id, jobOrderId: o.id, employeeId: placed[i]!.employeeId, branchId: o.branchId, worksiteId: o.worksiteId, payCodeId: regularPay,
      weekendDate: new Date(Date.UTC(2026, 10, 15)), regularHours: Math.min(hours, 40), overtimeHours: Math.max(hours - 40, 0), payRate: 18.5, billRate: 26.83, numberOfDaysWorked: 5,
    };
  }));
  await db.insert(contracts).values(customerRows.slice(0, 15).map((c, i): New<typeof contracts> => ({
    tenantId, hierId: c.hierId, customerId: c.id, name: `Master Services Agreement ${2026 - (i % 3)}`, contractStatusId: draftContract, ownedByServiceRepId: rootRepId,
    startDate: new Date(Date.UTC(2024 + (i % 3), 0, 1)), contractLength: 12, notes: '',
  })));
  const prospectStatus = (await db.select({ id: prospectStatuses.id }).from(prospectStatuses).where(eq(prospectStatuses.tenantId, tenantId)).orderBy(asc(prospectStatuses.id)).limit(1))[0]!.id;
  await db.insert(prospects).values(Array.from({ length: 20 }, (): New<typeof prospects> => ({
    tenantId, hierId: rootHier, name: `${r.pick(COMPANY_A)} ${r.pick(COMPANY_B)}`, department: 'Operations', phoneNumber: `612-555-${String(r.int(0, 9999)).padStart(4, '0')}`,
    phoneNumberCountryCallingCode: 1, emailAddress: `info@${r.pick(COMPANY_A).toLowerCase().replace(/\W/g, '')}.example`, source: r.pick(['Trade Show', 'Referral', 'Cold Call', 'Website']),
    prospectStatusId: prospectStatus, notes: '',
  })));
  await db.insert(rateSheets).values(orders.slice(0, 10).map((o): New<typeof rateSheets> => ({
    tenantId, hierId: o.hierId, name: 'Standard rates', customerId: o.customerId, jobTitleId: o.jobTitleId, branchId: o.branchId, isActive: true,
  })));
  const vendorSetup = {
    companyTypeId: await firstEntry(db, companyTypes, tenantId), employerId: await firstEntry(db, employers, tenantId), paymentTypeId: await firstEntry(db, paymentTypes, tenantId),
  };
  await db.insert(vendors).values(['Metro Background Checks', 'SafeStep Drug Testing', 'Northland Uniforms', 'TexPay Payroll Services', 'Lone Star Transport'].map((name, i): New<typeof vendors> => ({
    tenantId, hierId: rootHier, companyName: name, ...vendorSetup, isVendor: true, isActive: true,
    corporateMunicipality: i < 3 ? 'Minneapolis' : 'Austin', corporateRegion: i < 3 ? 'MN' : 'TX', corporateCountryCode: 840, contactName: `${r.pick(FIRST)} ${r.pick(LAST)}`,
  })));
  // Last, and without the random sequence, so every record above keeps its id and values.
  await db.insert(purchaseOrders).values(customerRows.slice(0, 5).flatMap((c, i) => [
    { tenantId, customerId: c.id, name: `PO-${4501 + 2 * i}` }, { tenantId, customerId: c.id, name: `PO-${4502 + 2 * i}` },
  ]));
}
