// The parsers end to end: generated resumes in the five formats through the worker pool, checked
// field by field; bad and hostile files; a thread stuck in a loop; the external HTTP parser against
// a local server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtInParser, createResumeParser, externalParser, parseResumeBytes } from './resume.parser.ts';
import { encryptedPdf, makeResume, NAME_SHAPES, otherZip, OWNER_PASSWORD_PDFS, pdfFile, SAMPLE_PERSON, zipBombDocx, type FixturePerson } from './resume.fixtures.ts';
import { ResumeFileError, type ResumeFileErrorCode, type ResumeFormat } from './resume.text.ts';
import { ResumeServiceError, type ParsedResume, type ResumeParser } from './resume.types.ts';

const FORMATS: ResumeFormat[] = ['pdf', 'docx', 'doc', 'rtf', 'txt'];

let parser: ResumeParser;
beforeAll(() => { parser = builtInParser({ poolSize: 2 }); });
afterAll(async () => { await parser?.close(); });

async function failure(promise: Promise<unknown>): Promise<Error> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}
async function fileError(promise: Promise<unknown>): Promise<ResumeFileErrorCode> {
  const err = await failure(promise);
  expect(err).toBeInstanceOf(ResumeFileError);
  return (err as ResumeFileError).code;
}

/** Every field of a parsed resume against the person it was generated from. */
function expectPerson(result: ParsedResume, person: FixturePerson, format: ResumeFormat) {
  expect(result.format).toBe(format);
  expect(result.firstName?.value).toBe(person.firstName);
  expect(result.middleName?.value ?? null).toBe(person.middleName ?? null);
  expect(result.lastName?.value).toBe(person.lastName);
  expect(result.firstName!.confidence).toBeGreaterThanOrEqual(0.8);
  expect(result.email).toEqual({ value: person.email, confidence: 0.99 });
  expect(result.skills).toEqual(expect.arrayContaining(person.skills));
  expect(result.workHistory.map((j) => [j.title, j.employer])).toEqual(person.jobs.map((j) => [j.title, j.employer]));
  expect(result.workHistory[0]).toMatchObject({ startDate: '2019-01', endDate: null, current: true });
  expect(result.workHistory[1]).toMatchObject({ startDate: '2017-03', endDate: '2018-12', current: false });
  expect(result.workHistory[2]).toMatchObject({ startDate: '2015', endDate: '2017' });
  expect(result.workHistory[0]!.description).toContain(person.jobs[0]!.bullets[0]!);
  expect(result.education).toEqual(person.schools.map((s) => ({ school: s.school, degree: s.degree, field: s.field, graduationYear: s.year })));
  expect(result.text).toContain(person.email);
}

describe('built-in parser: five formats through the worker pool, field by field (RES-03)', () => {
  for (const format of FORMATS) {
    it(`reads every field of a ${format.toUpperCase()} resume`, async () => {
      const result = await parser.parse(await makeResume(SAMPLE_PERSON, format));
      expectPerson(result, SAMPLE_PERSON, format);
      expect(result.phones).toEqual([{ value: { countryCallingCode: 1, number: '3125550147', e164: '+13125550147', kind: 'mobile' }, confidence: 0.95 }]);
      expect(result.address).toEqual({
        value: { street1: '742 Evergreen Terrace', street2: 'Apt 4B', municipality: 'Springfield', region: 'IL', postalCode: '62704', countryCode: 840 },
        confidence: 0.95,
      });
      expect(result.interestCodes).toEqual(['Warehouse', 'Light Industrial', 'Customer Service']);
    });
  }

  for (const format of FORMATS) {
    it(`${format.toUpperCase()} variants: "LAST, First", an international phone, no address, no sections`, async () => {
      const person: FixturePerson = { ...SAMPLE_PERSON, phone: 'Tel: +44 20 7946 0958', address: null };
      const inverted = await parser.parse(await makeResume(person, format, { nameStyle: 'last-first' }));
      expectPerson(inverted, person, format);
      expect(inverted.phones.map((p) => p.value)).toEqual([{ countryCallingCode: 44, number: '2079460958', e164: '+442079460958', kind: 'other' }]);
      expect(inverted.address).toBeNull();

      const flat = await parser.parse(await makeResume(SAMPLE_PERSON, format, { sections: false }));
      expect([flat.firstName?.value, flat.lastName?.value, flat.email?.value]).toEqual([SAMPLE_PERSON.firstName, SAMPLE_PERSON.lastName, SAMPLE_PERSON.email]);
      expect(flat.address?.value.postalCode).toBe('62704');
      expect(flat.skills).toEqual(expect.arrayContaining(['Forklift', 'OSHA 10', 'Microsoft Excel']));
      expect(flat.workHistory).toEqual([]);
      expect(flat.education).toEqual([]);
    });
  }

  for (const format of FORMATS) {
    it(`${format.toUpperCase()}: every part of a name as written, first-last and "LAST, First Middle" (${NAME_SHAPES.map((p) => p.lastName).join(', ')})`, async () => {
      for (const person of NAME_SHAPES) {
        for (const nameStyle of ['first-last', 'last-first'] as const) {
          const result = await parser.parse(await makeResume(person, format, { nameStyle }));
          expect([result.firstName?.value, result.middleName?.value ?? null, result.lastName?.value], `${nameStyle}: ${person.firstName} ${person.lastName}`)
            .toEqual([person.firstName, person.middleName ?? null, person.lastName]);
        }
      }
    });
  }

  it('BATCH-09: skipInterestCodes leaves interest codes out', async () => {
    const result = await parser.parse(await makeResume(SAMPLE_PERSON, 'docx'), { skipInterestCodes: true });
    expect(result.interestCodes).toEqual([]);
    expect(result.skills.length).toBeGreaterThan(0);
  });

  it('parses many files at once over a pool of two threads, each with its own answer', async () => {
    const people = Array.from({ length: 8 }, (_, n): FixturePerson => ({ ...SAMPLE_PERSON, email: `person${n}@example.com` }));
    const results = await Promise.all(people.map(async (p, n) => parser.parse(await makeResume(p, FORMATS[n % FORMATS.length]!))));
    expect(results.map((r) => r.email?.value)).toEqual(people.map((p) => p.email));
  });

  it('reads PDFs protected only by an owner password (RC4, AES-128, AES-256); one that needs a password to open is CORRUPT, saying so', async () => {
    for (const name of OWNER_PASSWORD_PDFS) {
      expectPerson(await parser.parse(encryptedPdf(name)), SAMPLE_PERSON, 'pdf');
    }
    const err = await failure(parser.parse(encryptedPdf('user-password-aes256')));
    expect(err).toMatchObject({ code: 'CORRUPT', message: expect.stringContaining('needs a password to open') });
  });

  it('parses in the calling thread too (poolSize 0)', async () => {
    const inThread = builtInParser({ poolSize: 0 });
    expectPerson(await inThread.parse(await makeResume(SAMPLE_PERSON, 'rtf')), SAMPLE_PERSON, 'rtf');
    await inThread.close();
  });
});

describe('built-in parser: bad and hostile files fail cleanly, and the next parse works (RES-03, RES-05)', () => {
  const next = async () => expect((await parser.parse(await makeResume(SAMPLE_PERSON, 'txt'))).email?.value).toBe(SAMPLE_PERSON.email);

  it('a corrupted file is CORRUPT', async () => {
    const pdf = await makeResume(SAMPLE_PERSON, 'pdf');
    expect(await fileError(parser.parse(pdf.subarray(0, Math.floor(pdf.length / 3))))).toBe('CORRUPT');
    const docx = await makeResume(SAMPLE_PERSON, 'docx');
    expect(await fileError(parser.parse(Buffer.concat([docx.subarray(0, 200), Buffer.alloc(400), docx.subarray(600)])))).toBe('CORRUPT');
    await next();
  });

  it('an empty file is EMPTY', async () => {
    expect(await fileError(parser.parse(Buffer.alloc(0)))).toBe('EMPTY');
    expect(await fileError(parser.parse(await pdfFile([[' ']])))).toBe('EMPTY');
    await next();
  });

  it('the content decides, not the extension: a PNG or an ODT is UNSUPPORTED_TYPE, a PDF is a PDF', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d4948445200000001', 'hex'), Buffer.alloc(64)]);
    expect(await fileError(parser.parse(png))).toBe('UNSUPPORTED_TYPE');
    expect(await fileError(parser.parse(otherZip()))).toBe('UNSUPPORTED_TYPE');
    // "resume.docx" that is a PDF: there is no name to trust, only bytes.
    expect((await parser.parse(await makeResume(SAMPLE_PERSON, 'pdf'))).format).toBe('pdf');
    await next();
  });

  it('RES-05: 2 MB + 1 byte is TOO_LARGE before any thread sees it', async () => {
    const tooBig = Buffer.alloc(2 * 1024 * 1024 + 1, 'a');
    expect(await fileError(parser.parse(tooBig))).toBe('TOO_LARGE');
    await next();
  });

  it('a zip bomb disguised as a DOCX is TOO_LARGE', async () => {
    const bomb = zipBombDocx(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await fileError(parser.parse(bomb))).toBe('TOO_LARGE');
    await next();
  });

  it('a DOCX lying about its sizes is TOO_LARGE by its inflated bytes, long before the time limit, and the pool keeps working', async () => {
    // The time limit is far away: only the byte budget on the inflate can answer TOO_LARGE here.
    const short = builtInParser({ poolSize: 1, timeoutMs: 20_000 });
    try {
      expect(await fileError(short.parse(zipBombDocx(2 * 1024 * 1024, 1000)))).toBe('TOO_LARGE');
      expect((await short.parse(await makeResume(SAMPLE_PERSON, 'docx'))).lastName?.value).toBe(SAMPLE_PERSON.lastName);
    } finally {
      await short.close();
    }
  });

  it('a thread stuck in a synchronous loop is terminated at the time limit and replaced', async () => {
    // A stand-in for a parser that loops on a hostile file: it spins on "LOOP", answers otherwise.
    const worker = `import { parentPort } from 'node:worker_threads';
      parentPort.on('message', (req) => {
        if (new TextDecoder().decode(req.bytes).startsWith('LOOP')) for (;;) {}
        parentPort.postMessage({ id: req.id, ok: true, result: { format: 'txt', text: 'ok' } });
      });
      parentPort.postMessage({ ready: true });`;
    const looping = builtInParser({ poolSize: 1, timeoutMs: 500, workerUrl: new URL(`data:text/javascript,${encodeURIComponent(worker)}`) });
    try {
      expect(await fileError(looping.parse(Buffer.from('LOOP forever')))).toBe('TIMEOUT');
      expect(await fileError(looping.parse(Buffer.from('LOOP again')))).toBe('TIMEOUT');
      expect((await looping.parse(Buffer.from('a normal file'))).text).toBe('ok');
    } finally {
      await looping.close();
    }
  });

  it('a closed parser refuses work instead of hanging', async () => {
    const closed = builtInParser({ poolSize: 1 });
    await closed.close();
    await failure(closed.parse(Buffer.from('Jane Doe')));
  });
});

describe('built-in parser: threads are shared fairly between tenants', () => {
  // A stand-in thread: a file starting "SLOW" never ends (the pool's time limit ends it), any other
  // file is answered at once with its own text, so the order of completions shows who waited.
  const standIn = `import { parentPort } from 'node:worker_threads';
    parentPort.on('message', (req) => {
      const text = new TextDecoder().decode(req.bytes);
      if (text.startsWith('SLOW')) return;
      parentPort.postMessage({ id: req.id, ok: true, result: { format: 'txt', text } });
    });
    parentPort.postMessage({ ready: true });`;
  const workerUrl = new URL(`data:text/javascript,${encodeURIComponent(standIn)}`);

  /** Parses and records the label when the file is done, whether it succeeded or failed. */
  function tracker(pool: ResumeParser) {
    const done: string[] = [];
    const parse = (label: string, tenantId: number, text: string) =>
      pool.parse(Buffer.from(text), { tenantId }).then(() => undefined, () => undefined).then(() => { done.push(label); });
    return { done, parse };
  }

  it("one tenant's slow files never hold every thread: another tenant's file is parsed while they are all still running or queued", async () => {
    // A time limit far beyond the test: none of tenant 1's files can end while it runs.
    const pool = builtInParser({ poolSize: 2, timeoutMs: 60_000, workerUrl });
    const { done, parse } = tracker(pool);
    try {
      for (const n of [1, 2, 3]) void parse(`slow ${n}`, 1, `SLOW ${n}`);
      await parse('other tenant', 2, 'a normal file');
      expect(done).toEqual(['other tenant']);
    } finally {
      await pool.close();
    }
  });

  it('queued files are taken in turn by tenant: a file queued behind another tenant\'s backlog runs next, not last', async () => {
    const pool = builtInParser({ poolSize: 1, timeoutMs: 400, workerUrl });
    const { done, parse } = tracker(pool);
    try {
      const slow = [1, 2, 3].map((n) => parse(`slow ${n}`, 1, `SLOW ${n}`));
      const other = parse('other tenant', 2, 'a normal file');
      await other;
      expect(done).toEqual(['slow 1', 'other tenant']);
      await Promise.all(slow);
      expect(done).toEqual(['slow 1', 'other tenant', 'slow 2', 'slow 3']);
    } finally {
      await pool.close();
    }
  });
});

describe('external parser over HTTP (RES-13, AMB-38)', () => {
  let server: Server;
  let base: string;
  let good: ParsedResume;
  const seen: { url: string; type: string | undefined; length: number }[] = [];

  const routes: Record<string, (res: ServerResponse) => void> = {
    '/good': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(good)),
    '/error': (res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}'),
    '/garbage': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"firstName": '),
    '/wrong-shape': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...good, phones: 'none' })),
    '/refuse': (res) => res.writeHead(422, { 'content-type': 'application/json' }).end('{"code":"CORRUPT","message":"Cannot read this PDF."}'),
    '/slow': () => {},
  };

  beforeAll(async () => {
    good = await parseResumeBytes(await makeResume(SAMPLE_PERSON, 'txt'));
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let length = 0;
      req.on('data', (chunk: Buffer) => (length += chunk.length));
      req.on('end', () => {
        seen.push({ url: req.url!, type: req.headers['content-type'], length });
        routes[new URL(req.url!, 'http://x').pathname]?.(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const serviceError = async (promise: Promise<unknown>) => {
    const err = await failure(promise);
    expect(err).toBeInstanceOf(ResumeServiceError);
    return (err as ResumeServiceError).kind;
  };

  it('posts the bytes and returns the answer; skipInterestCodes goes in the query (BATCH-09)', async () => {
    const bytes = await makeResume(SAMPLE_PERSON, 'docx');
    const result = await externalParser(`${base}/good`).parse(bytes);
    expect(result).toEqual({ ...good, format: 'docx' }); // the format is detected here
    expect(seen.at(-1)).toEqual({ url: '/good', type: 'application/octet-stream', length: bytes.length });
    expect((await externalParser(`${base}/good`).parse(bytes, { skipInterestCodes: true })).interestCodes).toEqual([]);
    expect(seen.at(-1)!.url).toBe('/good?skipInterestCodes=true');
  });

  it('RES-13: a 500, malformed JSON or a wrong shape is a bad answer (521)', async () => {
    const bytes = await makeResume(SAMPLE_PERSON, 'txt');
    expect(await serviceError(externalParser(`${base}/error`).parse(bytes))).toBe('bad-answer');
    expect(await serviceError(externalParser(`${base}/garbage`).parse(bytes))).toBe('bad-answer');
    expect(await serviceError(externalParser(`${base}/wrong-shape`).parse(bytes))).toBe('bad-answer');
  });

  it('AMB-38: a closed port or no answer in time is unreachable (520)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const bytes = await makeResume(SAMPLE_PERSON, 'txt');
    expect(await serviceError(externalParser(`http://127.0.0.1:${port}/parse`).parse(bytes))).toBe('unreachable');
    expect(await serviceError(externalParser(`${base}/slow`, { timeoutMs: 300 }).parse(bytes))).toBe('unreachable');
  });

  it('a file the service refuses (422 with a file error code) fails as that file error, not the service', async () => {
    expect(await fileError(externalParser(`${base}/refuse`).parse(await makeResume(SAMPLE_PERSON, 'pdf')))).toBe('CORRUPT');
  });

  it('RES-03, RES-05: type and size are checked before anything is sent', async () => {
    const before = seen.length;
    expect(await fileError(externalParser(`${base}/good`).parse(Buffer.alloc(2 * 1024 * 1024 + 1, 'a')))).toBe('TOO_LARGE');
    expect(await fileError(externalParser(`${base}/good`).parse(otherZip()))).toBe('UNSUPPORTED_TYPE');
    expect(await fileError(externalParser(`${base}/good`).parse(Buffer.alloc(0)))).toBe('EMPTY');
    expect(seen.length).toBe(before);
  });

  it('createResumeParser uses the external service when RESUME_PARSER_URL is set, else the built-in one', async () => {
    const external = createResumeParser({ RESUME_PARSER_URL: `${base}/good`, RESUME_PARSE_TIMEOUT_MS: 2000 });
    const before = seen.length;
    await external.parse(await makeResume(SAMPLE_PERSON, 'txt'));
    expect(seen.length).toBe(before + 1);
    const builtIn = createResumeParser({ RESUME_PARSE_TIMEOUT_MS: 5000 }, { poolSize: 0 });
    expect((await builtIn.parse(await makeResume(SAMPLE_PERSON, 'txt'))).email?.value).toBe(SAMPLE_PERSON.email);
    expect(seen.length).toBe(before + 1);
    await Promise.all([external.close(), builtIn.close()]);
  });
});
