// Okapi BM25 (k1 1.2, b 0.75, the Lucene idf log(1 + (N - df + 0.5) / (df + 0.5))): the baseline the
// service's matching is measured against (decision 0055). Words are lower-cased, accents removed,
// split on anything not a letter or digit; stop words and one-letter words dropped; no stemming.

const STOP = new Set(('a an and are as at be by for from has have in is it its of on or our the to we will with you your must ' +
  'de la el en y los las del con por para un una').split(' '));

export function words(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1 && !STOP.has(w));
}

export interface Bm25Options { k1?: number; b?: number }

/** An index of documents by key; score() ranks them for a query. */
export class Bm25<K> {
  private readonly docs: { key: K; terms: Map<string, number>; length: number }[] = [];
  private readonly df = new Map<string, number>();
  private readonly k1: number;
  private readonly b: number;

  constructor(documents: Iterable<[K, string]>, options: Bm25Options = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    for (const [key, text] of documents) {
      const terms = new Map<string, number>();
      const all = words(text);
      for (const w of all) terms.set(w, (terms.get(w) ?? 0) + 1);
      for (const w of terms.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
      this.docs.push({ key, terms, length: all.length });
    }
  }

  idf(term: string): number {
    const n = this.docs.length, df = this.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Every document's score for the query (each distinct query word counted once). */
  score(query: string): Map<K, number> {
    const terms = [...new Set(words(query))];
    const average = this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, this.docs.length);
    const scores = new Map<K, number>();
    for (const doc of this.docs) {
      let s = 0;
      for (const t of terms) {
        const tf = doc.terms.get(t);
        if (!tf) continue;
        s += this.idf(t) * (tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + this.b * doc.length / average));
      }
      scores.set(doc.key, s);
    }
    return scores;
  }
}
