// The customer of a record, for the rules of the fields that must be that customer's: its worksite
// (worksites/worksite.rule.ts) and its purchase order (purchase-order.rule.ts).
import type { DataScope } from '../../platform/scope.ts';
import type { RuleContext } from '../../platform/records/rules.ts';

/** The record's customer (null: none; undefined: not known yet, so any customer's site or purchase order is refused). */
export type CustomerOf = (ctx: RuleContext) => Promise<number | null | undefined> | number | null | undefined;

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
