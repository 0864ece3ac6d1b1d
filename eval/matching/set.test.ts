// The set holds what issue 30 item 4 asks of it, and its files agree with each other: a grade names
// an order and a resume that exist, each with a rationale; every ZIP is one the gazetteer places.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usPostalCodes } from '../../src/resources/gazetteer/gazetteer.load.ts';
import { words } from '../bm25.ts';
import { DEFAULT_MAX_MILES, milesBetween, readGrades, readOrders, readResumes, resumeText } from './set.ts';

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

  // Added 2026-11-27 (README.md, "Changes to the set"): each order's local pool made dense with the
  // people a recruiter tells apart and word overlap does not.
  describe('the dense local pools', () => {
    const places = new Map(usPostalCodes().map((p) => [p.postalCode, p]));
    const added = (orderId: string, kind: string) => resumes.filter((r) => r.addition === kind && r.aimedAt?.includes(orderId));
    const gradeOf = (orderId: string, resumeId: string) => grades.get(orderId)?.get(resumeId);
    const titleShare = (orderId: string, kind: string) => {
      const title = new Set(words(orders.find((o) => o.id === orderId)!.title));
      const shares = added(orderId, kind).map((r) => { const text = new Set(words(resumeText(r))); return [...title].filter((w) => text.has(w)).length / title.size; });
      return shares.reduce((a, b) => a + b, 0) / shares.length;
    };

    it('gives every order strong fits in other words, near misses and look-alikes, all within its radius', () => {
      for (const order of orders) {
        for (const kind of ['other-words', 'years-ago', 'shift', 'pay', 'adjacent', 'echo', 'keyword-stuffed']) expect(added(order.id, kind).length, `${order.id} ${kind}`).toBeGreaterThan(0);
        const site = places.get(order.worksite.postalCode)!;
        for (const r of resumes.filter((x) => x.added && x.aimedAt?.includes(order.id))) {
          const zip = /\b[A-Z]{2} (\d{5})\b/.exec(resumeText(r))![1]!;
          expect(milesBetween(site, places.get(zip)!), `${order.id} ${r.file}`).toBeLessThanOrEqual(order.maxMiles ?? DEFAULT_MAX_MILES);
        }
      }
    });

    it('grades the person, not the words: other words still a 3, look-alikes at most 1, the near misses below 3', () => {
      for (const order of orders) {
        for (const r of added(order.id, 'other-words')) expect(gradeOf(order.id, r.id), `${order.id} ${r.file}`).toBe(3);
        for (const kind of ['echo', 'keyword-stuffed', 'shift', 'pay']) for (const r of added(order.id, kind)) expect(gradeOf(order.id, r.id), `${order.id} ${kind} ${r.file}`).toBeLessThanOrEqual(1);
        for (const kind of ['years-ago', 'short-experience', 'licence']) for (const r of added(order.id, kind)) expect(gradeOf(order.id, r.id), `${order.id} ${kind} ${r.file}`).toBeLessThan(3);
      }
    });

    it('words the strong fits unlike the order and the look-alikes like it (the title\'s words)', () => {
      for (const order of orders) expect(titleShare(order.id, 'other-words'), order.id).toBeLessThanOrEqual(titleShare(order.id, 'echo'));
      const mean = (kind: string) => orders.reduce((sum, o) => sum + titleShare(o.id, kind), 0) / orders.length;
      expect(mean('other-words')).toBeLessThan(0.35);
      expect(mean('echo')).toBeGreaterThan(0.9);
    });
  });
});
