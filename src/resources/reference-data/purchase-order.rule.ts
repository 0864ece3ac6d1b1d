// A record's PurchaseOrderId (job orders, assignments, timecards): an active purchase order of the
// record's own customer. Purchase orders are a customer's, not the tenant's: another customer's is
// refused even inside the tenant, as its worksites are (worksites/worksite.rule.ts).
import { eq } from 'drizzle-orm';
import { DEACTIVATED, type Rule } from '../../platform/records/rules.ts';
import { purchaseOrders } from './reference.table.ts';
import type { CustomerOf } from './record-customer.ts';

export function purchaseOrderOfCustomer(customerOf: CustomerOf, alsoReads: readonly string[] = []): Rule {
  return {
    alsoReads,
    check: async (value, ctx) => {
      const [order] = await ctx.scope.select(purchaseOrders, { customerId: purchaseOrders.customerId, isActive: purchaseOrders.isActive })
        .where(eq(purchaseOrders.id, Number(value)));
      if (!order) return 'is not a purchase order of the tenant (GET /Datalists/PurchaseOrders?customerId=)';
      if (order.customerId !== await customerOf(ctx)) return 'is a purchase order of another customer';
      return order.isActive ? undefined : DEACTIVATED;
    },
  };
}
