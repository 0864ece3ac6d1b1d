// The pages' templates (Eta; every `<%= %>` is HTML-escaped). Templates live beside the routes that
// render them (`jobboard/views/search.eta`) and are named from this folder: `jobboard/views/search`.
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

const eta = new Eta({ views: fileURLToPath(new URL('.', import.meta.url)), cache: true, autoEscape: true, autoTrim: false });

export function renderTemplate(name: string, data: Record<string, unknown>): string {
  return eta.render(`./${name}`, data);
}

/** JSON for a `<script type="application/ld+json">` block: `<` escaped so no text can end the block. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
