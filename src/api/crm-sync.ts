import * as z from 'zod';
import { now } from '../lib/clock';
import { toMillis } from './codecs';
import { http } from './http';

/**
 * The CRM (HubSpot) synchronisation of the store's orders: GET /hubspot/app/orders. The spec names
 * the call and its param t, not its answer, so every field is optional with the default written
 * beside it (docs/spec-fields.md).
 */

/** One order as the CRM received it; a field left out shows as "—" (no link without order_id). */
export const SyncedOrderSchema = z.object({
  order_id: z.number().int().optional(),
  consumer_email: z.string().default(''),
  total_price: z.number().optional(),
  status: z.number().int().optional(),
  /** created: new deal in the CRM; updated: an existing deal changed. */
  action: z.enum(['created', 'updated']).optional(),
});
export type SyncedOrder = z.output<typeof SyncedOrderSchema>;

/**
 * What GET /hubspot/app/orders answers: the orders changed since `t` sent to the CRM.
 * `since` echoes t; `synced_at` is when this run finished (unix seconds).
 */
export const OrdersSyncWireSchema = z.object({
  synced_at: z.number().optional(),
  since: z.number().optional(),
  /** The run before this one (unix seconds), null on the store's first. */
  previous_synced_at: z.number().nullable().default(null),
  sent: z.number().int().nonnegative().optional(),
  created: z.number().int().nonnegative().optional(),
  updated: z.number().int().nonnegative().optional(),
  /** The first orders sent (the server lists at most 50; `sent` counts them all). */
  orders: z.array(SyncedOrderSchema).default([]),
});
export type OrdersSyncWire = z.output<typeof OrdersSyncWireSchema>;

/** A run as the console keeps it: dates in milliseconds, every figure known. */
export interface OrdersSync {
  synced_at: number;
  since: number;
  previous_synced_at: number | null;
  sent: number;
  created: number;
  updated: number;
  orders: SyncedOrder[];
}

/**
 * The run from an answer, the defaults filled in: synced_at = when the answer arrived, since = the
 * t asked for, sent = the orders listed, created / updated = the listed orders with that action.
 */
export function ordersSyncOf(wire: OrdersSyncWire, sinceMs: number, arrivedAt: number): OrdersSync {
  const counted = (action: 'created' | 'updated') => wire.orders.filter((order) => order.action === action).length;
  return {
    synced_at: wire.synced_at === undefined ? arrivedAt : toMillis(wire.synced_at),
    since: wire.since === undefined ? sinceMs : toMillis(wire.since),
    previous_synced_at: wire.previous_synced_at === null ? null : toMillis(wire.previous_synced_at),
    sent: wire.sent ?? wire.orders.length,
    created: wire.created ?? counted('created'),
    updated: wire.updated ?? counted('updated'),
    orders: wire.orders,
  };
}

/**
 * GET /hubspot/app/orders?t — sends the orders changed since `t` (unix seconds; 0 = all) to the
 * CRM and reports what went. `sinceMs` is the previous run's synced_at, in milliseconds.
 */
export async function syncOrders(sinceMs: number): Promise<OrdersSync> {
  const t = Math.max(0, Math.floor(sinceMs / 1000));
  const wire = await http('/hubspot/app/orders', { query: { t }, schema: OrdersSyncWireSchema, operation: 'GET /hubspot/app/orders' });
  return ordersSyncOf(wire, t * 1000, now());
}
