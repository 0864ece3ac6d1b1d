// The type provider of every route: request body, query and params typed from their TypeBox schemas
// (what the validator guarantees), replies left to the response schema at run time. Replies are
// plain rows from repositories; the serializer, derived from the same schema, shapes them.
import type { FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from 'typebox';

export interface TypedRequests extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: unknown;
}
