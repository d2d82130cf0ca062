import type { Page } from 'playwright-core';
import { devkit } from './browser';

/** A store's first record of each kind on the mock server: the detail routes no link on screen leads to. */
export interface StoreRecordIds {
  offer: number;
  template: number;
  order: number;
  truck: number;
  pickup: number;
  delivery: number;
  /** A review's page is its order's. */
  review: number;
}

export async function firstRecordIds(page: Page, storeId: number): Promise<StoreRecordIds> {
  const first = async (collection: string, idField = 'id') => {
    const rows = await devkit<Array<Record<string, unknown>>>(page, `records('${collection}')`);
    const row = rows.find((r) => r.store_id === storeId);
    if (!row) throw new Error(`The store ${storeId} has no record in ${collection}`);
    return Number(row[idField]);
  };
  return {
    offer: await first('offers'),
    template: await first('templates'),
    order: await first('orders'),
    truck: await first('trucks'),
    pickup: await first('pickupLocations'),
    delivery: await first('deliveries'),
    review: await first('reviews', 'order_id'),
  };
}
