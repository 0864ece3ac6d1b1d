// Matching's routes of this step (decision 0058): an order's requirements, read and stated
// (`/JobOrders/{id}/Requirements`), and the tenant's match weights (`/Matching/Weights`). The
// matches themselves come with the endpoints that join the parts (issue 30 item 3).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Access } from '../../platform/auth/access.ts';
import type { TypedRequests } from '../../platform/http/typed-requests.ts';
import { idSchema, tagOf } from '../../platform/records/record.ts';
import { jobOrderRecord } from '../job-orders/job-order.record.ts';
import { MATCH_CATEGORIES, MatchWeightsSchema, PointSchema, StatedRequirementsSchema } from './matching.contract.ts';
import { getRequirements, putRequirements } from './order-requirements.repository.ts';
import { setWeights, weightsOf } from './matching-weights.settings.ts';
import { SenioritySchema } from './vocabulary/vocabulary.schemas.ts';

const roles = ['ServiceRep', 'Service'] as const;
// As the job order's own GET and PATCH: the requirements are the order's.
const orderRead: Access = { roles, scopes: ['order-read'] };
const orderWrite: Access = { roles, scopes: ['order-write'] };

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const STATED_EXAMPLE = {
  requiredSkills: ['forklift', 'pallet-jack'], preferredSkills: ['reach-truck'], requiredCertifications: [['forklift-certification']], preferredCertifications: ['osha-10'],
  requiredLanguages: ['es'], minimumYears: 1, maxMiles: 30,
};
const Stated = Type.Object(StatedRequirementsSchema.properties, { additionalProperties: false, $id: 'StatedRequirements', examples: [STATED_EXAMPLE], description: 'Requirements a recruiter states on an order; a list left empty (or a null) is read from the order.' });
const Requirements = Type.Object({
  ...StatedRequirementsSchema.properties,
  jobOrderId: Type.Integer(), customerId: Type.Integer(),
  occupationId: nullable(Type.String()), seniority: nullable(SenioritySchema), worksite: nullable(PointSchema), payPerHour: nullable(Type.Number()),
  startDate: nullable(Type.String()), endDate: nullable(Type.String()),
  sources: Type.Record(Type.String(), Type.String(), { description: 'Where each requirement came from: `title`, `job title`, `skills`, `description`, `stated`, `worksite`, `postal code`.' }),
});
const RequirementsAnswer = Type.Object({ jobOrderId: Type.Integer(), stated: Stated, requirements: Requirements }, {
  $id: 'JobOrderRequirements',
  examples: [{
    jobOrderId: 1301, stated: STATED_EXAMPLE,
    requirements: {
      ...STATED_EXAMPLE, jobOrderId: 1301, customerId: 2042, occupationId: 'forklift-operator', seniority: null, worksite: { latitude: 44.99, longitude: -93.25 },
      payPerHour: 21.5, startDate: '2026-03-09', endDate: null, sources: { occupation: 'job title', forklift: 'stated', requiredSkills: 'stated', worksite: 'worksite' },
    },
  }],
});
const Weights = Type.Object(MatchWeightsSchema.properties, { additionalProperties: false, $id: 'MatchWeights', description: `Each category's weight, 0 to 10: ${MATCH_CATEGORIES.join(', ')}.` });
const WeightsAnswer = Type.Object({ weights: Weights, isDefault: Type.Boolean() }, { $id: 'MatchWeightsSetting' });
const Params = Type.Object({ id: idSchema(jobOrderRecord) });
const tags = ['Matching'];

export async function matchingRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypedRequests>();

  api.get(`${jobOrderRecord.path}/:id/Requirements`, {
    config: { access: orderRead, representation: 'record', recordName: 'JobOrderRequirements' },
    schema: {
      tags: [tagOf(jobOrderRecord), ...tags], operationId: 'getJobOrderRequirements',
      summary: 'What the order asks, in vocabulary ids: what was stated on it, and the requirements read from its title, description, skills, worksite, pay and dates merged with them (docs/matching.md).',
      params: Params, response: { 200: RequirementsAnswer },
    },
  }, async (request) => getRequirements(request.scope, request.params.id));

  api.put(`${jobOrderRecord.path}/:id/Requirements`, {
    config: { access: orderWrite, representation: 'record', recordName: 'JobOrderRequirements' },
    schema: {
      tags: [tagOf(jobOrderRecord), ...tags], operationId: 'putJobOrderRequirements',
      summary: 'States the order\'s requirements (they replace those stated before); a stated field wins over what is read from the order. An id the vocabulary does not know is a 400 naming its place. '
        + 'Recorded in the order\'s history (`requirements`) with a `jobOrder.updated` event.',
      params: Params, body: Stated, response: { 200: RequirementsAnswer },
    },
  }, async (request) => putRequirements(request.scope, request.params.id, request.body));

  api.get('/Matching/Weights', {
    config: { access: orderRead, representation: 'record', recordName: 'MatchWeights' },
    schema: { tags, operationId: 'getMatchWeights', summary: 'The tenant\'s match weights (the defaults when it stored none).', response: { 200: WeightsAnswer } },
  }, async (request) => weightsOf(request.scope));

  api.put('/Matching/Weights', {
    config: { access: orderWrite, representation: 'record', recordName: 'MatchWeights' },
    schema: {
      tags, operationId: 'putMatchWeights',
      summary: 'Sets the tenant\'s match weights, all nine, each 0 to 10 (0 leaves the category out of the score). 403 HIERARCHY_NOT_ALLOWED below the root node.',
      body: Weights, response: { 200: WeightsAnswer },
    },
  }, async (request) => setWeights(request.scope, request.body));
}
