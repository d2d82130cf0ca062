import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ManagementCustomersSchema, ManagementInfoSchema, MonthlySalesSchema } from '../../src/api/management';
import { RatingsPageWireSchema } from '../../src/api/ratings';
import { HomeDataWireSchema } from '../../src/api/stores';
import { collectionNames, collectionSchemas, type RecordOf } from '../../mocks/db';
import { aggregateSales } from '../../mocks/figures';
import { addDays, seconds, startOfDay } from '../../mocks/time';
import { inconsistencies } from './consistency';
import { sessionToken, storeCall, setupTestBackend } from './support';

/** The mock's sales answer in full: every month with its label and value (the console's schema takes less). */
const FullSalesSchema = z.object({ data: z.array(MonthlySalesSchema) });

// A Wednesday morning: today's morning offer is selling, two offers are live.
const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const backend = setupTestBackend({ scenario: 'busy-store', now: NOW });

const json = async (path: string, token: string) => {
  const response = await storeCall(path, token);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return response.json();
};

/** The median time of `runs` calls, after one warm-up call. */
async function medianMs(path: string, token: string, runs = 7): Promise<number> {
  await json(path, token);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await json(path, token);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[runs >> 1];
}

describe('busy-store: a year of a big city-centre store', () => {
  it('holds about 10,000 orders, 300 offers and 2,000 reviews over a year', () => {
    const { db } = backend.current;
    expect(db.stores.all().map((s) => s.name)).toEqual(['Mercado Gran Vía']);
    expect(db.orders.count()).toBeGreaterThanOrEqual(9_500);
    expect(db.orders.count()).toBeLessThanOrEqual(10_500);
    expect(db.offers.count()).toBeGreaterThanOrEqual(285);
    expect(db.offers.count()).toBeLessThanOrEqual(315);
    expect(db.reviews.count()).toBeGreaterThanOrEqual(1_900);
    expect(db.reviews.count()).toBeLessThanOrEqual(2_100);
    expect(db.payments.count()).toBe(db.orders.count());
    expect(new Set(db.orders.all().map((o) => o.consumer.id)).size).toBeGreaterThan(1_000);

    const dates = db.orders.all().map((o) => o.date);
    expect(Math.min(...dates)).toBeGreaterThanOrEqual(seconds(addDays(NOW, -365)));
    expect(Math.min(...dates)).toBeLessThan(seconds(addDays(NOW, -360)));
    expect(Math.max(...dates)).toBeLessThanOrEqual(seconds(NOW));
  });

  it('holds only records that pass their schema, consistent with each other', () => {
    const { db } = backend.current;
    const invalid = collectionNames.flatMap((name) =>
      db[name]
        .all()
        .filter((record) => !collectionSchemas[name].safeParse(record).success)
        .slice(0, 3)
        .map((record) => ({ name, record })),
    );
    expect(invalid).toEqual([]);
    expect(inconsistencies(db)).toEqual([]);
  });

  it('summarises every closed day of the year from its orders', () => {
    const { db } = backend.current;
    const summaries = db.summaries.all();
    expect(summaries).toHaveLength(365);
    const salesByDay = new Map<number, Array<RecordOf<'orders'>>>();
    for (const order of db.orders.all().filter((o) => o.status <= 1)) {
      const day = seconds(startOfDay(order.date * 1000));
      salesByDay.set(day, [...(salesByDay.get(day) ?? []), order]);
    }
    for (const summary of summaries) expect(summary).toMatchObject(aggregateSales(salesByDay.get(summary.day) ?? []));
    expect(summaries.filter((s) => s.orders === 0).length).toBeGreaterThanOrEqual(52); // Sundays and closures
  });

  it('answers figures that add up: segments = annual income, the months = the year’s sales', async () => {
    const token = await sessionToken();
    const home = HomeDataWireSchema.parse(await json('/stores/home', token));
    const info = ManagementInfoSchema.parse(await json('/stores/management_info', token));
    const segments = ManagementCustomersSchema.parse(await json('/stores/management_info_customers', token)).data;
    const months = FullSalesSchema.parse(await json('/stores/management_info_sales', token)).data;

    expect(info).toEqual({ annual_income: home.annual_income, new_customers: home.new_customers, sales_ratio: home.sales_ratio, items_rescued: home.items_rescued });
    expect(home.received_orders).toBeGreaterThan(0);
    expect(home.current_Offers).toBeGreaterThanOrEqual(2);
    expect(home.rating_qty).toBe(backend.current.db.reviews.count());
    expect(info.new_customers).toBeGreaterThan(5);
    expect(info.annual_income).toBeGreaterThan(50_000);
    // Every day is detailed, so the segments share out exactly the annual income.
    expect(segments.reduce((sum, s) => sum + s.value, 0)).toBeCloseTo(info.annual_income, 1);
    expect(segments.every((s) => s.value > 0)).toBe(true);
    expect(months).toHaveLength(12);
    expect(months.every((m) => m.value > 0)).toBe(true);
    const sales = backend.current.db.orders.all().filter((o) => o.status <= 1 && o.date >= seconds(new Date(2025, 3, 1).getTime()));
    expect(months.reduce((sum, m) => sum + m.value, 0)).toBeCloseTo(sales.reduce((sum, o) => sum + o.total_price, 0), 1);
  });

  it('pages 2,000 reviews newest first, to the last page', async () => {
    const token = await sessionToken();
    const total = backend.current.db.reviews.count();
    const first = RatingsPageWireSchema.parse(await json('/stores/ratings/pagination?limit=100&offset=0', token));
    expect(first).toMatchObject({ limit: 100, offset: 0, total });
    const lastOffset = Math.floor((total - 1) / 100) * 100;
    const last = RatingsPageWireSchema.parse(await json(`/stores/ratings/pagination?limit=100&offset=${lastOffset}`, token));
    expect(last.data).toHaveLength(total - lastOffset);
    const dates = [...first.data, ...last.data].map((r) => r.date);
    expect(dates).toEqual(dates.toSorted((a, b) => b - a));
  });

  it('answers the overview and a ratings page well under 100 ms', async () => {
    const token = await sessionToken();
    const timings = {
      home: await medianMs('/stores/home', token),
      managementInfo: await medianMs('/stores/management_info', token),
      sales: await medianMs('/stores/management_info_sales', token),
      customers: await medianMs('/stores/management_info_customers', token),
      ratingsPage: await medianMs('/stores/ratings/pagination?limit=10&offset=990', token),
      order: await medianMs(`/stores/orders/${backend.current.db.orders.all()[5_000].id}`, token),
    };
    console.info('busy-store handler timings (median ms)', JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v * 10) / 10]))));
    expect(Object.entries(timings).filter(([, ms]) => ms >= 100)).toEqual([]);
  });
});
