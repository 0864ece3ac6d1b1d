// The SDK's types, generated from the committed API description (docs/openapi.json) by
// openapi-typescript: `npm run openapi` writes them to src/openapi.ts of this package, and the OpenAPI
// test fails when the committed copy differs from what the current description generates.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

export const TYPES_FILE = fileURLToPath(new URL('../src/openapi.ts', import.meta.url));
const DOCUMENT_FILE = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));

/** The text of openapi.ts for a description (the same description gives the same text). */
export async function clientTypes(document: object): Promise<string> {
  // openapi-typescript annotates what it reads: give it a copy.
  const ast = await openapiTS(structuredClone(document) as OpenAPI3, { silent: true });
  return `${COMMENT_HEADER.replace(' */', ' * Regenerate: npm run openapi (from docs/openapi.json).\n */')}${astToString(ast)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TYPES_FILE, await clientTypes(JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8'))));
}
