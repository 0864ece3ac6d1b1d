// How a new resume meets a profile that may have been edited by hand (decision 0057): what came from
// the previous resume and was left alone is refreshed; what a person added, changed or removed stays
// as they left it. The row keeps the previous resume's profile (`resume_profile`) to tell them apart.
import type { EmployeeProfile } from '../matching/employee-profile.schema.ts';
import { EMPTY_PROFILE } from '../matching/employee-profile.schema.ts';

/** JSON with object keys sorted: jsonb reorders keys, so two equal entries may arrive spelled differently. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type ListSection = 'skills' | 'certifications' | 'languages' | 'workHistory' | 'education';
const KEYED: readonly ListSection[] = ['skills', 'certifications', 'languages'];
const LISTS: readonly ListSection[] = [...KEYED, 'workHistory', 'education'];

/**
 * One list: the fresh resume's entries, except those a person removed from the previous resume's
 * (still in it, unchanged); then every entry a person added or changed (not in the previous resume
 * as it is). In a list of vocabulary ids, a person's entry replaces the resume's of the same id.
 */
function mergeList<T>(current: readonly T[], previous: readonly T[], fresh: readonly T[], keyOf: (item: T) => string): T[] {
  const previousSpelled = new Set(previous.map(canonical));
  const currentSpelled = new Set(current.map(canonical));
  const byHand = current.filter((item) => !previousSpelled.has(canonical(item)));
  const removedByHand = new Set(previous.filter((item) => !currentSpelled.has(canonical(item))).map(canonical));
  const handKeys = new Map(byHand.map((item) => [keyOf(item), item]));
  const out: T[] = [];
  const placed = new Set<string>();
  for (const item of fresh) {
    const key = keyOf(item);
    if (placed.has(key)) continue;
    const hand = handKeys.get(key);
    if (hand) out.push(hand);
    else if (removedByHand.has(canonical(item))) continue;
    else out.push(item);
    placed.add(key);
  }
  for (const item of byHand) if (!placed.has(keyOf(item))) { out.push(item); placed.add(keyOf(item)); }
  return out;
}

/** A single value (desired pay, distance): the fresh one unless a person changed the previous resume's. */
const mergeValue = <T>(current: T, previous: T, fresh: T): T => (canonical(current) === canonical(previous) || current === null ? fresh : current);

/**
 * The profile after a new resume (`fresh`, as parsed) is attached to an employee whose profile is
 * `current` (undefined: none yet) and whose previous resume gave `previous` (null: none, so every
 * entry of `current` was stated by a person).
 */
export function mergeResume(current: EmployeeProfile | undefined, previous: EmployeeProfile | null, fresh: EmployeeProfile): EmployeeProfile {
  if (!current) return fresh;
  const before = previous ?? EMPTY_PROFILE;
  const merged: EmployeeProfile = { ...fresh };
  for (const section of LISTS) {
    const keyOf = KEYED.includes(section) ? (item: unknown) => canonical(idOf(item)) : canonical;
    // Each section holds its own entry type; the merge only compares their spellings and ids.
    const list: unknown[] = mergeList<unknown>(current[section], before[section], fresh[section], keyOf);
    Object.assign(merged, { [section]: list });
  }
  merged.desiredPay = mergeValue(current.desiredPay, before.desiredPay, fresh.desiredPay);
  merged.maxDistanceMiles = mergeValue(current.maxDistanceMiles, before.maxDistanceMiles, fresh.maxDistanceMiles);
  return merged;
}

const idOf = (item: unknown): unknown => (item && typeof item === 'object' && 'id' in item ? item.id : item);
