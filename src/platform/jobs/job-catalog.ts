// The typed job catalog (STYLE.md habit 9; immich's JobName → payload): a job type names its parameter
// schema, what else is checked when a job is created, and its handler. POST /batchjobs checks a new
// job against its type's entry; the worker checks the stored parameters against the schema before
// each item and hands the handler the decoded value, so no handler reads or casts raw parameters.
// Entries are declared statically (the route reads them without starting anything); what a handler
// needs at run time (a parser, a remote client) reaches it as `services`. The catalog itself (which
// types exist) is business: src/resources/jobs.ts lists it.
import type { FastifyBaseLogger } from 'fastify';
import type { StaticDecode, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { DataScope } from '../scope.ts';
import type { ClaimedItem } from './queue.ts';
import type { AppError } from '../http/errors.ts';

/** pino's logger, or Fastify's `app.log` (which is pino's). */
export type JobLog = FastifyBaseLogger;

/** The job an item belongs to. */
export interface JobInfo { id: number; type: string; serviceRepId: number }

/**
 * What a handler works with: its job, a scope acting as the job's creating rep (outside any
 * transaction), a logger, and the services the catalog was given to run (`withServices`).
 */
export interface JobContext<Services = unknown> { job: JobInfo; scope: DataScope; log: JobLog; services: Services }

/** A result id and what the item did with it (an import's row: `created` or `changed`). */
export interface ItemResult { resultId: number; outcome: string }

/** The item's writes, run in the transaction that also ends the item; may answer a result id (and what was done). */
export type Apply = (tx: DataScope) => Promise<number | ItemResult | Refused | null | void>;

/**
 * An Apply's answer for an item that failed before it wrote anything (an import's row refused by its
 * record's checks): the item fails with the error's reason and the chunk goes on, without the
 * savepoints a thrown failure costs. An Apply that wrote something throws instead.
 */
export class Refused {
  constructor(readonly error: ItemFailure | AppError) {}
}

/** What an Apply answered, as the item records it. */
export function resultOf(answer: number | ItemResult | null | void): { resultId: number | null; outcome?: string } {
  if (typeof answer === 'object' && answer !== null) return answer;
  return { resultId: answer ?? null };
}

/** A job type as POST /batchjobs takes it: its name, its parameters and what else is checked then. */
export interface JobType<Type extends string = string, Parameters extends TSchema = TSchema> {
  readonly type: Type;
  /** The job's parameters: checked when the job is created, and again (then decoded) before each item. */
  readonly parameters: Parameters;
  /**
   * What the schema cannot say, checked when the job is created (ids that must exist for the
   * caller): throws the AppError of a 400 naming `batchJobParameters.<field>`.
   */
  check?(scope: DataScope, parameters: StaticDecode<Parameters>): Promise<void>;
  /** Items every new job of the type starts with, by recordId (an export's one item: the whole list; an import's file: item 0); none when absent. */
  readonly firstItems?: readonly number[];
  /** `file`: an item's result is a stored file (an export's), served at GET /batchjobs/{id}/file. */
  readonly output?: 'file';
}

export interface JobDefinition<Type extends string = string, Parameters extends TSchema = TSchema, Services = unknown> extends JobType<Type, Parameters> {
  /**
   * One item: the slow part (parsing, a remote service) runs here, outside any transaction; the answer
   * is the item's writes. Throw an ItemFailure for a failure that belongs to the item (no retry);
   * anything else is retried after the item's lease, up to the attempts allowed.
   */
  handle(ctx: JobContext<Services>, parameters: StaticDecode<Parameters>, item: ClaimedItem): Promise<Apply>;
  /**
   * Items taken by the hundred (an import's rows, decision 0050): the worker claims up to `size`
   * items of the type at once and `handle` answers each one's writes, in the items' order. They are
   * applied in one transaction that also ends every item: each write and its item's end commit
   * together, so an item whose write committed is never claimed again. A write that throws an
   * AppError of a 4xx or an ItemFailure fails its item only (the chunk is applied again with a
   * savepoint per item); anything else rolls the chunk back, to be claimed again after its lease.
   */
  chunk?: { size: number; handle(ctx: JobContext<Services>, parameters: StaticDecode<Parameters>, items: ClaimedItem[]): Promise<Apply[]> };
}

/**
 * Declares a job type; `parameters` types the handler's second argument (and `check`'s), and the
 * type given to the handler's context says which services it needs (`JobContext<{ parser: ... }>`).
 */
export function defineJob<const Type extends string, Parameters extends TSchema, Services = unknown>(
  definition: JobDefinition<Type, Parameters, Services>,
): JobDefinition<Type, Parameters, Services> {
  return definition;
}

/** The job types a worker runs (their handlers given `Services`). */
export type JobCatalog<Services = unknown> = readonly JobDefinition<string, TSchema, Services>[];

/** The catalog as a worker runs it: each handler given `services`. */
export function withServices<Services>(catalog: JobCatalog<Services>, services: Services): JobCatalog {
  return catalog.map((definition): JobDefinition => {
    const { chunk, ...rest } = definition;
    const chunked: Pick<JobDefinition, 'chunk'> = chunk ? { chunk: { size: chunk.size, handle: (ctx, parameters, items) => chunk.handle({ ...ctx, services }, parameters, items) } } : {};
    return { ...rest, handle: (ctx, parameters, item) => definition.handle({ ...ctx, services }, parameters, item), ...chunked };
  });
}
/** The type names of a catalog. */
export type JobTypeOf<C extends JobCatalog> = C[number]['type'];
/** The decoded parameters of type `T` of a catalog (immich's `JobOf<T>`). */
export type JobParameters<C extends JobCatalog, T extends JobTypeOf<C>> = StaticDecode<Extract<C[number], { type: T }>['parameters']>;

/** A failure that belongs to the item (bad file, invalid data): no retry. `apply` records it on the record. */
export class ItemFailure extends Error {
  constructor(reason: string, readonly apply?: Apply) { super(reason); this.name = 'ItemFailure'; }
}

/** A job's stored parameters as its handler takes them; an ItemFailure saying what does not fit otherwise. */
export function decodeParameters<P extends TSchema>(definition: JobDefinition<string, P>, stored: unknown): StaticDecode<P> {
  if (!Value.Check(definition.parameters, stored)) {
    const problems = Value.Errors(definition.parameters, stored).slice(0, 5)
      .map((e) => `${e.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'parameters'} ${e.message}`);
    throw new ItemFailure(`The batch job's parameters do not fit a ${definition.type} job: ${problems.join('; ')}.`);
  }
  return Value.Decode(definition.parameters, stored);
}
