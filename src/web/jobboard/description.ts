// A job description as page HTML. Descriptions typed `text/html` come from recruiters and integrations,
// so their markup is never passed through: the HTML here is rebuilt from scratch, keeping the text
// (escaped) and only paragraphs, line breaks, lists and emphasis, without a single attribute.
// Scripts, styles, comments and every other tag are dropped; headings become bold paragraphs (the
// page's own headings keep their order).

const KEPT = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'em']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', div: 'p', h1: 'p', h2: 'p', h3: 'p', h4: 'p', h5: 'p', h6: 'p' };
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements whose content is not text for a reader. */
const DROPPED_WITH_CONTENT = /<(script|style|template|noscript|iframe|object|svg|math|head|title|textarea|select)\b[\s\S]*?(<\/\1\s*>|$)/gi;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6}|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x') || /^#\d/.test(lower)) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[lower] ?? whole;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Plain text of an HTML description (search result snippets). */
export function htmlToText(html: string): string {
  const withoutHidden = html.replace(/<!--[\s\S]*?(-->|$)/g, ' ').replace(DROPPED_WITH_CONTENT, ' ');
  return decodeEntities(withoutHidden.replace(/<\/?[a-z][^>]*>?/gi, ' ')).replace(/\s+/g, ' ').trim();
}

/** The description's text, shortened at a word to about `max` characters. */
export function snippet(description: string | null, contentType: string, max = 240): string {
  const text = contentType.startsWith('text/html') ? htmlToText(description ?? '') : (description ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** Safe HTML of an HTML description: the kept elements only, balanced, no attributes. */
export function sanitizeDescription(html: string): string {
  const source = html.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(DROPPED_WITH_CONTENT, '');
  const out: string[] = [];
  const open: string[] = [];
  const close = (tag: string) => {
    const at = open.lastIndexOf(tag);
    if (at < 0) return;
    while (open.length > at) out.push(`</${open.pop()}>`);
  };
  const token = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>|([^<]+)|(<)/gi;
  for (let m = token.exec(source); m; m = token.exec(source)) {
    const [, slash, rawName, text, lone] = m;
    if (text !== undefined || lone !== undefined) {
      const escaped = escapeHtml(decodeEntities(text ?? lone ?? ''));
      const inList = open.at(-1) === 'ul' || open.at(-1) === 'ol';
      // Text straight inside a list becomes an item of it (a list holds items only).
      out.push(inList && escaped.trim() ? `<li>${escaped}</li>` : escaped);
      continue;
    }
    const name = (rawName ?? '').toLowerCase();
    const tag = RENAMED[name] ?? name;
    if (!KEPT.has(tag)) continue;
    if (tag === 'br') { out.push('<br>'); continue; }
    if (slash) { close(tag); continue; }
    // A paragraph does not nest: a new one (or a list) ends the one open, as browsers read it.
    if ((tag === 'p' || tag === 'ul' || tag === 'ol') && open.includes('p')) close('p');
    // An item outside a list would be an orphan <li> (invalid, and axe's "listitem"): a paragraph instead.
    const kept = tag === 'li' && !open.some((o) => o === 'ul' || o === 'ol') ? 'p' : tag;
    if (kept === 'li') { const list = Math.max(open.lastIndexOf('ul'), open.lastIndexOf('ol')); if (open.lastIndexOf('li') > list) close('li'); }
    out.push(`<${kept}>`);
    open.push(kept);
    if (HEADINGS.has(name)) { out.push('<strong>'); open.push('strong'); }
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
