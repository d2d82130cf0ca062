import * as z from 'zod';
import { secondsToMillis } from './codecs';
import { http } from './http';

export const OrderedOfferSchema = z.object({
  id: z.number().int(),
  quantityOrdered: z.number().int().positive(),
  offer: z.object({ id: z.number().int(), name: z.string(), unit_price: z.number().nonnegative() }),
});

/** An order as the server holds it (dates in unix seconds). Later issues add the calls. */
export const OrderWireSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  /** Pickup status code: 0 pending, 1 picked up, 2 cancelled by consumer, 3 cancelled by store. */
  status: z.number().int(),
  date: z.number(),
  pickup_date: z.number().nullable(),
  /** End of the pickup window: code 0 reads PENDING up to this time, NON PICKED UP after. */
  pickup_until: z.number(),
  total_price: z.number().nonnegative(),
  total_price_bt: z.number().nonnegative(),
  total_quantity: z.number().int().nonnegative(),
  rating: z.number().min(0).max(5),
  review: z.string().nullable(),
  review_date: z.number().nullable(),
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
  store: z.object({ name: z.string(), address: z.object({ address_print: z.string() }) }),
  consumer: z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string() }),
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

export const PaymentStatusSchema = z.enum(['pending', 'completed', 'rejected', 'canceled']);

export const PaymentWireSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  order_id: z.number().int(),
  amount: z.number(),
  method: z.enum(['card', 'wallet', 'cash']),
  status: PaymentStatusSchema,
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
});
export const PaymentSchema = secondsToMillis(PaymentWireSchema, ['audit_creation_date', 'audit_update_date']);
export type Payment = z.output<typeof PaymentSchema>;

export const OrderSummaryWireSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  /** The day the summary covers, unix seconds at local midnight. */
  day: z.number(),
  orders: z.number().int().nonnegative(),
  items: z.number().int().nonnegative(),
  gross: z.number(),
  fees: z.number(),
  net: z.number(),
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
});
export const OrderSummarySchema = secondsToMillis(OrderSummaryWireSchema, ['day', 'audit_creation_date', 'audit_update_date']);
export type OrderSummary = z.output<typeof OrderSummarySchema>;

/** GET /stores/orders/{id} */
export async function getOrder(id: number): Promise<Order> {
  return http(`/stores/orders/${id}`, { schema: OrderSchema, operation: 'GET /stores/orders/{id}' });
}
