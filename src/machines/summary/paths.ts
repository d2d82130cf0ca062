import type * as z from 'zod';
import type { PagedList } from '../../api/codecs';
import { OrderSummarySchema, PaymentSchema, type OrderSummary, type OrderSummaryWireSchema, type Payment, type PaymentWireSchema } from '../../api/finance';
import { dayStart } from '../../lib/finance-range';
import { summaryMachine } from './machine';
import { MONDAY_9AM_SECONDS } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the Account summary graph is explored with, from the current transactions tab of
 * the first week of January 2025, all statuses, first page:
 * - the operator: the daily tab of the same week, and the current transactions of December
 *   filtered to pending, page 2 (every `summary.show` carries fixed values, so the context, and
 *   with it the graph, stays finite); Retry after a failed load; Download;
 * - every effect's outcome: a page of payments and a failure (`loadPayments`), the daily
 *   summaries and a failure (`loadSummaries`), the CSV and a failure (`downloadSummary`).
 */
type PaymentWire = z.infer<typeof PaymentWireSchema>;
type OrderSummaryWire = z.infer<typeof OrderSummaryWireSchema>;

/** A payment as the client holds it (milliseconds): a completed card payment of order 1000 + id unless told otherwise. */
export function payment(id: number, overrides: Partial<PaymentWire> = {}): Payment {
  return PaymentSchema.parse({
    id,
    store_id: 3,
    order_id: 1000 + id,
    amount: 12.5,
    method: 'card',
    status: 'completed',
    audit_creation_date: MONDAY_9AM_SECONDS - id * 3600,
    audit_update_date: MONDAY_9AM_SECONDS - id * 3600,
    ...overrides,
  } satisfies PaymentWire);
}

export const paymentsPageOf = (payments: Payment[], total = payments.length, offset = 0): PagedList<Payment> => ({ data: payments, limit: 10, offset, total });

/** The summary of a local day (YYYY-MM-DD) as the client holds it. */
export function summary(day: string, overrides: Partial<Omit<OrderSummaryWire, 'day'>> = {}): OrderSummary {
  const start = dayStart(day);
  if (start === null) throw new Error(`Not a day: ${day}`);
  return OrderSummarySchema.parse({
    id: start / 86_400_000,
    store_id: 3,
    day: start / 1000,
    orders: 4,
    items: 9,
    gross: 40,
    fees: 4,
    net: 36,
    audit_creation_date: start / 1000,
    audit_update_date: start / 1000,
    ...overrides,
  } satisfies OrderSummaryWire);
}

export const PATH_WEEK = { from: '2025-01-01', to: '2025-01-07' };
export const PATH_DECEMBER = { from: '2024-12-01', to: '2024-12-31' };
export const PATH_PAYMENTS = paymentsPageOf([payment(1), payment(2, { status: 'pending', method: 'wallet' })], 12);
export const PATH_SUMMARIES = ['2025-01-01', '2025-01-02', '2025-01-03'].map((day) => summary(day));

export const summaryPathEvents = [
  { type: 'summary.show', tab: 'daily', range: PATH_WEEK, status: null, page: 0 },
  { type: 'summary.show', tab: 'current-transactions', range: PATH_DECEMBER, status: 'pending', page: 1 },
  { type: 'summary.retry' },
  { type: 'summary.download' },
  { type: 'xstate.done.actor.loadPayments', output: PATH_PAYMENTS },
  { type: 'xstate.error.actor.loadPayments', error: { kind: 'http', status: 500 } },
  { type: 'xstate.done.actor.loadSummaries', output: PATH_SUMMARIES },
  { type: 'xstate.error.actor.loadSummaries', error: { kind: 'timeout' } },
  { type: 'xstate.done.actor.downloadSummary', output: new Blob(['day,orders,items,gross,fees,net\n'], { type: 'text/csv' }) },
  { type: 'xstate.error.actor.downloadSummary', error: { kind: 'network' } },
] satisfies readonly PathEvent<typeof summaryMachine>[];

export const summaryPathModel: PathModel<typeof summaryMachine> = {
  machine: summaryMachine,
  input: { storeId: 3, tab: 'current-transactions', range: PATH_WEEK, status: null, page: 0 },
  events: summaryPathEvents,
};
