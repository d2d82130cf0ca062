import * as z from 'zod';
import { pagedList, secondsToMillis, type PagedList } from './codecs';
import { dayEnd, dayStart } from '../lib/calendar-days';
import { http } from './http';

export { dayEnd, dayStart };

export const OrderedOfferSchema = z.object({
  id: z.number().int(),
  quantityOrdered: z.number().int().positive(),
  /** The spec names the offer's name and unit_price; its id is optional (not read by the console). */
  offer: z.object({ id: z.number().int().optional(), name: z.string(), unit_price: z.number().nonnegative() }),
});

/**
 * An order as the server answers it (dates in unix seconds): the fields of spec section 3 are
 * required, store_id, pickup_until and consumer.id are optional extras (docs/spec-fields.md).
 */
export const OrderWireSchema = z.object({
  id: z.number().int(),
  /** Not named by the spec; the platform scopes orders to the current store anyway. */
  store_id: z.number().int().optional(),
  /** Pickup status code: 0 pending, 1 picked up, 2 cancelled by consumer, 3 cancelled by store. */
  status: z.number().int(),
  date: z.number(),
  /**
   * The pickup time (spec section 4): while the order waits (code 0) the time it is due by (the
   * end of its pickup window): PENDING up to it, NON PICKED UP after; once picked up, when it was.
   * null when the platform gives none: a waiting order without one reads PENDING.
   */
  pickup_date: z.number().nullable(),
  /** Not named by the spec: the end of the pickup window, shown beside a waiting order when present. */
  pickup_until: z.number().optional(),
  total_price: z.number().nonnegative(),
  total_price_bt: z.number().nonnegative(),
  total_quantity: z.number().int().nonnegative(),
  rating: z.number().min(0).max(5),
  review: z.string().nullable(),
  review_date: z.number().nullable(),
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
  store: z.object({ name: z.string(), address: z.object({ address_print: z.string() }) }),
  /** The spec names name, email and phone; the consumer's id is optional (not read by the console). */
  consumer: z.object({ id: z.number().int().optional(), name: z.string(), email: z.string(), phone: z.string() }),
  offersOrdered: z.array(OrderedOfferSchema),
});
export const OrderSchema = secondsToMillis(OrderWireSchema, [
  'date',
  'pickup_date',
  'pickup_until',
  'review_date',
  'audit_creation_date',
  'audit_update_date',
]);
export type Order = z.output<typeof OrderSchema>;

/** GET /stores/orders/{id} */
export async function getOrder(id: number): Promise<Order> {
  return http(`/stores/orders/${id}`, { schema: OrderSchema, operation: 'GET /stores/orders/{id}' });
}

// ---------------------------------------------------------------------------------------------
// Orders: lists, status, cancel, payments, summaries, the summary download, the CRM sync.
// ---------------------------------------------------------------------------------------------

/** Pickup-status codes a status call may set (spec section 4): back to pending, or picked up. */
export const OrderStatusCodeSchema = z.union([z.literal(0), z.literal(1)]);
export type OrderStatusCode = z.infer<typeof OrderStatusCodeSchema>;
export const ORDER_STATUS = { pending: 0, pickedUp: 1, cancelledByConsumer: 2, cancelledByStore: 3 } as const;

/**
 * The orders list's tabs. "pending": orders still to hand over (code 0, within or past the pickup
 * window: a late customer can still collect). "sold": settled orders (picked up or cancelled),
 * the Past Orders of the side navigation.
 */
export const OrdersTabSchema = z.enum(['pending', 'sold']);
export type OrdersTab = z.infer<typeof OrdersTabSchema>;

/** The pickup statuses a filter can ask for (the labels of src/lib/pickup-status.ts). */
export const PickupStatusFilterSchema = z.enum(['PENDING', 'NON_PICKED_UP', 'PICKED_UP', 'CANCELLED_BY_CONSUMER', 'CANCELLED_BY_STORE', 'CANCELLED']);
export type PickupStatusFilter = z.infer<typeof PickupStatusFilterSchema>;
export const OrdersSortSchema = z.enum(['newest', 'oldest', 'pickup']);
export type OrdersSort = z.infer<typeof OrdersSortSchema>;

/**
 * Body of POST /stores/orders/pagination/filters. Dates are the order date, unix seconds,
 * inclusive; search matches the order id (digits, with or without "#") or part of the consumer's
 * name or e-mail, any case.
 */
export const OrderFiltersWireSchema = z.object({
  tab: OrdersTabSchema,
  statuses: z.array(PickupStatusFilterSchema).max(6).optional(),
  date_from: z.number().int().nonnegative().optional(),
  date_to: z.number().int().nonnegative().optional(),
  search: z.string().max(100).optional(),
  sort: OrdersSortSchema.optional(),
});
export type OrderFiltersWire = z.infer<typeof OrderFiltersWireSchema>;

/**
 * What the orders list shows: the tab, then the filter drawer's choices. Days are local calendar
 * days (YYYY-MM-DD, as in the URL), inclusive; null = open-ended.
 */
export interface OrdersListFilter {
  tab: OrdersTab;
  statuses: PickupStatusFilter[];
  from: string | null;
  to: string | null;
  search: string;
  sort: OrdersSort;
}

/** The sort each tab opens with: the next pickups first while pending, the newest sales once sold. */
export const defaultSortFor = (tab: OrdersTab): OrdersSort => (tab === 'pending' ? 'pickup' : 'newest');

/**
 * The request body for a filter: days become unix seconds (from the start of the first day to
 * the last second of the last), empty choices are left out, the search is trimmed.
 */
export function ordersFilterBody(filter: OrdersListFilter): OrderFiltersWire {
  const from = filter.from === null ? null : dayStart(filter.from);
  const to = filter.to === null ? null : dayEnd(filter.to);
  const search = filter.search.trim();
  return {
    tab: filter.tab,
    ...(filter.statuses.length > 0 ? { statuses: [...filter.statuses] } : {}),
    ...(from !== null ? { date_from: Math.floor(from / 1000) } : {}),
    ...(to !== null ? { date_to: Math.floor(to / 1000) } : {}),
    ...(search !== '' ? { search } : {}),
    sort: filter.sort,
  };
}

export const OrdersQuerySchema = z.object({
  limit: z.number().int().min(1).max(200),
  offset: z.number().int().min(0),
});
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;

export const OrdersPageWireSchema = pagedList(OrderWireSchema);
export const OrdersPageSchema = pagedList(OrderSchema);

/** POST /stores/orders/pagination/filters?limit&offset — one page of the current store's orders. */
export async function listOrders(filters: OrderFiltersWire, query: OrdersQuery): Promise<PagedList<Order>> {
  return http('/stores/orders/pagination/filters', {
    method: 'POST',
    body: OrderFiltersWireSchema.parse(filters),
    query: OrdersQuerySchema.parse(query),
    schema: OrdersPageSchema,
    operation: 'POST /stores/orders/pagination/filters',
  });
}

export const StoreOrdersQuerySchema = z.object({
  /** Only orders with this pickup-status code. */
  status: z.number().int().min(0).max(9).optional(),
});
export const StoreOrdersWireSchema = z.object({ data: z.array(OrderWireSchema) });
const StoreOrdersSchema = z.object({ data: z.array(OrderSchema) });

/** GET /stores/{id}/orders?status — every order of the store (the counter's open orders), not paged. */
export async function listStoreOrders(storeId: number, query: z.infer<typeof StoreOrdersQuerySchema> = {}): Promise<Order[]> {
  const { data } = await http(`/stores/${storeId}/orders`, {
    query: StoreOrdersQuerySchema.parse(query),
    schema: StoreOrdersSchema,
    operation: 'GET /stores/{id}/orders',
  });
  return data;
}

/** POST /stores/orders/{id}/status/{status} — answers the order as it now stands. */
export async function setOrderStatus(id: number, status: OrderStatusCode): Promise<Order> {
  return http(`/stores/orders/${id}/status/${OrderStatusCodeSchema.parse(status)}`, {
    method: 'POST',
    schema: OrderSchema,
    operation: 'POST /stores/orders/{id}/status/{status}',
  });
}

/** POST /stores/orders/{id}/cancel — cancelled by the store (code 3); answers the order. */
export async function cancelOrder(id: number): Promise<Order> {
  return http(`/stores/orders/${id}/cancel`, { method: 'POST', schema: OrderSchema, operation: 'POST /stores/orders/{id}/cancel' });
}
