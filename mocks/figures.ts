import type * as z from 'zod';
import { ReviewWireSchema, type HomeDataWireSchema } from '../src/api/stores';
import type { Db, RecordOf } from './db';
import { addDays, seconds, startOfDay, startOfMonth } from './time';

/**
 * Store figures computed from the db on every request, so they always agree with the offers,
 * orders, reviews and summaries a screen lists. Definitions (the spec names the figures only):
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

export function homeFigures(db: Db, storeId: number, now: number): HomeDataWire {
  const today = startOfDay(now);
  const tomorrow = addDays(now, 1);
  const nowS = seconds(now);

  const todaysSales = salesBetween(db, storeId, today, tomorrow);
  const today_sales = roundMoney(todaysSales.reduce((sum, order) => sum + order.total_price, 0));

  const offers = db.offers.findMany((q) => q.where({ store_id: storeId }));
  const offers_qty = offers.filter((o) => o.order_date_from >= seconds(today) && o.order_date_from < seconds(tomorrow)).length;
  const current_Offers = offers.filter(
    (o) => o.status === 1 && o.order_date_from <= nowS && nowS < o.order_date_to && o.quantity_left > 0,
  ).length;

  const reviews = db.reviews.findMany((q) => q.where({ store_id: storeId }), { orderBy: { date: 'desc' } });
  const rating = reviews.length === 0 ? 0 : Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;

  const summaries = db.summaries.findMany((q) => q.where({ store_id: storeId, day: (day: number) => day < seconds(today) }));
  const yearAgo = seconds(addDays(now, -ANNUAL_WINDOW_DAYS));
  const annual_income = roundMoney(
    summaries.filter((s) => s.day >= yearAgo).reduce((sum, s) => sum + s.gross, 0) + today_sales,
  );
  const items_rescued =
    summaries.reduce((sum, s) => sum + s.items, 0) + todaysSales.reduce((sum, order) => sum + order.total_quantity, 0);

  const sales_ratio = salesRatio(offers, now);

  return {
    offers_qty,
    today_sales,
    received_orders: todaysSales.length,
    pickedup_orders: todaysSales.filter((order) => order.status === 1).length,
    current_Offers,
    rating,
    rating_qty: reviews.length,
    // Parsing with the wire schema drops the store_id the mock db adds for scoping.
    reviews: reviews.slice(0, HOME_REVIEW_COUNT).map((review) => ReviewWireSchema.parse(review)),
    annual_income,
    new_customers: newCustomers(db, storeId, now),
    sales_ratio,
    // The progress bar's value beside the sales ratio (0–100).
    value: Math.round(sales_ratio),
    items_rescued,
  };
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
