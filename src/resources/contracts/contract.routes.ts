// /Contracts: create, read, list, and PATCH of the catalog's fields (GEN-15: the spec shows only
// PATCH; the others follow the employee pattern). DELETE is not offered (405).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './contract.schemas.ts';
import { contractPatchTarget, createContract, getContract, listContracts } from './contract.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['contract-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['contract-write'] };
const tags = ['Contracts'];

export async function contractRoutes(app: FastifyInstance) {
  app.post('/Contracts', {
    config: { access: write, representation: 'record', recordName: 'ContractCreated' },
    schema: { tags, summary: 'Create a contract for a customer inside the caller\'s hierarchy.', body: S.ContractCreate, response: { 201: S.ContractCreated } },
  }, async (request, reply) => {
    const contractId = await createContract(request.scope, request.body as S.ContractCreateInput);
    return reply.code(201).header('location', `/Contracts/${contractId}`).send({ contractId });
  });

  app.get('/Contracts', {
    config: { access: read, representation: 'list', recordName: 'Contract' },
    schema: { tags, summary: 'Contracts inside the caller\'s hierarchy, by name.', querystring: S.ContractListQuery, response: { 200: PagedList(S.ContractListItem) } },
  }, async (request) => listContracts(request.scope, request.query as S.ContractListFilter));

  app.get('/Contracts/:id', {
    config: { access: read, representation: 'record', recordName: 'Contract' },
    schema: { tags, summary: 'One contract: every catalog field, plus display names.', params: S.ContractIdParams, response: { 200: S.ContractRecord } },
  }, async (request) => {
    const contract = await getContract(request.scope, (request.params as { id: number }).id);
    if (!contract) throw notFound('The contract');
    return contract;
  });

  app.patch('/Contracts/:id', {
    config: { access: write },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409. DateContractSigned is yyyymmdd.',
      params: S.ContractIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, contractPatchTarget, (request.params as { id: number }).id, request.body as Operation[]);
    return reply.code(200).send();
  });
}
