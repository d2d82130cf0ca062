import * as z from 'zod';
import { pagedList, secondsToMillis, type PagedList } from './codecs';
import { http } from './http';

/**
 * The account summary's calls (spec sections 3 and 7): payments and daily summaries of a date
 * range, and the summary download. Apart from the orders module so the shell, which only opens
 * single orders, does not carry them.
 */
export const PaymentStatusSchema = z.enum(['pending', 'completed', 'rejected', 'canceled']);

/**
 * A payment as the platform answers it. Spec section 3 says only that payments come with audit
 * dates: those are required; everything else is optional and shown as "—" when absent (an
 * order number without order_id is not a link).
 */
export const PaymentWireSchema = z.object({
  id: z.number().int().optional(),
  store_id: z.number().int().optional(),
  order_id: z.number().int().optional(),
  amount: z.number().optional(),
  method: z.enum(['card', 'wallet', 'cash']).optional(),
  status: PaymentStatusSchema.optional(),
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
});
export const PaymentSchema = secondsToMillis(PaymentWireSchema, ['audit_creation_date', 'audit_update_date']);
export type Payment = z.output<typeof PaymentSchema>;

/**
 * A daily summary as the platform answers it: like payments, only the audit dates are named by the
 * spec. A missing figure is shown as "—" and counts 0 in the totals; a missing day as "—".
 */
export const OrderSummaryWireSchema = z.object({
  id: z.number().int().optional(),
  store_id: z.number().int().optional(),
  /** The day the summary covers, unix seconds at local midnight. */
  day: z.number().optional(),
  orders: z.number().int().nonnegative().optional(),
  items: z.number().int().nonnegative().optional(),
  gross: z.number().optional(),
  fees: z.number().optional(),
  net: z.number().optional(),
  audit_creation_date: z.number(),
  audit_update_date: z.number(),
});
export const OrderSummarySchema = secondsToMillis(OrderSummaryWireSchema, ['day', 'audit_creation_date', 'audit_update_date']);
export type OrderSummary = z.output<typeof OrderSummarySchema>;

/** A date range of the finance view, unix seconds, inclusive. */
export const FinanceRangeWireSchema = z.object({
  date_from: z.number().int().nonnegative(),
  date_to: z.number().int().nonnegative(),
});
export type FinanceRangeWire = z.infer<typeof FinanceRangeWireSchema>;

export const PaymentsQuerySchema = FinanceRangeWireSchema.extend({
  status: PaymentStatusSchema.optional(),
  limit: z.number().int().min(1).max(200),
  offset: z.number().int().min(0),
});
export type PaymentsQuery = z.infer<typeof PaymentsQuerySchema>;
export const PaymentsPageWireSchema = pagedList(PaymentWireSchema);
const PaymentsPageSchema = pagedList(PaymentSchema);

/** GET /stores/orders/payments?date_from&date_to&status&limit&offset — newest first. */
export async function listPayments(query: PaymentsQuery): Promise<PagedList<Payment>> {
  return http('/stores/orders/payments', {
    query: PaymentsQuerySchema.parse(query),
    schema: PaymentsPageSchema,
    operation: 'GET /stores/orders/payments',
  });
}

export const SummariesWireSchema = z.object({ data: z.array(OrderSummaryWireSchema) });
const SummariesSchema = z.object({ data: z.array(OrderSummarySchema) });

/** GET /stores/orders/summary?date_from&date_to — one summary per day of the range, oldest first. */
export async function listSummaries(range: FinanceRangeWire): Promise<OrderSummary[]> {
  const { data } = await http('/stores/orders/summary', {
    query: FinanceRangeWireSchema.parse(range),
    schema: SummariesSchema,
    operation: 'GET /stores/orders/summary',
  });
  return data;
}

/** The name the downloaded summary is saved under (spec section 7). */
export const SUMMARY_FILE_NAME = 'summary.csv';

/** GET /stores/orders/summary_pdf/{id}?date_from&date_to — {id} is the store; a CSV of the range's orders. */
export async function downloadSummary(storeId: number, range: FinanceRangeWire): Promise<Blob> {
  return http(`/stores/orders/summary_pdf/${storeId}`, {
    query: FinanceRangeWireSchema.parse(range),
    responseType: 'blob',
    schema: z.instanceof(Blob),
    operation: 'GET /stores/orders/summary_pdf/{id}',
  });
}
