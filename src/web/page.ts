// Rendering a page: the template inside the frame (layout.eta), with the words of the page's
// language, the form token (CSRF) and the language switch's links.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/csrf-protection';
import { MESSAGES, type Locale, type Messages } from '../platform/messages/index.ts';
import { renderTemplate } from './views.ts';
import { withLang } from './locale.ts';

export interface PageFrame {
  locale: Locale;
  title: string;
  /** Extra `<head>` content already rendered and escaped (canonical link, JSON-LD). */
  head?: string;
  /** Links of the language switch (default: this address with `?lang=`); null hides the switch. */
  languageLinks?: Partial<Record<Locale, string>> | null;
  /** The frame's navigation (admin pages): already escaped HTML. */
  nav?: string;
  /** `noindex` for pages search engines should not list. */
  noindex?: boolean;
}

export interface PageData { t: Messages; locale: Locale; csrf: string; [key: string]: unknown }

/** Renders `template` with `data` (plus `t`, `locale`, `csrf`) in the frame and sends it. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, template: string, frame: PageFrame, data: Record<string, unknown> = {}, status = 200) {
  const t = MESSAGES[frame.locale];
  const csrf = reply.generateCsrf();
  const body = renderTemplate(template, { ...data, t, locale: frame.locale, csrf });
  const languageLinks = frame.languageLinks === null ? null : {
    en: frame.languageLinks?.en ?? withLang(request.url, 'en'),
    es: frame.languageLinks?.es ?? withLang(request.url, 'es'),
  };
  const html = renderTemplate('layout', { t, locale: frame.locale, title: frame.title, head: frame.head ?? '', languageLinks, nav: frame.nav ?? '', noindex: frame.noindex ?? false, body });
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}
