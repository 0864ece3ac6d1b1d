// A record's worksite (job orders, rate sheets, timecards): a worksite of the tenant that belongs to
// the record's customer, or to no customer (a site of the agency's own). Another customer's site is
// refused even inside the tenant: a Minneapolis rep must not take an Austin customer's site (issue 14).
import { eq } from 'drizzle-orm';
import type { Rule } from '../../platform/records/rules.ts';
import type { CustomerOf } from '../reference-data/record-customer.ts';
import { worksites } from './worksite.table.ts';

export function worksiteOfCustomer(customerOf: CustomerOf, alsoReads: readonly string[] = []): Rule {
  return {
    alsoReads,
    check: async (value, ctx) => {
      const [site] = await ctx.scope.select(worksites, { customerId: worksites.customerId }).where(eq(worksites.id, Number(value)));
      if (!site) return 'is not a worksite of the tenant';
      if (site.customerId === null) return undefined;
      const customerId = await customerOf(ctx);
      return customerId === site.customerId ? undefined : 'is a worksite of another customer';
    },
  };
}
