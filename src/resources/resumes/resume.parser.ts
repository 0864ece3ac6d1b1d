// The resume parsers behind the ResumeParser interface: the built-in one (text + fields) running in
// a pool of worker threads, so a file that loops synchronously is stopped by terminating its
// thread; and an external HTTP service. Decisions: docs/decisions/0012-resume-parsing.md.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { Value } from 'typebox/value';
import type { Config } from '../../config.ts';
import { unreachableReason } from '../../platform/http/external-service.ts';
import { isJson } from '../../platform/json-object.ts';
import { parseFields } from './resume.fields.ts';
import { detectFormat, extractText, RESUME_LIMITS, ResumeFileError, type ExtractOptions, type ResumeFileErrorCode } from './resume.text.ts';
import { ParsedResumeSchema, ResumeServiceError, type ParsedResume, type ParseOptions, type ResumeParser } from './resume.types.ts';

/** Text, then fields, in the calling thread. */
export async function parseResumeBytes(bytes: Buffer, options: ParseOptions = {}, limits: ExtractOptions = {}): Promise<ParsedResume> {
  const { format, text } = await extractText(bytes, limits);
  return parseFields(text, format, options);
}

export interface BuiltInParserOptions {
  /** Worker threads; 0 parses in the calling thread (no protection against a file that loops). Default: available cores. */
  poolSize?: number;
  timeoutMs?: number;
  maxBytes?: number;
  maxPages?: number;
  /** Heap limit of each worker thread. */
  maxHeapMb?: number;
  /** Threads one tenant's files may hold at once. Default: all but one (at least one), so another tenant always finds one. */
  threadsPerTenant?: number;
  /** The thread's module (tests replace it with one that misbehaves). */
  workerUrl?: URL;
}

export function builtInParser(options: BuiltInParserOptions = {}): ResumeParser {
  const limits: ExtractOptions = {
    timeoutMs: options.timeoutMs ?? RESUME_LIMITS.timeoutMs,
    maxBytes: options.maxBytes ?? RESUME_LIMITS.maxBytes,
    maxPages: options.maxPages ?? RESUME_LIMITS.maxPages,
  };
  const size = options.poolSize ?? Math.max(1, availableParallelism());
  if (size === 0) return { parse: (bytes, parseOptions) => parseResumeBytes(bytes, parseOptions, limits), close: async () => {} };
  const perTenant = options.threadsPerTenant ?? Math.max(1, size - 1);
  const pool = new WorkerPool(size, perTenant, limits, options.maxHeapMb ?? 512, options.workerUrl ?? WORKER_URL);
  return {
    parse: (bytes, parseOptions = {}) => {
      // Refused before a copy is made and sent to a thread.
      if (bytes.length > limits.maxBytes!) return Promise.reject(new ResumeFileError('TOO_LARGE', `The file is ${bytes.length} bytes; the limit is ${limits.maxBytes} bytes.`));
      return pool.run(bytes, parseOptions);
    },
    close: () => pool.close(),
  };
}

// ---- the worker pool --------------------------------------------------------------------------

export interface WorkerRequest { id: number; bytes: Uint8Array; options: ParseOptions; limits: ExtractOptions }
export type WorkerReply =
  | { ready: true }
  | { id: number; ok: true; result: ParsedResume }
  | { id: number; ok: false; error: { code?: ResumeFileErrorCode; message: string } };

/** Whose file a task is (a tenant, or no one for callers that name none). */
type Owner = number | undefined;
interface Task { owner: Owner; bytes: Uint8Array; options: ParseOptions; resolve: (r: ParsedResume) => void; reject: (e: Error) => void }
interface Slot { worker: Worker; ready: boolean; task?: Task & { id: number; timer: NodeJS.Timeout } }

// A .mjs bootstrap registers tsx in the thread, then loads resume.worker.ts.
const WORKER_URL = new URL('./resume.worker.mjs', import.meta.url);

/**
 * Threads shared fairly between tenants: each tenant has its own queue, the queues are served in
 * turn, and one tenant's files hold at most `perTenant` threads at once, so a tenant's slow files
 * (each may take the whole time limit) never make another tenant's file wait behind them.
 */
class WorkerPool {
  private slots: Slot[] = [];
  /** Waiting files by owner; the Map's order is the turn order (an owner just served goes last). */
  private queues = new Map<Owner, Task[]>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly perTenant: number,
    private readonly limits: ExtractOptions,
    private readonly maxHeapMb: number,
    private readonly workerUrl: URL,
  ) {}

  run(bytes: Buffer, options: ParseOptions): Promise<ParsedResume> {
    if (this.closed) return Promise.reject(new Error('The resume parser is closed.'));
    const { tenantId: owner, ...parseOptions } = options;
    return new Promise((resolve, reject) => {
      // A copy of the bytes is transferred to the thread; the caller keeps its buffer.
      const task: Task = { owner, bytes: new Uint8Array(bytes), options: parseOptions, resolve, reject };
      this.queues.set(owner, [...(this.queues.get(owner) ?? []), task]);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failWaiting(new Error('The resume parser is closed.'));
    const slots = this.slots.splice(0);
    for (const slot of slots) this.settle(slot, new Error('The resume parser is closed.'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private failWaiting(error: Error): void {
    const waiting = [...this.queues.values()].flat();
    this.queues.clear();
    for (const task of waiting) task.reject(error);
  }

  private waitingCount(): number {
    let n = 0;
    for (const tasks of this.queues.values()) n += tasks.length;
    return n;
  }

  /** The next file to start: the first owner in turn still under its share of threads. */
  private takeNext(): Task | undefined {
    for (const [owner, tasks] of this.queues) {
      if (this.slots.filter((s) => s.task && s.task.owner === owner).length >= this.perTenant) continue;
      const task = tasks.shift()!;
      this.queues.delete(owner);
      if (tasks.length > 0) this.queues.set(owner, tasks);
      return task;
    }
    return undefined;
  }

  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (!slot.ready || slot.task) continue;
      const task = this.takeNext();
      if (!task) break;
      this.assign(slot, task);
    }
    const starting = this.slots.filter((s) => !s.ready).length;
    for (let n = starting; n < this.waitingCount() && this.slots.length < this.size; n++) this.spawn();
  }

  private spawn(): void {
    const worker = new Worker(this.workerUrl, { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb }, stdout: false, stderr: false });
    const slot: Slot = { worker, ready: false };
    this.slots.push(slot);
    worker.unref(); // an idle pool never keeps the process alive
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        this.pump();
      } else {
        this.finish(slot, reply);
      }
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (!slot.ready) {
        // The thread could not start: a deployment problem, not the file's. Fail what waits rather than loop.
        this.failWaiting(new Error(`The resume parser thread could not start: ${err.message}`));
      }
      const error = err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new ResumeFileError('TOO_LARGE', 'Parsing the file ran out of memory.')
        : new ResumeFileError('CORRUPT', `The file could not be parsed: ${err.message}`);
      this.settle(slot, error);
    });
    worker.on('exit', () => {
      this.settle(slot, new ResumeFileError('CORRUPT', 'The parser thread stopped while parsing the file.'));
      this.slots = this.slots.filter((s) => s !== slot);
      this.pump();
    });
  }

  private assign(slot: Slot, task: Task): void {
    const id = this.nextId++;
    const timeoutMs = this.limits.timeoutMs!;
    // The hard limit: a synchronous loop cannot be interrupted, only its thread ended.
    const timer = setTimeout(() => {
      this.settle(slot, new ResumeFileError('TIMEOUT', `Parsing the file took longer than ${timeoutMs} ms.`));
      this.recycle(slot);
    }, timeoutMs);
    slot.task = { ...task, id, timer };
    slot.worker.ref();
    const request: WorkerRequest = { id, bytes: task.bytes, options: task.options, limits: this.limits };
    // The bytes move to the worker rather than being copied (an ArrayBuffer can be; a shared one cannot).
    slot.worker.postMessage(request, task.bytes.buffer instanceof ArrayBuffer ? [task.bytes.buffer] : []);
  }

  private finish(slot: Slot, reply: Exclude<WorkerReply, { ready: true }>): void {
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    if (reply.ok) {
      this.settle(slot, undefined, reply.result);
    } else {
      const { code, message } = reply.error;
      this.settle(slot, code ? new ResumeFileError(code, message) : new Error(message));
      // A thread that gave up on a stalled file may still hold it: start afresh.
      if (code === 'TIMEOUT') return this.recycle(slot);
    }
    this.pump();
  }

  /** Ends the slot's current task, if any, with an error or a result. */
  private settle(slot: Slot, error?: Error, result?: ParsedResume): void {
    const task = slot.task;
    if (!task) return;
    slot.task = undefined;
    clearTimeout(task.timer);
    slot.worker.unref();
    if (error) task.reject(error);
    else task.resolve(result!);
  }

  /** Ends a thread and starts its replacement at once, so the next file does not wait for a start. */
  private recycle(slot: Slot): void {
    this.slots = this.slots.filter((s) => s !== slot);
    void slot.worker.terminate();
    if (!this.closed) this.spawn();
    this.pump();
  }
}

// ---- the external parser ----------------------------------------------------------------------

const FILE_ERROR_CODES: ResumeFileErrorCode[] = ['UNSUPPORTED_TYPE', 'TOO_LARGE', 'CORRUPT', 'TOO_MANY_PAGES', 'TIMEOUT', 'EMPTY'];

export interface ExternalParserOptions { timeoutMs?: number; maxBytes?: number }

/**
 * A parsing service over HTTP: POST the file's bytes (application/octet-stream), expect 200 with a
 * ParsedResume as JSON, or 422 with `{ code, message }` for a file it refuses. The contract is in
 * docs/resume-parsing.md.
 */
export function externalParser(url: string, options: ExternalParserOptions = {}): ResumeParser {
  const timeoutMs = options.timeoutMs ?? RESUME_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? RESUME_LIMITS.maxBytes;
  const where = new URL(url).origin;
  const badAnswer = (why: string) => new ResumeServiceError('bad-answer', `The resume parsing service at ${where} ${why}.`);

  return {
    async parse(bytes, parseOptions = {}) {
      // Size and type are ours to enforce (RES-03, RES-05), whatever the service accepts.
      if (bytes.length > maxBytes) throw new ResumeFileError('TOO_LARGE', `The file is ${bytes.length} bytes; the limit is ${maxBytes} bytes.`);
      if (bytes.length === 0) throw new ResumeFileError('EMPTY', 'The file is empty.');
      const format = detectFormat(bytes);
      const target = new URL(url);
      if (parseOptions.skipInterestCodes) target.searchParams.set('skipInterestCodes', 'true');

      let status: number;
      let raw: string;
      try {
        const response = await fetch(target, {
          method: 'POST',
          body: new Uint8Array(bytes),
          headers: { 'content-type': 'application/octet-stream', accept: 'application/json', 'x-resume-format': format },
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        raw = await response.text();
      } catch (err) {
        throw new ResumeServiceError('unreachable', `The resume parsing service at ${where} ${unreachableReason(err, timeoutMs)}.`);
      }

      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw badAnswer(`answered ${status} with a body that is not JSON`);
      }
      if (status === 422 && isFileError(body)) throw new ResumeFileError(body.code, body.message);
      if (status < 200 || status > 299) throw badAnswer(`answered ${status}`);
      if (!Value.Check(ParsedResumeSchema, body)) {
        const first = [...Value.Errors(ParsedResumeSchema, body)][0];
        throw badAnswer(`answered a resume that does not match the contract (${first?.instancePath || '/'}: ${first?.message ?? 'invalid'})`);
      }
      return { ...body, format, middleName: body.middleName ?? null, interestCodes: parseOptions.skipInterestCodes ? [] : body.interestCodes };
    },
    close: async () => {},
  };
}

function isFileError(body: unknown): body is { code: ResumeFileErrorCode; message: string } {
  return isJson(body) && FILE_ERROR_CODES.some((code) => code === body.code) && typeof body.message === 'string';
}

/** The external service when RESUME_PARSER_URL is set, else the built-in parser. */
export function createResumeParser(config: Pick<Config, 'RESUME_PARSER_URL' | 'RESUME_PARSE_TIMEOUT_MS'>, options: BuiltInParserOptions = {}): ResumeParser {
  if (config.RESUME_PARSER_URL) return externalParser(config.RESUME_PARSER_URL, { timeoutMs: config.RESUME_PARSE_TIMEOUT_MS });
  return builtInParser({ ...options, timeoutMs: config.RESUME_PARSE_TIMEOUT_MS });
}
