import { beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderRecordSchema, createDb, restoreDb, snapshotDb, type RecordOf } from '../../mocks/db';
import { ORDERS_LISTED } from '../../mocks/handlers/hubspot';
import { MINUTE_MS, seconds } from '../../mocks/time';
import { setOrderStatus } from '../../src/api/orders';
import { OrdersSyncWireSchema, syncOrders } from '../../src/api/crm-sync';
import { connectHttpToTestBackend, setupTestBackend, storeCall } from './support';

const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const STORE = 101;
const backend = setupTestBackend({ now: NOW });

let token: string;
beforeAll(async () => {
  token = await connectHttpToTestBackend(backend);
});

type OrderRecord = RecordOf<'orders'>;
const db = () => backend.current.db;
const storeOrders = () => db().orders.all().filter((o) => o.store_id === STORE);
const latestChangeFirst = (a: OrderRecord, b: OrderRecord) => b.audit_update_date - a.audit_update_date || b.id - a.id;
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

async function sync(t: number | string, auth: string | null = token) {
  return storeCall(`/hubspot/app/orders?t=${t}`, auth ?? undefined);
}
async function synced(t: number) {
  const response = await sync(t);
  expect(response.status).toBe(200);
  return OrdersSyncWireSchema.strict().parse(await response.json());
}

/** Moves the server clock on (the sync works in whole seconds, so runs a moment apart would share one). */
function advanceClock(ms: number): void {
  const { ctx } = backend.current;
  const previous = ctx.now;
  ctx.now = () => previous() + ms;
}

describe('GET /hubspot/app/orders', () => {
  it('first run: sends every order changed after t, all as created, and records the run', async () => {
    const persist = vi.spyOn(backend.current.ctx, 'persist');
    const result = await synced(0);
    const sent = storeOrders().sort(latestChangeFirst);
    expect(result).toMatchObject({ since: 0, previous_synced_at: null, sent: sent.length, created: sent.length, updated: 0 });
    expect(result.synced_at).toBeGreaterThanOrEqual(seconds(NOW));
    expect(result.orders).toHaveLength(ORDERS_LISTED);
    expect(result.orders).toEqual(
      sent.slice(0, ORDERS_LISTED).map((o) => ({ order_id: o.id, consumer_email: o.consumer.email, total_price: o.total_price, status: o.status, action: 'created' })),
    );
    expect(db().crmSyncs.all()).toEqual([{ id: 1, store_id: STORE, synced_at: result.synced_at, since: 0, sent: sent.length, created: sent.length, updated: 0 }]);
    // A GET, yet it changed the server's data: written at once like any change.
    expect(persist).toHaveBeenCalledTimes(1);
    persist.mockRestore();
  });

  it('second run: only what changed since t, new orders created and changed ones updated, with the previous run', async () => {
    const [first] = db().crmSyncs.all();
    advanceClock(2 * MINUTE_MS);
    // A pickup since the first run (an order the CRM already has) and an order placed after it.
    const picked = storeOrders().find((o) => o.status === 0)!;
    await setOrderStatus(picked.id, 1);
    const placedAt = first.synced_at + 60;
    const base = OrderRecordSchema.parse(picked);
    await db().orders.create({ ...base, id: 88_101, status: 0, pickup_date: null, date: placedAt, audit_creation_date: placedAt, audit_update_date: placedAt });

    const result = await synced(first.synced_at);
    expect(result).toMatchObject({ since: first.synced_at, previous_synced_at: first.synced_at, sent: 2, created: 1, updated: 1 });
    expect(result.synced_at).toBeGreaterThanOrEqual(first.synced_at + 120);
    expect(result.orders).toEqual([
      { order_id: picked.id, consumer_email: picked.consumer.email, total_price: picked.total_price, status: 1, action: 'updated' },
      { order_id: 88_101, consumer_email: base.consumer.email, total_price: base.total_price, status: 0, action: 'created' },
    ]);
    expect(db().crmSyncs.all().map((run) => [run.since, run.sent, run.created, run.updated])).toEqual([
      [0, first.sent, first.sent, 0],
      [first.synced_at, 2, 1, 1],
    ]);
  });

  it('third run with nothing changed: sends nothing; t = 0 resends everything as updated', async () => {
    const second = db().crmSyncs.all()[1];
    advanceClock(MINUTE_MS);
    const empty = await synced(second.synced_at);
    expect(empty).toMatchObject({ previous_synced_at: second.synced_at, sent: 0, created: 0, updated: 0, orders: [] });
    const all = await synced(0);
    expect(all).toMatchObject({ previous_synced_at: empty.synced_at, sent: storeOrders().length, created: 0, updated: storeOrders().length });
    expect(all.orders.every((o) => o.action === 'updated')).toBe(true);
  });

  it('keeps each store’s runs apart, and the client reads the answer in milliseconds', async () => {
    const latest = db().crmSyncs.all().at(-1)!;
    await db().crmSyncs.create({ id: 99, store_id: 102, synced_at: latest.synced_at + 3600, since: 0, sent: 1, created: 1, updated: 0 });
    const result = await syncOrders(latest.synced_at * 1000);
    expect(result.previous_synced_at).toBe(latest.synced_at * 1000);
    expect(result.since).toBe(latest.synced_at * 1000);
    expect(result.synced_at % 1000).toBe(0);
  });

  it('answers 400 when t is missing or not a whole number of seconds ≥ 0, 401 without a session; records nothing then', async () => {
    const runs = db().crmSyncs.count();
    const message = 't must be a whole number of unix seconds, 0 or more (the previous sync; 0 sends every order)';
    for (const t of ['', '-1', '1.5', 'abc', '1e3']) {
      const response = await sync(t);
      expect({ t, status: response.status, message: await messageOf(response) }).toEqual({ t, status: 400, message });
    }
    const missing = await storeCall('/hubspot/app/orders', token);
    expect(missing.status).toBe(400);
    expect(await messageOf(missing)).toBe(message);
    expect((await sync(0, null)).status).toBe(401);
    expect(db().crmSyncs.count()).toBe(runs);
  });

  it('fails by its spec section 7 name without recording a run', async () => {
    const runs = db().crmSyncs.count();
    backend.current.devkit.fail('GET /hubspot/app/orders', 503);
    expect((await sync(0)).status).toBe(503);
    expect(db().crmSyncs.count()).toBe(runs);
  });
});

describe('the CRM sync log', () => {
  it('is saved with the rest of the data, and a snapshot from before it existed still restores (empty log)', async () => {
    const snapshot = snapshotDb(db(), NOW);
    expect(snapshot.collections.crmSyncs!.length).toBeGreaterThan(0);
    const copy = createDb();
    await expect(restoreDb(copy, snapshot)).resolves.toBe(true);
    expect(copy.crmSyncs.all()).toEqual(db().crmSyncs.all());

    const { crmSyncs: _log, ...older } = snapshot.collections;
    await expect(restoreDb(copy, { ...snapshot, collections: older })).resolves.toBe(true);
    expect(copy.crmSyncs.count()).toBe(0);
    expect(copy.orders.count()).toBe(db().orders.count());
  });
});
