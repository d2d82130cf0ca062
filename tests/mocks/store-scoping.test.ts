import { describe, expect, it } from 'vitest';
import { ManagementCustomersSchema, ManagementInfoSchema } from '../../src/api/management';
import { RatingsPageWireSchema } from '../../src/api/ratings';
import { HomeDataWireSchema } from '../../src/api/stores';
import { sessionToken, storeCall, setupTestBackend } from './support';

const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const backend = setupTestBackend({ scenario: 'multi-account', now: NOW });

const json = async (path: string, token: string) => (await storeCall(path, token)).json();
const reviewsOf = (storeId: number) => backend.current.db.reviews.findMany((q) => q.where({ store_id: storeId }));
const firstOrderOf = (storeId: number) => backend.current.db.orders.findFirst((q) => q.where({ store_id: storeId }))!;

describe('multi-account: the new endpoints act on the current store only', () => {
  it('scopes ratings, management figures and orders to the current store, and follows a store switch', async () => {
    const token = await sessionToken();
    const [ordersOf101, ordersOf102] = [firstOrderOf(101), firstOrderOf(102)];

    const ratings101 = RatingsPageWireSchema.parse(await json('/stores/ratings/pagination?limit=100&offset=0', token));
    expect(ratings101.total).toBe(reviewsOf(101).length);
    expect(new Set(ratings101.data.map((r) => r.order_id))).toEqual(new Set(reviewsOf(101).map((r) => r.order_id)));
    expect((await storeCall(`/stores/orders/${ordersOf101.id}`, token)).status).toBe(200);
    const foreign = await storeCall(`/stores/orders/${ordersOf102.id}`, token);
    expect(foreign.status).toBe(403);
    await expect(foreign.json()).resolves.toEqual({ message: `Order ${ordersOf102.id} belongs to store 102, not the operator's current store` });
    const info101 = ManagementInfoSchema.parse(await json('/stores/management_info', token));

    const switched = await storeCall('/stores/operator/chacc', token, { method: 'POST', body: JSON.stringify({ currentAccount: 101, newAccount: 102 }) });
    expect(switched.status).toBe(200);

    const ratings102 = RatingsPageWireSchema.parse(await json('/stores/ratings/pagination?limit=100&offset=0', token));
    expect(ratings102.total).toBe(reviewsOf(102).length);
    expect(new Set(ratings102.data.map((r) => r.order_id))).toEqual(new Set(reviewsOf(102).map((r) => r.order_id)));
    expect((await storeCall(`/stores/orders/${ordersOf102.id}`, token)).status).toBe(200);
    expect((await storeCall(`/stores/orders/${ordersOf101.id}`, token)).status).toBe(403);

    const info102 = ManagementInfoSchema.parse(await json('/stores/management_info', token));
    const home102 = HomeDataWireSchema.parse(await json('/stores/home', token));
    expect(info102).not.toEqual(info101);
    expect(info102.annual_income).toBe(home102.annual_income);
    const segments = ManagementCustomersSchema.parse(await json('/stores/management_info_customers', token)).data;
    const sales102 = backend.current.db.orders.findMany((q) => q.where({ store_id: 102 })).filter((o) => o.status <= 1);
    expect(segments.reduce((a, s) => a + s.value, 0)).toBeCloseTo(sales102.reduce((a, o) => a + o.total_price, 0), 1);
  });
});
