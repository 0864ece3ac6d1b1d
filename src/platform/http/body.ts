// Request bodies: the JSON family, the XML family, form-urlencoded (POST and PUT) and multipart.
// Anything else is refused by Fastify with 415. XML is parsed without DTDs: a document declaring a
// DOCTYPE or an entity is refused (400) before parsing, so nothing can be expanded.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from './errors.ts';

/** Bodies parsed from XML or forms hold only strings; validation may coerce them to the schema's types. */
export const lenientBodies = new WeakSet<object>();

const JSON_FAMILY = /^(text\/json|application\/json-patch\+json|application\/vnd\.textus\+jsonld|application\/[\w.-]+\+json)\s*(;|$)/i;
const XML_FAMILY = /^(application\/xml|text\/xml|application\/[\w.-]+\+xml)\s*(;|$)/i;

const xml = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true, // the five predefined entities and character references only: no DTD gets through
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** `<Root><a>1</a></Root>` → `{ a: '1' }`; a root holding one repeated element → that array. */
export function parseXmlBody(text: string): unknown {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new AppError('VALIDATION_FAILED', 'XML bodies may not declare a DOCTYPE or entities.', { body: ['DOCTYPE and ENTITY declarations are not allowed'] });
  }
  let doc: Record<string, unknown>;
  try {
    doc = xml.parse(text, true) as Record<string, unknown>;
  } catch (e) {
    throw new AppError('VALIDATION_FAILED', `The XML body is not well-formed: ${(e as Error).message}`, { body: ['malformed XML'] });
  }
  const roots = Object.keys(doc);
  if (roots.length !== 1) throw new AppError('VALIDATION_FAILED', 'An XML body has exactly one root element.', { body: ['one root element expected'] });
  let value = doc[roots[0]!];
  if (value === '') value = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const only = keys.length === 1 ? (value as Record<string, unknown>)[keys[0]!] : undefined;
    if (Array.isArray(only)) value = only;
  }
  if (value && typeof value === 'object') lenientBodies.add(value);
  return value;
}

export function registerBodyParsers(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(JSON_FAMILY, { parseAs: 'string' }, json);
  app.addContentTypeParser(XML_FAMILY, { parseAs: 'string' }, (_req: FastifyRequest, body: string, done) => {
    try { done(null, parseXmlBody(body)); } catch (e) { done(e as Error, undefined); }
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
