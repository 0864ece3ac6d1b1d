// A record's worksite (job orders, rate sheets, timecards): a worksite of the tenant that belongs to
// the record's customer, or to no customer (a site of the agency's own). Another customer's site is
// refused even inside the tenant: a Minneapolis rep must not take an Austin customer's site (issue 14).
import { and, eq } from 'drizzle-orm';
import type { DataScope } from '../../platform/scope.ts';
import type { Rule, RuleContext } from '../../platform/records/rules.ts';
import { worksites } from './reference.table.ts';

/** The record's customer (null: none; undefined: not known yet, so any customer's site or purchase order is refused). */
export type CustomerOf = (ctx: RuleContext) => Promise<number | null | undefined> | number | null | undefined;

export function worksiteOfCustomer(customerOf: CustomerOf, alsoReads: readonly string[] = []): Rule {
  return {
    alsoReads,
    check: async (value, ctx) => {
      const [site] = await ctx.scope.db.select({ customerId: worksites.customerId }).from(worksites)
        .where(and(eq(worksites.tenantId, ctx.scope.tenantId), eq(worksites.id, Number(value))));
      if (!site) return 'is not a worksite of the tenant';
      if (site.customerId === null) return undefined;
      const customerId = await customerOf(ctx);
      return customerId === site.customerId ? undefined : 'is a worksite of another customer';
    },
  };
}

/** The customer a record names in its own `customerId` field. */
export const ownCustomer = (ctx: RuleContext): number | null | undefined => {
  const value = ctx.next.customerId;
  return typeof value === 'number' ? value : value === null ? null : undefined;
};

/**
 * The customer of a record whose catalog has no CustomerId: the stored record's on PATCH, the create
 * request's own. Read once per rule run: the worksite and purchase order rules of one PATCH both ask.
 */
export function recordCustomer(ofRecord: (scope: DataScope, id: number) => Promise<number | undefined>): CustomerOf {
  // Keyed by the run's context: the engine gives every rule of one run the same one.
  const stored = new WeakMap<RuleContext, Promise<number | undefined>>();
  return (ctx) => {
    if (ctx.id === undefined) return ownCustomer(ctx);
    const known = stored.get(ctx);
    if (known) return known;
    const customer = ofRecord(ctx.scope, ctx.id);
    stored.set(ctx, customer);
    return customer;
  };
}
