// Inputs drawn as traffic draws them, reproducibly: a seeded generator (the same requests every
// run, so runs compare), uniform picks and Zipf-like picks (a few inputs often, most rarely).

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [lo, hi]. */
export function between(random: () => number, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** A copy of `list` in a random order (Fisher-Yates). */
export function shuffled<T>(random: () => number, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * Draws from `list` with the chance of the k-th item (from 1) proportional to 1/k^s, as search terms
 * are: with s = 1 and 5,600 items the first is drawn ~11 % of the time, the first ten ~32 %, and half
 * the draws fall on the first ~55.
 */
export function zipf<T>(random: () => number, list: readonly T[], s = 1): () => T {
  if (list.length === 0) throw new Error('zipf over an empty list');
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= list.length; k++) cumulative.push(total += 1 / k ** s);
  return () => {
    const u = random() * total;
    let lo = 0, hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return list[lo]!;
  };
}
