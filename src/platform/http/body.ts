// Request bodies: the JSON family, the XML family, form-urlencoded (POST and PUT) and multipart.
// Anything else is refused by Fastify with 415. XML is parsed without DTDs: a document declaring a
// DOCTYPE or an entity is refused (400) before parsing, so nothing can be expanded.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from './errors.ts';
import { arrayEntries, mayBeArray, unwrapItems } from './xml-arrays.ts';

/** Bodies parsed from XML or forms hold only strings; validation may coerce them to the schema's types. */
export const lenientBodies = new WeakSet<object>();

const JSON_FAMILY = /^(text\/json|application\/json-patch\+json|application\/vnd\.textus\+jsonld|application\/[\w.-]+\+json)\s*(;|$)/i;
const XML_FAMILY = /^(application\/xml|text\/xml|application\/[\w.-]+\+xml)\s*(;|$)/i;

const XML_OPTIONS = {
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true, // the five predefined entities and character references only: no DTD gets through
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;

/** The parser of bodies without a schema, and one per body schema (its arrays read from the schema). */
const schemaless = new XMLParser(XML_OPTIONS);
const parsers = new WeakMap<object, XMLParser>();

function parserFor(schema: unknown): XMLParser {
  if (typeof schema !== 'object' || schema === null) return schemaless;
  let parser = parsers.get(schema);
  if (!parser) {
    const isEntry = arrayEntries(schema);
    parser = new XMLParser({ ...XML_OPTIONS, jPath: false, isArray: (_tag, path) => typeof path !== 'string' && isEntry(path.toArray()) });
    parsers.set(schema, parser);
  }
  return parser;
}

/**
 * `<Root><a>1</a></Root>` → `{ a: '1' }`. With the route's body schema, arrays are where the schema
 * has them, one element or many, in either layout (xml-arrays.ts), and an array body is its root's
 * children; without one, a root holding one repeated element is that array.
 */
export function parseXmlBody(text: string, schema?: unknown): unknown {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new AppError('VALIDATION_FAILED', 'XML bodies may not declare a DOCTYPE or entities.', { body: ['DOCTYPE and ENTITY declarations are not allowed'] });
  }
  let doc: Record<string, unknown>;
  try {
    doc = parserFor(schema).parse(text, true) as Record<string, unknown>;
  } catch (e) {
    throw new AppError('VALIDATION_FAILED', `The XML body is not well-formed: ${(e as Error).message}`, { body: ['malformed XML'] });
  }
  const roots = Object.keys(doc);
  if (roots.length !== 1) throw new AppError('VALIDATION_FAILED', 'An XML body has exactly one root element.', { body: ['one root element expected'] });
  const value = rootValue(unwrapItems(doc[roots[0]!]), schema === undefined ? 'guess' : mayBeArray(schema));
  if (value && typeof value === 'object') lenientBodies.add(value);
  return value;
}

/**
 * The body a root element holds: its children as an object, or, where the body may be an array, the
 * entries it holds (an empty root: none). Without a schema, a root holding one repeated element is a guess at an array.
 */
function rootValue(value: unknown, mayBeList: boolean | 'guess'): unknown {
  if (value === '') return mayBeList === true ? [] : {};
  if (!mayBeList || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const only = keys.length === 1 ? Object.getOwnPropertyDescriptor(value, keys[0]!)?.value : undefined;
  return Array.isArray(only) ? only : value;
}

/** The deepest nesting of arrays and objects (or XML elements) a body may have: no resource needs more than a few. */
export const MAX_BODY_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, counted in one pass without parsing
 * (strings skipped), so a hostile body is refused before anything walks it recursively.
 */
export function jsonTooDeep(text: string, max = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) { if (++depth > max) return true; }
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The same for XML elements, in one pass without backtracking (a regular expression took seconds on
 * 8 KB of unclosed tags): `<name` opens, whatever the name's letters, unless `/>` closes it at once;
 * `</` closes; comments, CDATA, declarations and processing instructions hold no elements. What is
 * left unterminated stops the count: the parser refuses it.
 */
export function xmlTooDeep(text: string, max = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const inert = INERT.find(([open]) => text.startsWith(open, at));
    const end = inert ? text.indexOf(inert[1], at + inert[0].length) : tagEnd(text, at);
    if (end === -1) return false;
    if (!inert) depth += depthChange(text, at, end);
    if (depth > max) return true;
    at = end;
  }
  return false;
}

/** What opens and what ends the parts of XML that hold no elements. */
const INERT: [string, string][] = [['<!--', '-->'], ['<![CDATA[', ']]>'], ['<?', '?>'], ['<!', '>']];

/** A tag's effect on the depth: `</a>` closes, `<a/>` opens and closes, `<a>` opens. */
function depthChange(text: string, at: number, end: number): number {
  if (text[at + 1] === '/') return -1;
  return text[end - 1] === '/' ? 0 : 1;
}

/** Where the tag starting at `at` ends (its `>`, quoted attribute values skipped), or -1. */
function tagEnd(text: string, at: number): number {
  let quote = '';
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === '\'') quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

const tooDeep = () => new AppError('VALIDATION_FAILED', `The body nests deeper than ${MAX_BODY_DEPTH} levels.`, { body: [`at most ${MAX_BODY_DEPTH} levels of nesting`] });

export function registerBodyParsers(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  const parseJson = (request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => {
    if (jsonTooDeep(body)) done(tooDeep(), undefined);
    else json(request, body, done);
  };
  // application/json too: Fastify's own parser would hand a 20,000-deep body to JSON.parse and the validator.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);
  app.addContentTypeParser(JSON_FAMILY, { parseAs: 'string' }, parseJson);
  app.addContentTypeParser(XML_FAMILY, { parseAs: 'string' }, (request: FastifyRequest, body: string, done) => {
    if (xmlTooDeep(body)) return done(tooDeep(), undefined);
    try { done(null, parseXmlBody(body, request.routeOptions.schema?.body)); } catch (e) { done(e as Error, undefined); }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req: FastifyRequest, body: string, done) => {
    // Form fields are offered for POST and PUT (the spec's general guidance), not for PATCH.
    if (req.method !== 'POST' && req.method !== 'PUT') {
      done(new AppError('UNSUPPORTED_MEDIA_TYPE', `Form bodies are accepted on POST and PUT, not ${req.method}.`), undefined);
      return;
    }
    const parsed = Object.fromEntries(new URLSearchParams(body));
    lenientBodies.add(parsed);
    done(null, parsed);
  });
}
