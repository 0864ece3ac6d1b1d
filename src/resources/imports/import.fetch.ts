// An import's file by URL: fetched by the worker under the webhooks' address guard (decision 0050),
// so an import cannot make the service probe its own network any more than a webhook can. The URL is
// judged as a webhook's is (scheme, no credentials, addresses) and the connection's own DNS lookup
// refuses a refused address again (rebinding). No redirects; the size limit holds while reading.
import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from '../webhooks/address-guard.ts';
import { urlProblem, type UrlRules } from '../webhooks/webhook.repository.ts';

export interface FetchRules extends UrlRules {
  /** IMPORT_MAX_BYTES. */
  maxBytes: number;
  timeoutMs: number;
}

export interface Fetched { bytes: Buffer; contentType: string }

/** The file at `url`, or throws an Error saying why not (the file item fails with it). */
export async function fetchImportFile(url: string, rules: FetchRules): Promise<Fetched> {
  const problem = await urlProblem(url, rules);
  if (problem) throw new Error(`The URL ${problem}.`);
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<Fetched>((resolve, reject) => {
    const fail = (message: string) => { clearTimeout(timer); request.destroy(); reject(new Error(message)); };
    const request = client.get(target, { lookup: guardedLookup(rules.allowPrivate), agent: false, headers: { 'user-agent': 'staffing-imports/1' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) return fail(`The URL answered HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}.`);
      if (Number(response.headers['content-length'] ?? 0) > rules.maxBytes) return fail(`The file is larger than IMPORT_MAX_BYTES (${rules.maxBytes} bytes).`);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > rules.maxBytes) return fail(`The file is larger than IMPORT_MAX_BYTES (${rules.maxBytes} bytes).`);
        chunks.push(chunk);
      });
      response.on('end', () => { clearTimeout(timer); resolve({ bytes: Buffer.concat(chunks, size), contentType: String(response.headers['content-type'] ?? '') }); });
      response.on('error', (e) => fail(`Reading the file failed: ${e.message}.`));
    });
    const timer = setTimeout(() => fail(`The URL did not answer within ${rules.timeoutMs} ms.`), rules.timeoutMs);
    request.on('error', (e: NodeJS.ErrnoException) => fail(e.code === 'ADDRESS_REFUSED' ? `The URL's address is refused: ${e.message}.` : `Fetching the URL failed: ${e.code ?? e.message}.`));
  });
}
