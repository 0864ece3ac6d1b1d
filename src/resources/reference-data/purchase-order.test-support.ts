// The route tests of every record with a PurchaseOrderId check the one rule (purchase-order.rule.ts)
// the same way, through the record's PATCH.
import { expect } from 'vitest';
import type { CatalogHarness } from '../../../test/catalog-cases.ts';

/** Issue 10: another customer's purchase order is refused naming purchaseOrderId; one of the record's own customer is stored. */
export async function expectPurchaseOrderOfCustomer(record: Pick<CatalogHarness, 'patch' | 'read'>, purchaseOrders: { own: number; anotherCustomers: number }) {
  const set = (value: number) => record.patch([{ op: 'replace', path: '/PurchaseOrderId', value }]);
  expect(JSON.parse((await set(purchaseOrders.anotherCustomers)).body).errors).toEqual({ purchaseOrderId: ['is a purchase order of another customer'] });
  expect((await set(purchaseOrders.own)).statusCode).toBe(200);
  expect((await record.read()).purchaseOrderId).toBe(purchaseOrders.own);
}
