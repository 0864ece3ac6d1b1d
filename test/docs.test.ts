// Every link of README.md and docs/**/*.md works on a clone: a relative link names a file or folder
// of the project (never one beside it, such as ../shared, which a clone does not have), and an
// #anchor names a heading (or an explicit id) of the page it points to, as GitHub makes them. And an
// error shown in an example is one the service writes (src/platform/http/problem.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, problemType, titleOf, type ErrorCode } from '../src/platform/http/errors.ts';
import { ProblemSchema } from '../src/platform/http/problem.ts';

const ROOT = resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const PAGES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

/** A fenced code block; its content is the second group. */
const FENCED = /^(```|~~~)[^\n]*\n([\s\S]*?)^\1[^\n]*$/gm;

/** The text outside fenced code blocks and code spans: what is shown there is an example, not a link. */
function prose(text: string): string {
  return text.replace(FENCED, '').replace(/(`+)[\s\S]*?\1/g, '');
}

/** The targets of the page's links: inline `[text](target)`, reference definitions `[id]: target`, HTML href/src. */
function linkTargets(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  const html = [...body.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
  return [...inline, ...references, ...html];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2, ... */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = text.replace(FENCED, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = plain.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  for (const [, id] of withoutFences.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/**
 * The problems an example shows: each JSON object, in a code block or span, with an error `status`
 * (400 and above) and a `title` or a `code`. Objects are found by their braces (one level of nesting).
 */
function problemExamples(text: string): string[] {
  const blocks = [...text.matchAll(FENCED)].map((m) => m[2]!);
  const spans = [...text.replace(FENCED, '').matchAll(/(`+)([\s\S]*?)\1/g)].map((m) => m[2]!);
  return [...blocks, ...spans].flatMap((code) => [...code.matchAll(/\{(?:[^{}]|\{[^{}]*\})*\}/g)].map((m) => m[0]))
    .filter((o) => /"status"\s*:\s*[45]\d\d\b/.test(o) && /"(title|code)"\s*:/.test(o));
}

/** What is wrong with one link of `page`; undefined when it works on a clone. */
function problem(page: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined; // another site: not checked here
  const [path = '', anchor] = target.split('#') as [string, string | undefined];
  const file = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
  const inProject = relative(ROOT, file);
  if (inProject.startsWith('..')) return `${target} leaves the project (${inProject}): a clone does not have it`;
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor === undefined || anchor === '' || !file.endsWith('.md') || statSync(file).isDirectory()) return undefined;
  return anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()) ? undefined : `${target}: no heading #${anchor} there`;
}

describe('the documentation works on a clone', () => {
  it('finds the links and anchors it checks (the checker itself)', () => {
    expect(linkTargets('see [a](docs/a.md#x) and `[b](not/a/link.md)`\n\n```\n[c](fenced.md)\n```\n[d]: ./d.md\n<a href="e.md">e</a>'))
      .toEqual(['docs/a.md#x', './d.md', 'e.md']);
    expect([...anchorsOf('# Events and webhooks (GEN-16)\n## A `x-tw-token`, then [more](y.md)\n## Events and webhooks (GEN-16)\n<a id="kept"></a>')])
      .toEqual(['events-and-webhooks-gen-16', 'a-x-tw-token-then-more', 'events-and-webhooks-gen-16-1', 'kept']);
    const readme = join(ROOT, 'README.md');
    expect(problem(readme, 'docs/events.md#webhooks')).toBeUndefined();
    expect(problem(readme, 'docs/no-such-page.md')).toMatch(/no such file/);
    expect(problem(readme, '../shared/DESIGN.md')).toMatch(/leaves the project/);
    expect(problem(readme, 'docs/events.md#no-such-heading')).toMatch(/no heading/);
  });

  it('every relative link of README.md and docs/**/*.md names a file of the project, and its #anchor a heading there', () => {
    const broken = PAGES.flatMap((page) => linkTargets(readFileSync(page, 'utf8'))
      .map((target) => problem(page, target))
      .filter((p) => p !== undefined)
      .map((p) => `${relative(ROOT, page)}: ${p}`));
    expect(broken).toEqual([]);
  });

  it('finds the problems shown in examples (the checker itself)', () => {
    expect(problemExamples('```json\n{ "type": "x", "status": 400, "title": "t" }\n```\n`{"status": 404, "code": "NOT_FOUND"}`\n{ "status": 200 }'))
      .toEqual(['{ "type": "x", "status": 400, "title": "t" }', '{"status": 404, "code": "NOT_FOUND"}']);
  });

  it('every problem+json shown in an example has the members the service writes, and its code\'s status, type and title', () => {
    const required = ProblemSchema.required;
    const stale = PAGES.flatMap((page) => problemExamples(readFileSync(page, 'utf8')).flatMap((example) => {
      const member = (name: string) => new RegExp(`"${name}"\\s*:\\s*("([^"]*)"|\\d+)`).exec(example);
      const wrong: string[] = [];
      const code = member('code')?.[2];
      const status = Number(member('status')?.[1]);
      // A full problem (it shows a title) shows every member the service always writes; an abridged one at least its code.
      const missing = member('title') ? required.filter((name) => !member(name)) : (code ? [] : ['code']);
      if (missing.length) wrong.push(`lacks ${missing.join(', ')}`);
      if (code !== undefined) {
        if (!(code in ERROR_CODES)) wrong.push(`${code} is not an error code`);
        else {
          const known = ERROR_CODES[code as ErrorCode];
          if (known.status !== status) wrong.push(`${code} is ${known.status}, not ${status}`);
          const type = member('type')?.[2];
          if (type !== undefined && type !== problemType(code as ErrorCode)) wrong.push(`type ${type}, not ${problemType(code as ErrorCode)}`);
        }
      }
      const title = member('title')?.[2];
      if (title !== undefined && title !== titleOf(status)) wrong.push(`title "${title}", not "${titleOf(status)}"`);
      return wrong.map((w) => `${relative(ROOT, page)}: ${w}: ${example.slice(0, 80)}`);
    }));
    expect(stale).toEqual([]);
  });

  it('no page sends the reader to ../shared or its DESIGN.md, which a clone does not have (the design is docs/design.md)', () => {
    const mentions = PAGES.flatMap((page) => readFileSync(page, 'utf8').split('\n')
      .map((line, i) => ({ line, at: `${relative(ROOT, page)}:${i + 1}` }))
      .filter(({ line }) => /\.\.\/shared\b|\bDESIGN\.md\b/.test(line))
      .map(({ line, at }) => `${at}: ${line.trim()}`));
    expect(mentions).toEqual([]);
  });
});
