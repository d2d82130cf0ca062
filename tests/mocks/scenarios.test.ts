import { describe, expect, it } from 'vitest';
import { DEMO_SIGN_IN } from '../../scenarios/demo-sign-in';
import { collectionNames, collectionSchemas, createDb, snapshotDb, type Db } from '../../mocks/db';
import { aggregateSales } from '../../mocks/figures';
import { addDays, seconds, startOfDay } from '../../mocks/time';
import { SLOW_BACKEND_LATENCY } from '../../mocks/faults';
import { DEFAULT_SCENARIO, FLAKY_NETWORK_SPARES, scenarios } from '../../scenarios';
import { inconsistencies, logisticsInconsistencies } from './consistency';

const NOW = new Date(2026, 5, 19, 18, 45).getTime(); // a Friday evening

async function seed(name: string, now = NOW): Promise<Db> {
  const db = createDb();
  await scenarios[name].seed(db, now);
  return db;
}

/** One seed per scenario for the whole file (busy-store takes about half a second); tests only read it. */
const seeds = new Map<string, Promise<Db>>();
function seeded(name: string): Promise<Db> {
  if (!seeds.has(name)) seeds.set(name, seed(name));
  return seeds.get(name)!;
}

describe.each(Object.keys(scenarios))('scenario %s', (name) => {
  it('is deterministic for a fixed now', async () => {
    const [a, b] = [JSON.stringify(snapshotDb(await seeded(name), NOW)), JSON.stringify(snapshotDb(await seed(name), NOW))];
    // Compared as text: a 10,000-order diff would take longer to print than to read.
    expect(a === b).toBe(true);
  });

  it('holds only records that pass their wire schema', async () => {
    const db = await seeded(name);
    const invalid = collectionNames.flatMap((collection) =>
      db[collection].all().filter((record) => !collectionSchemas[collection].safeParse(record).success).map((record) => ({ collection, record })),
    );
    expect(invalid).toEqual([]);
  });

  it('never points at anything outside the page (images are inline data)', async () => {
    const db = await seeded(name);
    const text = JSON.stringify(snapshotDb(db, NOW));
    expect(text.match(/https?:\/\/[^"\s]*/g) ?? []).toEqual([]);
    for (const store of db.stores.all()) for (const image of [store.avatar, store.logo, store.cover]) expect(image).toMatch(/^data:image\/svg\+xml/);
  });

  it('signs in with the scenario’s declared operators, whose stores exist', async () => {
    const db = await seeded(name);
    expect(db.operators.all().map((o) => o.email)).toEqual(scenarios[name].operators.map((o) => o.email));
    for (const operator of db.operators.all()) {
      expect(operator.stores).toContain(operator.currentAccount);
      expect(operator.rolesList.roles).toContain(operator.role);
      for (const storeId of operator.stores) {
        expect(db.stores.findFirst((q) => q.where({ id: storeId }))).toBeDefined();
        expect(db.accounts.findFirst((q) => q.where({ store_id: storeId, kind: 'operator', holder: operator.email }))).toBeDefined();
      }
    }
  });

  it('keeps offers, orders, payments and reviews consistent with each other', async () => {
    expect(inconsistencies(await seeded(name))).toEqual([]);
  });

  it('keeps trucks, pickup locations and deliveries consistent with each other, the clock and the store’s own door', async () => {
    expect(logisticsInconsistencies(await seeded(name), NOW)).toEqual([]);
  });

  it('gives every store that delivers a day of rounds today: one per active truck, in time order, around the clock', async () => {
    const db = await seeded(name);
    const [todayS, tomorrowS, nowS] = [seconds(startOfDay(NOW)), seconds(addDays(NOW, 1)), seconds(NOW)];
    const delivering = db.stores.all().filter((store) => db.deliveries.findFirst((q) => q.where({ store_id: store.id })) !== undefined);
    // Every store delivers, but the one that signed up today.
    expect(delivering.map((s) => s.id)).toEqual(name === 'empty-store' ? [] : db.stores.all().map((s) => s.id));
    for (const store of delivering) {
      const deliveries = db.deliveries.findMany((q) => q.where({ store_id: store.id }));
      expect(db.trucks.findMany((q) => q.where({ store_id: store.id })).length).toBeGreaterThan(0);
      expect(db.pickupLocations.findMany((q) => q.where({ store_id: store.id })).length).toBeGreaterThan(0);
      const today = deliveries.filter((d) => d.delivery_date >= todayS && d.delivery_date < tomorrowS);
      expect(today.length).toBeGreaterThanOrEqual(6);
      expect(today.some((d) => d.delivery_status === 'pending')).toBe(true);
      for (const truck of db.trucks.findMany((q) => q.where({ store_id: store.id, status: 'active' }))) {
        const round = today.filter((d) => d.delivery_truck === truck.name).sort((a, b) => a.id - b.id);
        expect(round.length).toBeGreaterThanOrEqual(3);
        // Ids follow the clock, and a Friday evening finds the truck halfway: doors behind it, doors ahead.
        expect(round.map((d) => d.delivery_date)).toEqual(round.map((d) => d.delivery_date).sort((a, b) => a - b));
        expect(round.some((d) => d.delivery_date <= nowS && d.delivery_status !== 'assigned')).toBe(true);
        expect(round.some((d) => d.delivery_date > nowS && d.delivery_status === 'assigned')).toBe(true);
      }
    }
  });

  it('signs in as the sign-in hint says (DEMO_SIGN_IN, its first operator) and defines the earnings segments of every store', async () => {
    const db = await seeded(name);
    // The hint is shown before the scenarios load (mocks/index.tsx), so it cannot ask them.
    expect(scenarios[name].operators[0]).toMatchObject(DEMO_SIGN_IN);
    expect(DEMO_SIGN_IN).toEqual({ email: 'demo@store.test', password: 'demo1234' });
    for (const store of db.stores.all()) {
      const segments = db.earnings.findMany((q) => q.where({ store_id: store.id }));
      expect(segments.map((s) => s.min_orders)).toEqual([1, 2, 5]);
    }
  });
});

describe('default scenario data', () => {
  it('has two weeks of believable activity around one store', async () => {
    const db = await seeded('default');
    expect(db.stores.count()).toBe(1);
    expect(db.offers.count()).toBeGreaterThanOrEqual(20);
    expect(db.offers.count()).toBeLessThanOrEqual(32);
    expect(db.orders.count()).toBeGreaterThanOrEqual(100);
    expect(db.orders.count()).toBeLessThanOrEqual(160);
    expect(new Set(db.orders.all().map((o) => o.status))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(db.payments.all().map((p) => p.status))).toEqual(new Set(['pending', 'completed', 'rejected', 'canceled']));
    expect(new Set(db.deliveries.all().map((d) => d.delivery_status))).toEqual(new Set(['assigned', 'delivered', 'pending', 'rejected']));
    const notifications = db.stores.all()[0].notifications;
    expect(notifications.length).toBeGreaterThanOrEqual(4);
    expect(notifications.length).toBeLessThanOrEqual(6);
    expect(notifications.some((n) => !n.read)).toBe(true);
    expect(db.stores.all()[0].devices).toHaveLength(2);
    expect(db.trucks.count()).toBeGreaterThanOrEqual(2);
    expect(db.pickupLocations.count()).toBeGreaterThanOrEqual(2);
    expect(new Set(db.accounts.all().map((a) => a.kind))).toEqual(new Set(['operator', 'device']));
    expect(db.earnings.count()).toBeGreaterThanOrEqual(3);

    const nowS = seconds(NOW);
    const offers = db.offers.all();
    expect(offers.some((o) => o.order_date_from <= nowS && nowS < o.order_date_to)).toBe(true); // live now
    expect(offers.some((o) => o.order_date_from >= seconds(addDays(NOW, 1)))).toBe(true); // tomorrow
    expect(offers.some((o) => o.order_date_to < seconds(addDays(NOW, -7)))).toBe(true); // past
    expect(db.orders.all().every((o) => o.date <= nowS && o.date >= seconds(addDays(NOW, -13)))).toBe(true);
  });

  it('summarises each closed day of the fortnight from its orders, and a year before it', async () => {
    const db = await seeded('default');
    const summaries = db.summaries.all();
    expect(summaries).toHaveLength(365);
    expect(summaries.some((s) => s.day === seconds(startOfDay(NOW)))).toBe(false); // today is not closed yet
    for (let offset = -13; offset <= -1; offset++) {
      const [day, next] = [seconds(addDays(NOW, offset)), seconds(addDays(NOW, offset + 1))];
      const orders = db.orders.all().filter((o) => o.date >= day && o.date < next && o.status <= 1);
      const summary = summaries.find((s) => s.day === day)!;
      expect(summary).toMatchObject(aggregateSales(orders));
    }
    for (const s of summaries) expect(s.net).toBeCloseTo(s.gross - s.fees, 2);
  });
});

describe('delivery rounds at any hour', () => {
  it.each([
    ['before the vans leave', new Date(2026, 5, 17, 2, 0).getTime()],
    ['mid-morning', new Date(2026, 5, 17, 10, 30).getTime()],
    ['after the last round', new Date(2026, 5, 17, 23, 30).getTime()],
  ])('keeps the clock %s, within round hours (08:00–21:00)', async (_, now) => {
    const db = await seed('multi-account', now);
    expect(logisticsInconsistencies(db, now)).toEqual([]);
    const [from, to] = [seconds(startOfDay(now)), seconds(addDays(now, 1))];
    const today = db.deliveries.all().filter((d) => d.delivery_date >= from && d.delivery_date < to);
    expect(today.length).toBeGreaterThanOrEqual(18); // three stores
    for (const d of today) {
      const hour = new Date(d.delivery_date * 1000).getHours() + new Date(d.delivery_date * 1000).getMinutes() / 60;
      expect(hour).toBeGreaterThanOrEqual(8);
      expect(hour).toBeLessThanOrEqual(21);
    }
  });
});

describe('multi-account scenario data', () => {
  it('gives the one operator three stores in three cities and two roles', async () => {
    const db = await seeded('multi-account');
    const [operator] = db.operators.all();
    expect(operator).toMatchObject({ email: 'demo@store.test', password: 'demo1234', stores: [101, 102, 103], rolesList: { roles: ['STORE_ADMIN', 'STORE_OPERATOR'] } });
    expect(db.stores.all().map((s) => s.address.city)).toEqual(['València', 'Madrid', 'Barcelona']);
    for (const store of db.stores.all()) {
      expect(db.offers.findMany((q) => q.where({ store_id: store.id })).length).toBeGreaterThan(10);
      expect(db.lookups.findMany((q) => q.where({ store_id: store.id }))).toHaveLength(2);
    }
    const ids = db.orders.all().map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the scenario catalogue (issue 9)', () => {
  it('has the seven scenarios, each described in one clear line', () => {
    expect(Object.keys(scenarios)).toEqual(['default', 'multi-account', 'empty-store', 'busy-store', 'flaky-network', 'slow-backend', 'expired-session']);
    // Named apart from the scenarios (mocks/scenario-choice.ts), for the Demo menu's stand-in label.
    expect(scenarios[DEFAULT_SCENARIO].name).toBe(DEFAULT_SCENARIO);
    for (const scenario of Object.values(scenarios)) {
      expect(scenario.description).toMatch(/^\S.{20,160}\S$/);
      expect(scenario.description).not.toMatch(/\n/);
    }
  });

  it('runs flaky-network on the default bakery: every call waits 0.3–1.5 s, 20 % of platform calls answer a 5xx, identity spared', () => {
    const { faults, operators } = scenarios['flaky-network'];
    expect(scenarios['flaky-network'].seed).toBe(scenarios.default.seed);
    expect(operators).toBe(scenarios.default.operators);
    expect(faults).toEqual({
      latency: { minMs: 300, maxMs: 1500 },
      failures: [{ operation: '*', outcome: [500, 502, 503, 504], rate: 0.2, except: FLAKY_NETWORK_SPARES }],
    });
    expect(FLAKY_NETWORK_SPARES).toEqual(expect.arrayContaining(['* identitytoolkit/v1/{call}', '* securetoken/v1/token']));
  });

  it('runs slow-backend on the default bakery with calls near and past the 10 s timeout', () => {
    expect(scenarios['slow-backend'].seed).toBe(scenarios.default.seed);
    expect(scenarios['slow-backend'].faults).toEqual({ latency: SLOW_BACKEND_LATENCY });
  });

  it('runs expired-session on the default bakery with platform tokens that live at most a minute, no faults', () => {
    const scenario = scenarios['expired-session'];
    expect(scenario.seed).toBe(scenarios.default.seed);
    expect(scenario.tokenTtlMs).toBeLessThanOrEqual(60_000);
    expect(scenario.tokenTtlMs).toBeGreaterThan(0);
    expect(scenario.faults).toBeUndefined();
    for (const name of ['default', 'multi-account', 'empty-store', 'busy-store', 'flaky-network', 'slow-backend']) expect(scenarios[name].tokenTtlMs).toBeUndefined();
  });
});

describe('the scenarios registry (issue 23)', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('finds no scenario named %j: only the registered names exist', (name) => {
    expect(scenarios[name]).toBeUndefined();
  });
});
