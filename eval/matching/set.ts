// The matching evaluation set as files: the orders (orders.json), the resumes (resumes.json and
// resumes/*.txt) and the grades (grades.tsv), read for the generator and the runner.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Family } from './occupations.ts';

const here = new URL('.', import.meta.url).pathname;

export interface EvalOrder {
  id: string;
  family: Family;
  title: string;
  customer: string;
  worksite: { name: string; street1: string; municipality: string; region: string; postalCode: string };
  description: string;
  requiredSkills: string[];
  preferredSkills: string[];
  /** Certification keys; "a|b" is either. */
  requiredCertifications: string[];
  preferredCertifications: string[];
  payRate: number;
  shift: { label: string; start: string; end: string };
  startDate: string;
  endDate: string | null;
  orderType: string;
  /** The farthest a worker may live from the worksite, if the order says (else 50 miles: decision 0055). */
  maxMiles?: number;
  /** The recruiter's reading of the order, for the grading rubric only (generate.ts). */
  grading: { accept: Record<string, number>; minYears?: number; requiresSpanish?: boolean };
}

export interface EvalResume {
  id: string;
  file: string;
  format: 'txt' | 'docx' | 'pdf';
  language: 'en' | 'es';
  layout: string;
  hardNegative?: string;
  /** Added 2026-11-27 to an order's local pool (README.md, "Changes to the set"): the kind. */
  addition?: string;
  added?: string;
  aimedAt?: string[];
}

/** Each family's neighbours: whose people are graded for its orders too. */
export const FAMILY_NEIGHBOURS: Record<Family, Family[]> = {
  warehouse: ['driver', 'trades'],
  healthcare: ['hospitality', 'clerical'],
  clerical: ['callcenter', 'accounting'],
  callcenter: ['clerical', 'hospitality'],
  driver: ['warehouse'],
  trades: ['warehouse'],
  hospitality: ['warehouse', 'healthcare'],
  accounting: ['clerical'],
};

/** The default search radius when an order states none (decision 0055). */
export const DEFAULT_MAX_MILES = 50;

export function readOrders(): EvalOrder[] {
  const orders: EvalOrder[] = JSON.parse(readFileSync(join(here, 'orders.json'), 'utf8'));
  return orders;
}

export function readResumes(): EvalResume[] {
  const resumes: EvalResume[] = JSON.parse(readFileSync(join(here, 'resumes.json'), 'utf8'));
  return resumes;
}

export function resumeText(resume: EvalResume): string {
  return readFileSync(join(here, 'resumes', resume.file), 'utf8');
}

/** Grades by order, then resume id; a pair not listed is a 0 (README.md). */
export function readGrades(): Map<string, Map<string, number>> {
  const grades = new Map<string, Map<string, number>>();
  const [, ...rows] = readFileSync(join(here, 'grades.tsv'), 'utf8').trimEnd().split('\n');
  for (const row of rows) {
    const [order, resume, grade] = row.split('\t');
    if (!order || !resume || !/^[0-3]$/.test(grade ?? '')) throw new Error(`grades.tsv: bad row ${row}`);
    if (!grades.has(order)) grades.set(order, new Map());
    grades.get(order)!.set(resume, Number(grade));
  }
  return grades;
}

export interface LatLon { latitude: number; longitude: number }

/** Great-circle miles (haversine on a 3,958.8-mile sphere). */
export function milesBetween(a: LatLon, b: LatLon): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
