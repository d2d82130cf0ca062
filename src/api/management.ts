import * as z from 'zod';

/** Earnings segmentation of the management dashboard: one doughnut segment each. */
export const EarningSchema = z.object({ id: z.number().int(), label: z.string(), value: z.number(), color: z.string() });
export type Earning = z.infer<typeof EarningSchema>;

export const ManagementInfoSchema = z.object({
  annual_income: z.number(),
  new_customers: z.number().int(),
  sales_ratio: z.number().min(0).max(100),
  items_rescued: z.number().int(),
});
export const MonthlySalesSchema = z.object({ month: z.string(), value: z.number() });
