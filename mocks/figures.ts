import type * as z from 'zod';
import { EarningSchema, type Earning, type ManagementInfo, type MonthlySales } from '../src/api/management';
import { ReviewWireSchema, type HomeDataWireSchema } from '../src/api/stores';
import type { Db, RecordOf } from './db';
import { addDays, addMonths, millis, monthKey, seconds, startOfDay, startOfMonth } from './time';

/**
 * Store figures computed from the db on every request, so they always agree with the offers,
 * orders, reviews and summaries a screen lists (GET /stores/home and the management endpoints).
 * Definitions (the spec names the figures only):
 *
 * - an order counts as a sale when its status is 0 (pending) or 1 (picked up); 2, 3 and any
 *   other code are cancellations;
 * - "today" is the local calendar day of the server clock;
 * - past days are read from the daily summaries (the platform's aggregates, which also cover the
 *   months before the detailed order history); today is read from the live orders, because a
 *   day's summary is only written once the day is over.
 */
export type HomeDataWire = z.infer<typeof HomeDataWireSchema>;
type Order = RecordOf<'orders'>;

export const SALE_STATUSES: readonly number[] = [0, 1];
export const isSale = (order: Pick<Order, 'status'>) => SALE_STATUSES.includes(order.status);

/** How many of the newest reviews GET /stores/home carries (the overview shows 3). */
export const HOME_REVIEW_COUNT = 10;
const SALES_RATIO_WINDOW_DAYS = 30;
const ANNUAL_WINDOW_DAYS = 365;

export const roundMoney = (value: number) => Math.round(value * 100) / 100;
/** The platform's commission on a sale, as the daily summaries account it. */
export const PLATFORM_FEE_RATE = 0.15;

/** Sales-status orders of a store placed in [from, to) (ms). */
export function salesBetween(db: Db, storeId: number, from: number, to: number): Order[] {
  const [fromS, toS] = [seconds(from), seconds(to)];
  return db.orders.findMany((q) => q.where({ store_id: storeId, date: (d: number) => d >= fromS && d < toS })).filter(isSale);
}

/** A daily summary's figures from its totals: fees are the platform's commission, net what the store keeps. */
export function dayFigures(orders: number, items: number, gross: number) {
  const cents = roundMoney(gross);
  const fees = roundMoney(cents * PLATFORM_FEE_RATE);
  return { orders, items, gross: cents, fees, net: roundMoney(cents - fees) };
}

/** Aggregates of one day's sales, as a daily summary holds them. */
export function aggregateSales(orders: ReadonlyArray<Pick<Order, 'total_price' | 'total_quantity'>>) {
  return dayFigures(
    orders.length,
    orders.reduce((sum, order) => sum + order.total_quantity, 0),
    orders.reduce((sum, order) => sum + order.total_price, 0),
  );
}

/** A store's sales of the local day `now` falls in (live orders: a day is summarised once it is over). */
export function salesOfToday(db: Db, storeId: number, now: number): Order[] {
  return salesBetween(db, storeId, startOfDay(now), addDays(now, 1));
}

const sumOf = <T>(items: readonly T[], value: (item: T) => number) => items.reduce((sum, item) => sum + value(item), 0);

/**
 * The headline figures GET /stores/home and GET /stores/management_info share (one definition,
 * so the overview and the dashboard always agree):
 *
 * - annual_income: gross of the daily summaries of the last 365 days plus today's live sales;
 * - new_customers: consumers whose first order at the store was placed this calendar month;
 * - sales_ratio: percent of the units offered in the last 30 days that were sold;
 * - items_rescued: units of every summarised day plus today's live sales.
 *
 * `loaded` takes what the caller already read (today's sales, the store's offers), so a handler
 * scans each collection once.
 */
export function headlineFigures(
  db: Db,
  storeId: number,
  now: number,
  loaded: { todaysSales?: readonly Order[]; offers?: ReadonlyArray<RecordOf<'offers'>> } = {},
): ManagementInfo {
  const todaysSales = loaded.todaysSales ?? salesOfToday(db, storeId, now);
  const offers = loaded.offers ?? db.offers.findMany((q) => q.where({ store_id: storeId }));
  const today = seconds(startOfDay(now));
  const summaries = db.summaries.findMany((q) => q.where({ store_id: storeId, day: (day: number) => day < today }));
  const yearAgo = seconds(addDays(now, -ANNUAL_WINDOW_DAYS));
  return {
    annual_income: roundMoney(
      sumOf(
        summaries.filter((s) => s.day >= yearAgo),
        (s) => s.gross,
      ) + sumOf(todaysSales, (order) => order.total_price),
    ),
    new_customers: newCustomers(db, storeId, now),
    sales_ratio: salesRatio(offers, now),
    items_rescued: sumOf(summaries, (s) => s.items) + sumOf(todaysSales, (order) => order.total_quantity),
  };
}

export function homeFigures(db: Db, storeId: number, now: number): HomeDataWire {
  const today = startOfDay(now);
  const tomorrow = addDays(now, 1);
  const nowS = seconds(now);

  const todaysSales = salesOfToday(db, storeId, now);
  const offers = db.offers.findMany((q) => q.where({ store_id: storeId }));
  const offers_qty = offers.filter((o) => o.order_date_from >= seconds(today) && o.order_date_from < seconds(tomorrow)).length;
  const current_Offers = offers.filter(
    (o) => o.status === 1 && o.order_date_from <= nowS && nowS < o.order_date_to && o.quantity_left > 0,
  ).length;

  const reviews = reviewsNewestFirst(db, storeId);
  const rating = reviews.length === 0 ? 0 : Math.round((sumOf(reviews, (r) => r.rating) / reviews.length) * 10) / 10;
  const headline = headlineFigures(db, storeId, now, { todaysSales, offers });

  return {
    offers_qty,
    today_sales: roundMoney(sumOf(todaysSales, (order) => order.total_price)),
    received_orders: todaysSales.length,
    pickedup_orders: todaysSales.filter((order) => order.status === 1).length,
    current_Offers,
    rating,
    rating_qty: reviews.length,
    reviews: reviews.slice(0, HOME_REVIEW_COUNT).map(reviewWire),
    ...headline,
    // The progress bar's value beside the sales ratio (0–100).
    value: Math.round(headline.sales_ratio),
  };
}

/** The store's reviews, newest first (ties: the later order first), as GET /stores/home and the ratings pages list them. */
export function reviewsNewestFirst(db: Db, storeId: number): Array<RecordOf<'reviews'>> {
  return db.reviews.findMany((q) => q.where({ store_id: storeId })).sort((a, b) => b.date - a.date || b.order_id - a.order_id);
}

/** A review as the platform answers it: parsing with the wire schema drops the store_id the mock db adds for scoping. */
export const reviewWire = (review: RecordOf<'reviews'>) => ReviewWireSchema.parse(review);

/** How many calendar months the sales performance chart shows (the current one included). */
export const SALES_CHART_MONTHS = 12;

/**
 * Sales of the last 12 calendar months, oldest first, the current month included: the gross of
 * the daily summaries of each month, plus today's live sales in the current month (the same
 * sources as annual_income).
 */
export function monthlySales(db: Db, storeId: number, now: number): MonthlySales[] {
  const first = addMonths(now, -(SALES_CHART_MONTHS - 1));
  const totals = new Map<string, number>();
  for (let i = 0; i < SALES_CHART_MONTHS; i++) totals.set(monthKey(addMonths(first, i)), 0);
  const [from, today] = [seconds(first), seconds(startOfDay(now))];
  for (const summary of db.summaries.findMany((q) => q.where({ store_id: storeId, day: (day: number) => day >= from && day < today }))) {
    const month = monthKey(millis(summary.day));
    totals.set(month, (totals.get(month) ?? 0) + summary.gross);
  }
  const current = monthKey(now);
  totals.set(current, (totals.get(current) ?? 0) + sumOf(salesOfToday(db, storeId, now), (order) => order.total_price));
  return [...totals].map(([month, value]) => ({ month, value: roundMoney(value) }));
}

/**
 * The earnings segmentation by customer type. The store's `earnings` records define the segments
 * (label, colour and `min_orders`); each sale falls in the segment of the consumer's n-th sale at
 * the store (n counted over the store's whole order history, oldest first): the segment with the
 * highest min_orders ≤ n. A segment's value is the sales of the annual_income window (the last
 * 365 days and today), so the segments add up to the annual income wherever the summaries are
 * the orders' aggregates.
 */
export function earningsSegments(db: Db, storeId: number, now: number): Earning[] {
  const segments = db.earnings.findMany((q) => q.where({ store_id: storeId })).sort((a, b) => a.min_orders - b.min_orders || a.id - b.id);
  if (segments.length === 0) return [];
  const [from, to] = [seconds(addDays(now, -ANNUAL_WINDOW_DAYS)), seconds(addDays(now, 1))];
  const sales = db.orders
    .findMany((q) => q.where({ store_id: storeId }))
    .filter(isSale)
    .sort((a, b) => a.date - b.date || a.id - b.id);
  const values = segments.map(() => 0);
  const salesSoFar = new Map<number, number>();
  for (const order of sales) {
    const n = (salesSoFar.get(order.consumer.id) ?? 0) + 1;
    salesSoFar.set(order.consumer.id, n);
    if (order.date < from || order.date >= to) continue;
    const index = segments.findLastIndex((segment) => segment.min_orders <= n);
    if (index >= 0) values[index] += order.total_price;
  }
  return segments.map((segment, index) =>
    EarningSchema.parse({ id: segment.id, label: segment.label, value: roundMoney(values[index]), color: segment.color }),
  );
}

/** Consumers whose first order at the store was placed this calendar month. */
export function newCustomers(db: Db, storeId: number, now: number): number {
  const firstOrder = new Map<number, number>();
  for (const order of db.orders.findMany((q) => q.where({ store_id: storeId }))) {
    const seen = firstOrder.get(order.consumer.id);
    if (seen === undefined || order.date < seen) firstOrder.set(order.consumer.id, order.date);
  }
  const monthStart = seconds(startOfMonth(now));
  return [...firstOrder.values()].filter((date) => date >= monthStart && date <= seconds(now)).length;
}

/** Percent of the units offered in the last 30 days that were sold (quantity − quantity_left). */
export function salesRatio(offers: ReadonlyArray<RecordOf<'offers'>>, now: number): number {
  const from = seconds(addDays(now, -SALES_RATIO_WINDOW_DAYS));
  const recent = offers.filter((o) => o.order_date_from >= from && o.order_date_from <= seconds(now));
  const offered = recent.reduce((sum, o) => sum + o.quantity, 0);
  const sold = recent.reduce((sum, o) => sum + (o.quantity - o.quantity_left), 0);
  return offered === 0 ? 0 : Math.round((sold / offered) * 1000) / 10;
}
