import * as z from 'zod';
import { secondsToMillis } from './codecs';
import { http } from './http';

/** The CRM (HubSpot) synchronisation of the store's orders: GET /hubspot/app/orders. */
/** One order as the CRM received it. */
export const SyncedOrderSchema = z.object({
  order_id: z.number().int(),
  consumer_email: z.string(),
  total_price: z.number(),
  status: z.number().int(),
  /** created: new deal in the CRM; updated: an existing deal changed. */
  action: z.enum(['created', 'updated']),
});
export type SyncedOrder = z.infer<typeof SyncedOrderSchema>;

/**
 * What GET /hubspot/app/orders answers: the orders changed since `t` sent to the CRM.
 * `since` echoes t; `synced_at` is when this run finished (unix seconds).
 */
export const OrdersSyncWireSchema = z.object({
  synced_at: z.number(),
  since: z.number(),
  /** The run before this one (unix seconds), null on the store's first. */
  previous_synced_at: z.number().nullable(),
  sent: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** The first orders sent (the server lists at most 50; `sent` counts them all). */
  orders: z.array(SyncedOrderSchema),
});
export const OrdersSyncSchema = secondsToMillis(OrdersSyncWireSchema, ['synced_at', 'since', 'previous_synced_at']);
export type OrdersSync = z.output<typeof OrdersSyncSchema>;

/**
 * GET /hubspot/app/orders?t — sends the orders changed since `t` (unix seconds; 0 = all) to the
 * CRM and reports what went. `sinceMs` is the previous run's synced_at, in milliseconds.
 */
export async function syncOrders(sinceMs: number): Promise<OrdersSync> {
  return http('/hubspot/app/orders', {
    query: { t: Math.max(0, Math.floor(sinceMs / 1000)) },
    schema: OrdersSyncSchema,
    operation: 'GET /hubspot/app/orders',
  });
}
