import { describe, expect, it } from 'vitest';
import { AccountListSchema } from '../../src/api/accounts';
import { LookupsSchema } from '../../src/api/lookups';
import { HomeDataWireSchema, StoreProfileWireSchema } from '../../src/api/stores';
import { addDays, startOfDay, startOfMonth } from '../../mocks/time';
import { sessionToken, storeCall, setupTestBackend } from './support';

// 10:30 local time on a Wednesday: offers are live, some orders picked up today.
const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const backend = setupTestBackend({ now: NOW });

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe('GET /stores/home', () => {
  it('computes the overview figures from what the db holds', async () => {
    const response = await storeCall('/stores/home', await sessionToken());
    expect(response.status).toBe(200);
    const home = HomeDataWireSchema.parse(await response.json());
    const { db } = backend.current;
    const nowS = Math.floor(backend.current.ctx.now() / 1000);
    const [today, tomorrow] = [startOfDay(NOW) / 1000, addDays(NOW, 1) / 1000];

    const todays = db.orders.findMany((q) => q.where({ store_id: 101 })).filter((o) => o.date >= today && o.date < tomorrow && o.status <= 1);
    expect(home.received_orders).toBe(todays.length);
    expect(home.received_orders).toBeGreaterThan(0);
    expect(home.pickedup_orders).toBe(todays.filter((o) => o.status === 1).length);
    expect(home.today_sales).toBe(sum(todays.map((o) => o.total_price)));

    const offers = db.offers.findMany((q) => q.where({ store_id: 101 }));
    expect(home.offers_qty).toBe(offers.filter((o) => o.order_date_from >= today && o.order_date_from < tomorrow).length);
    expect(home.current_Offers).toBe(offers.filter((o) => o.status === 1 && o.order_date_from <= nowS && nowS < o.order_date_to && o.quantity_left > 0).length);
    expect(home.current_Offers).toBeGreaterThanOrEqual(2);

    const reviews = db.reviews.findMany((q) => q.where({ store_id: 101 }));
    expect(home.rating_qty).toBe(reviews.length);
    expect(home.rating).toBeCloseTo(reviews.reduce((a, r) => a + r.rating, 0) / reviews.length, 1);
    // Newest first, and each one is an order the store really has.
    expect(home.reviews.map((r) => r.date)).toEqual(home.reviews.map((r) => r.date).sort((a, b) => b - a));
    expect(home.reviews[0].date).toBe(Math.max(...reviews.map((r) => r.date)));
    for (const review of home.reviews) {
      const order = db.orders.findFirst((q) => q.where({ id: review.order_id }))!;
      expect(order).toMatchObject({ rating: review.rating, review_date: review.date, total_quantity: review.total_quantity, status: 1 });
    }

    const summaries = db.summaries.findMany((q) => q.where({ store_id: 101 }));
    expect(home.items_rescued).toBe(summaries.reduce((a, s) => a + s.items, 0) + todays.reduce((a, o) => a + o.total_quantity, 0));
    const yearAgo = addDays(NOW, -365) / 1000;
    expect(home.annual_income).toBeCloseTo(sum(summaries.filter((s) => s.day >= yearAgo).map((s) => s.gross)) + home.today_sales, 2);

    const firstOrders = new Map<number, number>();
    for (const o of db.orders.findMany((q) => q.where({ store_id: 101 }))) firstOrders.set(o.consumer.id, Math.min(o.date, firstOrders.get(o.consumer.id) ?? Infinity));
    expect(home.new_customers).toBe([...firstOrders.values()].filter((d) => d >= startOfMonth(NOW) / 1000).length);
    expect(home.sales_ratio).toBeGreaterThan(0);
    expect(home.value).toBe(Math.round(home.sales_ratio));
  });

  it('follows a change in the db (a picked-up order counts at once)', async () => {
    const token = await sessionToken();
    const before = HomeDataWireSchema.parse(await (await storeCall('/stores/home', token)).json());
    const today = startOfDay(NOW) / 1000;
    const pending = backend.current.db.orders.findFirst((q) => q.where({ store_id: 101, status: 0, date: (d: number) => d >= today }));
    expect(pending).toBeDefined();
    await backend.current.db.orders.update((q) => q.where({ id: pending!.id }), {
      data(order) {
        order.status = 1;
      },
    });
    const after = HomeDataWireSchema.parse(await (await storeCall('/stores/home', token)).json());
    expect(after.pickedup_orders).toBe(before.pickedup_orders + 1);
    expect(after.received_orders).toBe(before.received_orders);
  });
});

describe('GET /stores/profile/{id}', () => {
  it('answers the current store’s profile in its wire shape', async () => {
    const response = await storeCall('/stores/profile/101', await sessionToken());
    expect(response.status).toBe(200);
    const profile = StoreProfileWireSchema.parse(await response.json());
    expect(profile).toMatchObject({ id: 101, name: 'Forn de la Llotja', devices: [{ name: 'Counter tablet' }, { name: 'Pickup scanner' }] });
    expect(profile.notifications.filter((n) => !n.read).length).toBeGreaterThan(0);
  });

  it('refuses another store’s profile (403) and a non-numeric id (404)', async () => {
    const token = await sessionToken();
    const other = await storeCall('/stores/profile/102', token);
    expect(other.status).toBe(403);
    await expect(other.json()).resolves.toEqual({ message: "Store 102 is not the operator's current store" });
    expect((await storeCall('/stores/profile/abc', token)).status).toBe(404);
  });
});

describe('GET /stores/lookups/getall/{id}', () => {
  it('answers the option groups in English by default and in Spanish with lang=es', async () => {
    const token = await sessionToken();
    const en = LookupsSchema.parse(await (await storeCall('/stores/lookups/getall/101', token)).json());
    const es = LookupsSchema.parse(await (await storeCall('/stores/lookups/getall/101?lang=es', token)).json());
    expect(en.dietary_fit.find((o) => o.id === 3)?.name).toBe('Gluten-free');
    expect(es.dietary_fit.find((o) => o.id === 3)?.name).toBe('Sin gluten');
    expect(es.offer_type.map((o) => o.id)).toEqual(en.offer_type.map((o) => o.id));
    expect(JSON.stringify(await (await storeCall('/stores/lookups/getall/101', token)).json())).not.toMatch(/store_id|lang/);
  });

  it('answers 400 for an unknown language and 403 for another store', async () => {
    const token = await sessionToken();
    const fr = await storeCall('/stores/lookups/getall/101?lang=fr', token);
    expect(fr.status).toBe(400);
    expect(((await fr.json()) as { message: string }).message).toMatch(/^lang: /);
    expect((await storeCall('/stores/lookups/getall/103', token)).status).toBe(403);
  });
});

describe('GET /stores/accounts', () => {
  it('lists the current store’s operator and device accounts, paged', async () => {
    const token = await sessionToken();
    const page = AccountListSchema.parse(await (await storeCall('/stores/accounts?scope=store&limit=2&offset=0', token)).json());
    expect(page).toMatchObject({ limit: 2, offset: 0, total: 5 });
    expect(page.data).toHaveLength(2);
    const rest = AccountListSchema.parse(await (await storeCall('/stores/accounts?scope=store&limit=10&offset=2', token)).json());
    expect(rest.data).toHaveLength(3);
    const all = [...page.data, ...rest.data];
    expect(new Set(all.map((a) => a.id)).size).toBe(5);
    expect(all.every((a) => a.store_id === 101)).toBe(true);
  });

  it('filters by kind and search, and defaults the paging', async () => {
    const token = await sessionToken();
    const devices = AccountListSchema.parse(await (await storeCall('/stores/accounts?scope=store&kind=device', token)).json());
    expect(devices).toMatchObject({ limit: 10, offset: 0, total: 2 });
    expect(devices.data.map((a) => a.holder).sort()).toEqual(['Counter tablet', 'Pickup scanner']);
    const search = AccountListSchema.parse(await (await storeCall('/stores/accounts?scope=store&search=SCANNER', token)).json());
    expect(search.data.map((a) => a.holder)).toEqual(['Pickup scanner']);
  });

  it('lists the operator’s own accounts with scope=operator', async () => {
    const page = AccountListSchema.parse(await (await storeCall('/stores/accounts?scope=operator&limit=10&offset=0', await sessionToken())).json());
    expect(page.data).toEqual([expect.objectContaining({ store_id: 101, kind: 'operator', holder: 'demo@store.test' })]);
  });

  it('answers 400 for a missing scope or a bad limit', async () => {
    const token = await sessionToken();
    const noScope = await storeCall('/stores/accounts?limit=10&offset=0', token);
    expect(noScope.status).toBe(400);
    expect(((await noScope.json()) as { message: string }).message).toMatch(/^scope: /);
    expect((await storeCall('/stores/accounts?scope=store&limit=0', token)).status).toBe(400);
  });

  it('answers 400 for a query parameter it does not know (a strict server)', async () => {
    const token = await sessionToken();
    const unknown = await storeCall('/stores/accounts?scope=store&limit=10&offset=0&page=2', token);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/page/);
    // Every parameter the console sends (src/api/accounts.ts: scope, limit, offset, kind, search) passes.
    expect((await storeCall('/stores/accounts?scope=store&limit=10&offset=0&kind=device&search=scanner', token)).status).toBe(200);
  });
});
