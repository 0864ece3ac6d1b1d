// /Vendors: create, read, list, and PATCH of the catalog's fields (GEN-15: the spec shows only
// PATCH; the others follow the employee pattern). DELETE is not offered (405).
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../platform/auth/access.ts';
import { notFound } from '../../platform/http/errors.ts';
import { PagedList } from '../../platform/http/paging.ts';
import { PatchDocument, type Operation } from '../../platform/http/json-patch/patch.ts';
import { applyPatch } from '../../platform/http/json-patch/apply.ts';
import * as S from './vendor.schemas.ts';
import { vendorPatchTarget, createVendor, getVendor, listVendors } from './vendor.repository.ts';

const read: Access = { roles: ['ServiceRep', 'Service'], scopes: ['vendor-read'] };
const write: Access = { roles: ['ServiceRep', 'Service'], scopes: ['vendor-write'] };
const tags = ['Vendors'];

export async function vendorRoutes(app: FastifyInstance) {
  app.post('/Vendors', {
    config: { access: write, representation: 'record', recordName: 'VendorCreated' },
    schema: { tags, summary: 'Create a vendor from catalog fields, in the caller\'s hierarchy node or a visible hierId. IsVendor false is refused.', body: S.VendorCreate, response: { 201: S.VendorCreated } },
  }, async (request, reply) => {
    const vendorId = await createVendor(request.scope, request.body as S.VendorCreateInput);
    return reply.code(201).header('location', `/Vendors/${vendorId}`).send({ vendorId });
  });

  app.get('/Vendors', {
    config: { access: read, representation: 'list', recordName: 'Vendor' },
    schema: { tags, summary: 'Vendors inside the caller\'s hierarchy, by company name.', querystring: S.VendorListQuery, response: { 200: PagedList(S.VendorListItem) } },
  }, async (request) => listVendors(request.scope, request.query as S.VendorListFilter));

  app.get('/Vendors/:id', {
    config: { access: read, representation: 'record', recordName: 'Vendor' },
    schema: { tags, summary: 'One vendor: every catalog field.', params: S.VendorIdParams, response: { 200: S.VendorRecord } },
  }, async (request) => {
    const vendor = await getVendor(request.scope, (request.params as { id: number }).id);
    if (!vendor) throw notFound('The vendor');
    return vendor;
  });

  app.patch('/Vendors/:id', {
    config: { access: write },
    schema: {
      tags, summary: 'Change catalog fields with a JSON Patch document. 200 with no body; a failed test answers 409. IsVendor false is refused (AMB-71); DiscountMethod is stored without effect.',
      params: S.VendorIdParams, body: PatchDocument,
    },
  }, async (request, reply) => {
    await applyPatch(request.scope, vendorPatchTarget, (request.params as { id: number }).id, request.body as Operation[]);
    return reply.code(200).send();
  });
}
