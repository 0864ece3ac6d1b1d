// The set holds what issue 30 item 4 asks of it, and its files agree with each other: a grade names
// an order and a resume that exist, each with a rationale; every ZIP is one the gazetteer places.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usPostalCodes } from '../../src/resources/gazetteer/gazetteer.load.ts';
import { readGrades, readOrders, readResumes } from './set.ts';

const here = new URL('.', import.meta.url).pathname;
const orders = readOrders(), resumes = readResumes(), grades = readGrades();

describe('the matching evaluation set', () => {
  it('has at least 30 orders in at least 6 families and 300 resumes, some DOCX, PDF and Spanish', () => {
    expect(orders.length).toBeGreaterThanOrEqual(30);
    expect(new Set(orders.map((o) => o.family)).size).toBeGreaterThanOrEqual(6);
    expect(resumes.length).toBeGreaterThanOrEqual(300);
    for (const kind of ['docx', 'pdf'] as const) expect(resumes.filter((r) => r.format === kind).length).toBeGreaterThan(10);
    expect(resumes.filter((r) => r.language === 'es').length).toBeGreaterThan(10);
    for (const kind of ['keyword-stuffed', 'wrong-seniority', 'expired-licence', 'far-away', 'missing-licence']) {
      expect(resumes.filter((r) => r.hardNegative === kind).length, kind).toBeGreaterThan(0);
    }
  });

  it('grades only orders and resumes that exist, each row with a rationale, every order with someone to call', () => {
    const orderIds = new Set(orders.map((o) => o.id)), resumeIds = new Set(resumes.map((r) => r.id));
    const [, ...rows] = readFileSync(join(here, 'grades.tsv'), 'utf8').trimEnd().split('\n');
    for (const row of rows) {
      const [order, resume, , why] = row.split('\t');
      expect(orderIds.has(order!) && resumeIds.has(resume!) && (why ?? '').length > 5, row).toBe(true);
    }
    for (const order of orders) expect([...(grades.get(order.id)?.values() ?? [])].filter((g) => g >= 2).length, order.id).toBeGreaterThan(0);
  });

  it('has every resume file, and places every worksite and every home ZIP written in the resumes', () => {
    const zips = new Set(usPostalCodes().map((p) => p.postalCode));
    for (const order of orders) expect(zips.has(order.worksite.postalCode), order.id).toBe(true);
    for (const resume of resumes) {
      const file = join(here, 'resumes', resume.file);
      expect(existsSync(file), resume.file).toBe(true);
      const zip = /\b[A-Z]{2} (\d{5})\b/.exec(readFileSync(file, 'utf8'))?.[1];
      expect(zip !== undefined && zips.has(zip), resume.file).toBe(true);
    }
  });
});
