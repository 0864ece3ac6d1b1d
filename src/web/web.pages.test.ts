// The frame every page shares: security headers, the stylesheet, error pages in HTML and in the
// visitor's language, the language switch, the form token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../../test/helpers.ts';
import { mountPath } from './web.pages.ts';
import { MESSAGES, LOCALES } from '../platform/messages/index.ts';

let t: TestContext;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

describe('the pages\' frame', () => {
  it('answers pages as HTML with a strict Content-Security-Policy and no framing', async () => {
    const res = await t.app.inject({ url: '/jobboard/' });
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the stylesheet with a validator, and 304 when it has not changed', async () => {
    const res = await t.app.inject({ url: '/assets/site.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    const again = await t.app.inject({ url: '/assets/site.css', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ url: '/assets/..%2Fweb.pages.ts' })).statusCode).toBe(404);
  });

  it('answers an unknown page address with a 404 page in the visitor\'s language, not problem+json', async () => {
    const en = await t.app.inject({ url: '/jobboard/acme/no/such/page' });
    expect(en.statusCode).toBe(404);
    expect(en.headers['content-type']).toMatch(/^text\/html/);
    expect(en.body).toContain(MESSAGES.en.common.notFoundTitle);
    const es = await t.app.inject({ url: '/admin/nothing-here', headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(es.statusCode).toBe(404);
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain(MESSAGES.es.common.notFoundTitle);
  });

  it('switches language with ?lang= and remembers it in a cookie', async () => {
    const res = await t.app.inject({ url: '/admin/?lang=es' });
    expect(res.body).toContain('<html lang="es">');
    const cookie = res.cookies.find((c) => c.name === 'staffing-lang');
    expect(cookie?.value).toBe('es');
    const next = await t.app.inject({ url: '/admin/', cookies: { 'staffing-lang': 'es' } });
    expect(next.body).toContain('<html lang="es">');
  });

  it('mounts an area at the path of its configured address, or its default for a bare host', () => {
    expect(mountPath('http://127.0.0.1:8080/jobboard', '/jobboard')).toBe('/jobboard');
    expect(mountPath('https://jobs.example/', '/jobboard')).toBe('/jobboard');
    expect(mountPath('https://example.com/careers/', '/jobboard')).toBe('/careers');
  });
});

describe('the message catalogue', () => {
  it('has a non-empty text for every key in both languages', () => {
    for (const locale of LOCALES) {
      for (const [area, words] of Object.entries(MESSAGES[locale])) {
        for (const [key, text] of Object.entries(words)) expect(text.trim(), `${locale}.${area}.${key}`).not.toBe('');
      }
    }
  });
});
