// The typed job catalog (STYLE.md habit 9; immich's JobName → payload): a job type names its parameter
// schema and its handler. The worker checks a job's stored parameters against the schema before each
// item and hands the handler the decoded value, so no handler reads or casts raw parameters. The
// catalog itself (which types exist) is business: src/resources/jobs.ts lists it.
import type { FastifyBaseLogger } from 'fastify';
import type { StaticDecode, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { DataScope } from '../scope.ts';
import type { ClaimedItem } from './queue.ts';

/** pino's logger, or Fastify's `app.log` (which is pino's). */
export type JobLog = FastifyBaseLogger;

/** The job an item belongs to. */
export interface JobInfo { id: number; type: string; serviceRepId: number }

/** What a handler works with: its job, a scope acting as the job's creating rep (outside any transaction), a logger. */
export interface JobContext { job: JobInfo; scope: DataScope; log: JobLog }

/** The item's writes, run in the transaction that also ends the item; may answer a result id. */
export type Apply = (tx: DataScope) => Promise<number | null | void>;

export interface JobDefinition<Type extends string = string, Parameters extends TSchema = TSchema> {
  readonly type: Type;
  /** The job's parameters: checked when the job is created, and again (then decoded) before each item. */
  readonly parameters: Parameters;
  /**
   * One item: the slow part (parsing, a remote service) runs here, outside any transaction; the answer
   * is the item's writes. Throw an ItemFailure for a failure that belongs to the item (no retry);
   * anything else is retried after the item's lease, up to the attempts allowed.
   */
  handle(ctx: JobContext, parameters: StaticDecode<Parameters>, item: ClaimedItem): Promise<Apply>;
}

/** Declares a job type; `parameters` types the handler's second argument. */
export function defineJob<const Type extends string, Parameters extends TSchema>(definition: JobDefinition<Type, Parameters>): JobDefinition<Type, Parameters> {
  return definition;
}

/** The job types a worker runs. */
export type JobCatalog = readonly JobDefinition[];
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
