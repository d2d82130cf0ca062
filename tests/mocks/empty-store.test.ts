import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { AccountListSchema } from '../../src/api/accounts';
import { ManagementCustomersSchema, ManagementInfoSchema, MonthlySalesSchema } from '../../src/api/management';
import { RatingsPageWireSchema } from '../../src/api/ratings';
import { SessionGrantSchema } from '../../src/api/session';
import { HomeDataWireSchema, StoreProfileWireSchema } from '../../src/api/stores';
import { collectionNames } from '../../mocks/db';
import { addMonths, monthKey } from '../../mocks/time';
import { API, idTokenFor, postJson, sessionToken, storeCall, setupTestBackend } from './support';

/** The mock's sales answer in full: every month with its label and value (the console's schema takes less). */
const FullSalesSchema = z.object({ data: z.array(MonthlySalesSchema) });

const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const backend = setupTestBackend({ scenario: 'empty-store', now: NOW });

const json = async (path: string, token: string) => {
  const response = await storeCall(path, token);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return response.json();
};

describe('empty-store: a store that signed up today', () => {
  it('signs in with the demo account, acting for the new store', async () => {
    const grant = SessionGrantSchema.parse(await (await postJson(`${API}/stores/signin`, { idToken: await idTokenFor() })).json());
    expect(grant.user.store).toMatchObject({ id: 105, name: 'La Despensa de Chamberí' });
    expect(grant.user.operator).toMatchObject({ email: 'demo@store.test', currentAccount: 105 });
  });

  it('holds no offers, templates, orders, payments, reviews, summaries, logistics or notifications', () => {
    const { db } = backend.current;
    const counts = Object.fromEntries(collectionNames.map((name) => [name, db[name].count()]));
    expect(counts).toMatchObject({ offers: 0, templates: 0, orders: 0, payments: 0, reviews: 0, summaries: 0, trucks: 0, pickupLocations: 0, deliveries: 0 });
    expect(db.stores.all()[0].notifications).toEqual([]);
  });

  it('answers zeros and empty lists everywhere', async () => {
    const token = await sessionToken();
    const home = HomeDataWireSchema.parse(await json('/stores/home', token));
    expect(home).toEqual({
      offers_qty: 0,
      today_sales: 0,
      received_orders: 0,
      pickedup_orders: 0,
      current_Offers: 0,
      rating: 0,
      rating_qty: 0,
      reviews: [],
      annual_income: 0,
      new_customers: 0,
      sales_ratio: 0,
      value: 0,
      items_rescued: 0,
    });
    expect(ManagementInfoSchema.parse(await json('/stores/management_info', token))).toEqual({ annual_income: 0, new_customers: 0, sales_ratio: 0, items_rescued: 0 });
    const sales = FullSalesSchema.parse(await json('/stores/management_info_sales', token)).data;
    expect(sales).toEqual(Array.from({ length: 12 }, (_, i) => ({ month: monthKey(addMonths(NOW, i - 11)), value: 0 })));
    const segments = ManagementCustomersSchema.parse(await json('/stores/management_info_customers', token)).data;
    expect(segments.map((s) => [s.label, s.value])).toEqual([
      ['New customers', 0],
      ['Returning customers', 0],
      ['Regulars', 0],
    ]);
    expect(RatingsPageWireSchema.parse(await json('/stores/ratings/pagination?limit=10&offset=0', token))).toEqual({ data: [], limit: 10, offset: 0, total: 0 });
    expect((await storeCall('/stores/orders/20001', token)).status).toBe(404);
  });

  it('has a profile (terms accepted at sign-up, no devices) and the operator’s own account', async () => {
    const token = await sessionToken();
    const profile = StoreProfileWireSchema.parse(await json('/stores/profile/105', token));
    expect(profile).toMatchObject({ name: 'La Despensa de Chamberí', devices: [], notifications: [] });
    expect(profile.special_terms.accept_date).toBeLessThanOrEqual(Math.floor(backend.current.ctx.now() / 1000));
    expect(profile.special_terms.accept_date).toBeGreaterThan(Math.floor(NOW / 1000) - 2 * 3600);
    const accounts = AccountListSchema.parse(await json('/stores/accounts?scope=store&limit=10&offset=0', token));
    expect(accounts.data.map((a) => [a.kind, a.holder])).toEqual([['operator', 'demo@store.test']]);
    expect((await storeCall('/stores/lookups/getall/105', token)).status).toBe(200);
  });
});
