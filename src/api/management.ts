import * as z from 'zod';
import { http } from './http';

/**
 * GET /stores/management_info: the headline figures of the Management Information dashboard. Spec
 * section 3 names them among the home data the dashboard shows (annual_income, new_customers,
 * sales_ratio, items_rescued): all required.
 */
export const ManagementInfoSchema = z.object({
  annual_income: z.number().nonnegative(),
  new_customers: z.number().int().nonnegative(),
  /** Percent of offered units sold, 0–100 (drives the progress bar). */
  sales_ratio: z.number().min(0).max(100),
  items_rescued: z.number().int().nonnegative(),
});
export type ManagementInfo = z.infer<typeof ManagementInfoSchema>;

/** One bar of the sales performance chart: a calendar month (YYYY-MM) and its sales. */
export const MonthlySalesSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), value: z.number().nonnegative() });
export type MonthlySales = z.infer<typeof MonthlySalesSchema>;
/**
 * A month as the platform answers it. The spec names the sales figures but not their fields, so
 * both are optional: a month without its label or its value is left out of the chart.
 */
export const MonthlySalesAnswerSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/).optional(), value: z.number().nonnegative().optional() });
/** GET /stores/management_info_sales: the last 12 months, oldest first. */
export const ManagementSalesSchema = z.object({ data: z.array(MonthlySalesAnswerSchema) });

/** The months the chart can draw: those that carry both a label and a value. */
export const chartableMonths = (months: readonly z.output<typeof MonthlySalesAnswerSchema>[]): MonthlySales[] =>
  months.flatMap(({ month, value }) => (month === undefined || value === undefined ? [] : [{ month, value }]));

/** Earnings segmentation of the dashboard's doughnut: one segment each, colour from the data. */
export const EarningSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  value: z.number().nonnegative(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type Earning = z.infer<typeof EarningSchema>;
/** GET /stores/management_info_customers */
export const ManagementCustomersSchema = z.object({ data: z.array(EarningSchema) });

/** GET /stores/management_info — a non-200 answer reads "Error on get management info". */
export async function getManagementInfo(): Promise<ManagementInfo> {
  return http('/stores/management_info', { schema: ManagementInfoSchema, operation: 'GET /stores/management_info' });
}

/** GET /stores/management_info_sales — "Error on get management sales" on failure. */
export async function getManagementSales(): Promise<MonthlySales[]> {
  const response = await http('/stores/management_info_sales', {
    schema: ManagementSalesSchema,
    operation: 'GET /stores/management_info_sales',
  });
  return chartableMonths(response.data);
}

/** GET /stores/management_info_customers — "Error on get management Customers" on failure. */
export async function getManagementCustomers(): Promise<Earning[]> {
  const response = await http('/stores/management_info_customers', {
    schema: ManagementCustomersSchema,
    operation: 'GET /stores/management_info_customers',
  });
  return response.data;
}
