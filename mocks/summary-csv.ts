import { pickupStatus, type PickupStatus } from '../src/lib/pickup-status';
import type { RecordOf } from './db';
import { millis } from './time';

type OrderWire = RecordOf<'orders'>;
type PaymentStatus = RecordOf<'payments'>['status'];

/**
 * The orders summary download (GET /stores/orders/summary_pdf/{id}, saved as summary.csv): one
 * row per order, in the order given, as RFC 4180 CSV. Pure, so the format is unit-tested apart
 * from the handler (tests/mocks/summary-csv.test.ts).
 *
 * - date: the order date, local time, `YYYY/MM/DD HH:mm`;
 * - pickup_status: the human label of spec section 4, computed at `now` (a code-0 order reads
 *   PENDING up to the end of its pickup window, NON PICKED UP after);
 * - items: `2 × Bread bag; 1 × Croissants`;
 * - money: two decimals with a dot; payment_status: the order's payment, empty when it has none;
 * - fields holding a comma, a double quote, CR or LF are quoted, quotes doubled; lines end \r\n.
 */
export const SUMMARY_CSV_HEADER = [
  'order_id',
  'date',
  'pickup_status',
  'consumer',
  'email',
  'items',
  'quantity',
  'total_price',
  'total_price_bt',
  'payment_status',
] as const;

/** Spec section 4's labels, by the status src/lib/pickup-status.ts computes. */
export const PICKUP_STATUS_LABELS: Record<PickupStatus, string> = {
  PENDING: 'PENDING',
  NON_PICKED_UP: 'NON PICKED UP',
  PICKED_UP: 'PICKED UP',
  CANCELLED_BY_CONSUMER: 'Cancelled by consumer',
  CANCELLED_BY_STORE: 'Cancelled by store',
  CANCELLED: 'CANCELLED',
};

export interface SummaryCsvInput {
  orders: readonly OrderWire[];
  /** Each order's payment status, by order id. */
  paymentStatuses: ReadonlyMap<number, PaymentStatus>;
  /** The server clock (ms), for PENDING vs NON PICKED UP. */
  now: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds as local `YYYY/MM/DD HH:mm`. */
export function csvDate(unixSeconds: number): string {
  const d = new Date(millis(unixSeconds));
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * One field, quoted only when it has to be (RFC 4180). Text that a spreadsheet would run as a
 * formula (=, +, -, @ first: a customer can name themselves "=HYPERLINK(…)") gets a leading
 * apostrophe, which spreadsheets show as plain text.
 */
export function csvField(value: string | number): string {
  const text = typeof value === 'string' && /^[=+\-@]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const money = (value: number) => value.toFixed(2);

export function summaryCsv({ orders, paymentStatuses, now }: SummaryCsvInput): string {
  const rows: Array<ReadonlyArray<string | number>> = [SUMMARY_CSV_HEADER];
  for (const order of orders) {
    rows.push([
      order.id,
      csvDate(order.date),
      // The wire holds unix seconds; pickupStatus compares milliseconds.
      PICKUP_STATUS_LABELS[pickupStatus({ status: order.status, pickup_date: order.pickup_date === null ? null : millis(order.pickup_date) }, now)],
      order.consumer.name,
      order.consumer.email,
      order.offersOrdered.map((line) => `${line.quantityOrdered} × ${line.offer.name}`).join('; '),
      order.total_quantity,
      money(order.total_price),
      money(order.total_price_bt),
      paymentStatuses.get(order.id) ?? '',
    ]);
  }
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
