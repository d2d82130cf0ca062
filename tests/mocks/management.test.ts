import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ManagementCustomersSchema, ManagementInfoSchema, MonthlySalesSchema } from '../../src/api/management';
import { OrderSchema, OrderWireSchema } from '../../src/api/orders';
import { RatingsPageWireSchema } from '../../src/api/ratings';
import { HomeDataWireSchema } from '../../src/api/stores';
import type { RecordOf } from '../../mocks/db';
import { addDays, addMonths, millis, monthKey, seconds, startOfDay } from '../../mocks/time';
import { sessionToken, storeCall, setupTestBackend } from './support';

/** The mock's sales answer in full: every month with its label and value (the console's schema takes less). */
const FullSalesSchema = z.object({ data: z.array(MonthlySalesSchema) });

// 10:30 local time on a Wednesday: offers are live, some orders picked up today.
const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const backend = setupTestBackend({ now: NOW });

const money = (value: number) => Math.round(value * 100) / 100;
const sum = (values: number[]) => money(values.reduce((a, b) => a + b, 0));

async function getJson(path: string, token: string): Promise<unknown> {
  const response = await storeCall(path, token);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return response.json();
}
const home = async (token: string) => HomeDataWireSchema.parse(await getJson('/stores/home', token));
const info = async (token: string) => ManagementInfoSchema.parse(await getJson('/stores/management_info', token));
const sales = async (token: string) => FullSalesSchema.parse(await getJson('/stores/management_info_sales', token)).data;
const segments = async (token: string) => ManagementCustomersSchema.parse(await getJson('/stores/management_info_customers', token)).data;
const ratings = async (token: string, query: string) => RatingsPageWireSchema.parse(await getJson(`/stores/ratings/pagination${query}`, token));

const storeOrders = () => backend.current.db.orders.findMany((q) => q.where({ store_id: 101 }));
const isSale = (order: { status: number }) => order.status === 0 || order.status === 1;

/** A sale order placed a minute ago by a consumer the store has never seen. */
function saleForToday(id: number, total_price: number): RecordOf<'orders'> {
  const at = seconds(backend.current.ctx.now()) - 60;
  return {
    id,
    store_id: 101,
    status: 0,
    date: at,
    pickup_date: null,
    pickup_until: at + 3 * 3600,
    total_price,
    total_price_bt: money(total_price / 1.1),
    total_quantity: 2,
    rating: 0,
    review: null,
    review_date: null,
    audit_creation_date: at,
    audit_update_date: at,
    store: { name: 'Forn de la Llotja', address: { address_print: 'Plaça del Mercat 34, 46001 València' } },
    consumer: { id: 99_001, name: 'Nova Client', email: 'nova.client@mail.test', phone: '+34 600 000 001' },
    offersOrdered: [{ id: id * 10 + 1, quantityOrdered: 2, offer: { id: 5001, name: 'Surprise bread bag', unit_price: money(total_price / 2) } }],
  };
}

describe('GET /stores/management_info', () => {
  it('answers the headline figures, the same as GET /stores/home', async () => {
    const token = await sessionToken();
    const [figures, overview] = [await info(token), await home(token)];
    expect(figures).toEqual({
      annual_income: overview.annual_income,
      new_customers: overview.new_customers,
      sales_ratio: overview.sales_ratio,
      items_rescued: overview.items_rescued,
    });
    expect(figures.annual_income).toBeGreaterThan(0);
    expect(figures.items_rescued).toBeGreaterThan(0);
    expect(figures.sales_ratio).toBeGreaterThan(0);
    expect(figures.sales_ratio).toBeLessThanOrEqual(100);
  });
});

describe('GET /stores/management_info_sales', () => {
  it('answers the last 12 calendar months, oldest first, this month included, from the summaries and today’s orders', async () => {
    const data = await sales(await sessionToken());
    expect(data.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthKey(addMonths(NOW, i - 11))));
    expect(data.at(-1)?.month).toBe('2026-03');
    expect(data[0].month).toBe('2025-04');

    const { db } = backend.current;
    const today = seconds(startOfDay(NOW));
    const summaries = db.summaries.findMany((q) => q.where({ store_id: 101 })).filter((s) => s.day < today);
    const todays = storeOrders().filter((o) => isSale(o) && o.date >= today && o.date < seconds(addDays(NOW, 1)));
    for (const { month, value } of data) {
      const fromSummaries = summaries.filter((s) => monthKey(millis(s.day)) === month).map((s) => s.gross);
      const live = month === monthKey(NOW) ? todays.map((o) => o.total_price) : [];
      expect(value).toBeCloseTo(sum([...fromSummaries, ...live]), 1);
      expect(value).toBeGreaterThan(0);
    }
  });
});

describe('GET /stores/management_info_customers', () => {
  it('answers the earnings by customer type, computed from the year’s sales', async () => {
    const data = await segments(await sessionToken());
    expect(data.map((s) => s.label)).toEqual(['New customers', 'Returning customers', 'Regulars']);
    for (const segment of data) expect(segment.color).toMatch(/^#[0-9a-fA-F]{6}$/);
    expect(new Set(data.map((s) => s.color)).size).toBe(3);
    expect(new Set(data.map((s) => s.id)).size).toBe(3);

    // Recomputed here: each sale is the consumer's n-th (1 → new, 2–4 → returning, 5+ → regular).
    const saleOrders = storeOrders()
      .filter(isSale)
      .sort((a, b) => a.date - b.date || a.id - b.id);
    const seen = new Map<number, number>();
    const expected = [0, 0, 0];
    for (const order of saleOrders) {
      const n = (seen.get(order.consumer.id) ?? 0) + 1;
      seen.set(order.consumer.id, n);
      expected[n === 1 ? 0 : n < 5 ? 1 : 2] += order.total_price;
    }
    expect(data.map((s) => s.value)).toEqual(expected.map(money));
    expect(data.every((s) => s.value > 0)).toBe(true);
  });
});

describe('the figures follow the db', () => {
  it('a sale placed today through the db grows today’s sales, this month’s sales, the annual income and the new customers’ segment by its price', async () => {
    const token = await sessionToken();
    const before = { home: await home(token), sales: await sales(token), segments: await segments(token) };
    await backend.current.db.orders.create(saleForToday(29_001, 12.34));
    const after = { home: await home(token), sales: await sales(token), segments: await segments(token), info: await info(token) };

    expect(after.home.today_sales).toBeCloseTo(before.home.today_sales + 12.34, 2);
    expect(after.home.received_orders).toBe(before.home.received_orders + 1);
    expect(after.home.annual_income).toBeCloseTo(before.home.annual_income + 12.34, 2);
    expect(after.home.items_rescued).toBe(before.home.items_rescued + 2);
    expect(after.home.new_customers).toBe(before.home.new_customers + 1);
    expect(after.info.annual_income).toBe(after.home.annual_income);
    expect(after.sales.at(-1)!.value).toBeCloseTo(before.sales.at(-1)!.value + 12.34, 2);
    expect(after.sales.slice(0, -1)).toEqual(before.sales.slice(0, -1));
    expect(after.segments[0].value).toBeCloseTo(before.segments[0].value + 12.34, 2);
    expect(after.segments.slice(1)).toEqual(before.segments.slice(1));

    // Cancelled, it no longer counts anywhere.
    await backend.current.db.orders.update((q) => q.where({ id: 29_001 }), {
      data(order) {
        order.status = 3;
      },
    });
    const cancelled = { home: await home(token), sales: await sales(token), segments: await segments(token) };
    expect(cancelled.home.today_sales).toBe(before.home.today_sales);
    expect(cancelled.sales).toEqual(before.sales);
    expect(cancelled.segments).toEqual(before.segments);
    backend.current.db.orders.delete((q) => q.where({ id: 29_001 }));
  });
});

const allReviews = () =>
  backend.current.db.reviews.findMany((q) => q.where({ store_id: 101 })).sort((a, b) => b.date - a.date || b.order_id - a.order_id);

describe('GET /stores/ratings/pagination', () => {
  it('answers a page of the store’s reviews, newest first, in the wire shape', async () => {
    const page = await ratings(await sessionToken(), '?limit=5&offset=0');
    const reviews = allReviews();
    expect(page).toMatchObject({ limit: 5, offset: 0, total: reviews.length });
    expect(reviews.length).toBeGreaterThan(20);
    expect(page.data).toHaveLength(5);
    expect(page.data.map((r) => r.order_id)).toEqual(reviews.slice(0, 5).map((r) => r.order_id));
    expect(page.data[0].date).toBe(Math.max(...reviews.map((r) => r.date)));
    expect(JSON.stringify(page)).not.toContain('store_id');
  });

  it('pages through every review exactly once, the last page holding the remainder', async () => {
    const token = await sessionToken();
    const total = allReviews().length;
    const limit = 7;
    const seen: number[] = [];
    for (let offset = 0; offset < total; offset += limit) {
      const page = await ratings(token, `?limit=${limit}&offset=${offset}`);
      expect(page).toMatchObject({ limit, offset, total });
      expect(page.data).toHaveLength(Math.min(limit, total - offset));
      seen.push(...page.data.map((r) => r.order_id));
    }
    expect(seen).toEqual(allReviews().map((r) => r.order_id));
    const lastOffset = Math.floor((total - 1) / limit) * limit;
    expect((await ratings(token, `?limit=${limit}&offset=${lastOffset}`)).data).toHaveLength(total - lastOffset);
    // Past the end: an empty page that still tells the total.
    expect(await ratings(token, `?limit=${limit}&offset=${total}`)).toEqual({ data: [], limit, offset: total, total });
    expect((await ratings(token, '?limit=100&offset=0')).data).toHaveLength(Math.min(100, total));
  });

  it('defaults to limit 10, offset 0', async () => {
    expect(await ratings(await sessionToken(), '')).toMatchObject({ limit: 10, offset: 0, total: allReviews().length });
  });

  it('answers 400 { message } for a limit outside 1–100 or a bad offset', async () => {
    const token = await sessionToken();
    for (const query of ['?limit=0&offset=0', '?limit=101&offset=0', '?limit=abc&offset=0', '?limit=2.5&offset=0', '?limit=10&offset=-1', '?limit=10&offset=x', '?limit=&offset=0']) {
      const response = await storeCall(`/stores/ratings/pagination${query}`, token);
      const { message } = (await response.json()) as { message: string };
      expect({ query, status: response.status, message }).toEqual({ query, status: 400, message: expect.stringMatching(/^(limit|offset): /) });
    }
  });

  it('points each review at a real order of the store that carries the same rating, text and date', async () => {
    const token = await sessionToken();
    const page = await ratings(token, '?limit=20&offset=0');
    for (const review of page.data) {
      const order = OrderWireSchema.parse(await getJson(`/stores/orders/${review.order_id}`, token));
      expect(order).toMatchObject({ id: review.order_id, store_id: 101, status: 1, rating: review.rating, review_date: review.date, total_quantity: review.total_quantity, total_price_bt: review.total_price_bt });
      expect(order.review ?? '').toBe(review.review);
      expect(order.review_date!).toBeGreaterThan(order.pickup_date!);
    }
  });
});

describe('GET /stores/orders/{id}', () => {
  it('answers an order of the current store in its wire shape (unix seconds), which the client decodes', async () => {
    const stored = storeOrders().find((o) => o.offersOrdered.length > 1) ?? storeOrders()[0];
    const body = await getJson(`/stores/orders/${stored.id}`, await sessionToken());
    expect(OrderWireSchema.parse(body)).toEqual(OrderWireSchema.parse(stored));
    const order = OrderSchema.parse(body);
    expect(order.date).toBe(stored.date * 1000);
  });

  it('answers 404 { message } for an unknown or non-numeric id', async () => {
    const token = await sessionToken();
    const unknown = await storeCall('/stores/orders/424242', token);
    expect(unknown.status).toBe(404);
    await expect(unknown.json()).resolves.toEqual({ message: 'Order 424242 not found' });
    expect((await storeCall('/stores/orders/abc', token)).status).toBe(404);
  });

  it('answers 404 for an order of a store the operator cannot act for', async () => {
    await backend.current.db.orders.create({ ...saleForToday(29_002, 5), store_id: 999 });
    const response = await storeCall('/stores/orders/29002', await sessionToken());
    expect(response.status).toBe(404);
    await expect(response.json()).resolves.toEqual({ message: 'Order 29002 not found' });
    backend.current.db.orders.delete((q) => q.where({ id: 29_002 }));
  });
});

describe('sessions and faults', () => {
  const paths = ['/stores/management_info', '/stores/management_info_sales', '/stores/management_info_customers', '/stores/ratings/pagination?limit=10&offset=0', '/stores/orders/20001'];

  it('answers 401 { message } without a token or with an unknown one', async () => {
    for (const path of paths) {
      const missing = await storeCall(path, undefined);
      expect({ path, status: missing.status, body: await missing.json() }).toEqual({ path, status: 401, body: { message: 'Missing X-Access-Token' } });
      expect({ path, status: (await storeCall(path, 'not-a-session')).status }).toEqual({ path, status: 401 });
    }
  });

  it('fails each management call on its own under devkit.fail', async () => {
    const token = await sessionToken();
    const calls = ['/stores/management_info', '/stores/management_info_sales', '/stores/management_info_customers'];
    for (const failing of calls) {
      backend.current.devkit.fail(`GET ${failing}`, 503);
      const statuses = await Promise.all(calls.map(async (path) => (await storeCall(path, token)).status));
      expect(statuses).toEqual(calls.map((path) => (path === failing ? 503 : 200)));
      backend.current.devkit.clearFaults();
    }
    backend.current.devkit.fail('GET /stores/ratings/pagination', 'offline');
    await expect(storeCall('/stores/ratings/pagination?limit=10&offset=0', token)).rejects.toThrow(TypeError);
    backend.current.devkit.fail('GET /stores/orders/{id}', 500);
    expect((await storeCall('/stores/orders/20001', token)).status).toBe(500);
  });
});
