// Server-rendered pages (Eta templates in login/views, HTML-escaped by default).
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

export interface Views { render(name: string, data: Record<string, unknown>): string }

export function loginViews(): Views {
  const eta = new Eta({ views: fileURLToPath(new URL('./views', import.meta.url)), cache: true, autoEscape: true });
  return { render: (name, data) => eta.render(`./${name}`, data) };
}
