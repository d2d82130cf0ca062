import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsoleError } from '../setup';
import { setupServer } from 'msw/node';
import { createBackend, type Backend } from '../../mocks/backend';
import { collectionNames, collectionSchemas, createDb, insert, restoreDb, snapshotDb, SNAPSHOT_VERSION } from '../../mocks/db';
import { createStoragePersistence, dbPartKey, dbStorageKey, writeImportedData, type StoragePersistenceOptions } from '../../mocks/persistence';
import { FLAKY_NETWORK_SPARES, scenarios } from '../../scenarios';
import { API, identityUrl, idTokenFor, postJson, sessionToken, storeCall } from './support';

const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const sameDay = () => true;

const backendWith = (scenario: string, persistence: ReturnType<typeof createStoragePersistence>, now = () => NOW) =>
  createBackend({ apiBaseUrl: API, projectId: 'console-mock', scenarios, scenario, now, journal: () => undefined, persistence });

/**
 * localStorage as a browser keeps it: a quota on keys + values (in UTF-16 code units), and
 * QuotaExceededError when a write does not fit.
 */
class LimitedStorage implements Storage {
  readonly items = new Map<string, string>();
  writes = 0;
  /** Every key a write succeeded for, even if it was removed since. */
  readonly written = new Set<string>();
  constructor(private readonly capacity: number) {}
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.writes++;
    const used = [...this.items].reduce((sum, [k, v]) => sum + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + value.length > this.capacity) throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
    this.items.set(key, value);
    this.written.add(key);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

function persistenceOn(storage: Storage, warn = vi.fn<(message: string) => void>()) {
  const options: StoragePersistenceOptions = { storage: () => storage, warn };
  return { persistence: createStoragePersistence(options), warn };
}

/** The keys a scenario's saved data has in storage: its manifest (or changes) key and its parts. */
function keysOf(scenario: string, storage: Storage = localStorage): string[] {
  const manifest = dbStorageKey(scenario);
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '');
  return keys.filter((key) => key === manifest || key.startsWith(`${manifest}/`)).sort();
}

/** A scenario's whole stored text, manifest plus parts ('' when nothing is stored). */
function storedText(scenario: string, storage: Storage = localStorage): string {
  return keysOf(scenario, storage)
    .map((key) => storage.getItem(key))
    .join('\n');
}

/** Counts localStorage writes per key while it runs (every key, not only the db's). */
async function countingWrites(action: () => Promise<void>): Promise<Record<string, number>> {
  const setItem = vi.spyOn(localStorage, 'setItem');
  try {
    await action();
    const counts: Record<string, number> = {};
    for (const [key] of setItem.mock.calls) counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  } finally {
    setItem.mockRestore();
  }
}

const everyKey = (scenario: string) => [dbStorageKey(scenario), ...collectionNames.map((name) => dbPartKey(scenario, name))];

describe('the snapshot form (a manifest under devkit.db.<scenario>, each collection under devkit.db.<scenario>/<collection>)', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips every collection', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    const persistence = createStoragePersistence();
    persistence.seeded(db, scenarios.default, NOW);
    expect(storedText('default')).toContain('Forn de la Llotja');
    // A small manifest; each part is the collection's records as a snapshot holds them.
    expect(JSON.parse(localStorage.getItem(dbStorageKey('default'))!)).toEqual({ version: SNAPSHOT_VERSION, seededAt: NOW, parts: true });
    expect(keysOf('default')).toEqual([...everyKey('default')].sort());
    const snapshot = snapshotDb(db, NOW);
    const parts = Object.fromEntries(collectionNames.map((name) => [name, JSON.parse(localStorage.getItem(dbPartKey('default', name))!) as unknown]));
    expect(parts).toEqual(snapshot.collections);
    const copy = createDb();
    await expect(persistence.load(copy, scenarios.default, sameDay)).resolves.toBe(NOW);
    expect(snapshotDb(copy, NOW)).toEqual(snapshot);
  });

  it('still loads the older single-key form, and the first save after it writes the manifest and every part', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    localStorage.setItem(dbStorageKey('default'), JSON.stringify(snapshotDb(db, NOW)));
    const persistence = createStoragePersistence();
    const copy = createDb();
    await expect(persistence.load(copy, scenarios.default, sameDay)).resolves.toBe(NOW);
    expect(snapshotDb(copy, NOW)).toEqual(snapshotDb(db, NOW));
    // Loading marks nothing changed: a save without a change still writes nothing.
    expect(await countingWrites(async () => persistence.save(copy, scenarios.default, NOW))).toEqual({});

    const written = await countingWrites(async () => {
      await copy.sessions.create({ token: 'after-the-upgrade', operatorId: 1, createdAt: NOW, expiresAt: NOW + 3_600_000 });
      persistence.save(copy, scenarios.default, NOW);
    });
    // Only the sessions changed, but the older form has no parts yet.
    expect(written).toEqual(Object.fromEntries(everyKey('default').map((key) => [key, 1])));
    expect(JSON.parse(localStorage.getItem(dbStorageKey('default'))!)).toEqual({ version: SNAPSHOT_VERSION, seededAt: NOW, parts: true });
    const reloaded = createDb();
    await expect(createStoragePersistence().load(reloaded, scenarios.default, sameDay)).resolves.toBe(NOW);
    expect(snapshotDb(reloaded, NOW)).toEqual(snapshotDb(copy, NOW));
    expect(reloaded.sessions.findFirst((q) => q.where({ token: 'after-the-upgrade' }))).toBeDefined();
  });

  it('loads a missing part as an empty collection, and finds no usable copy when a part is not JSON or not valid', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    createStoragePersistence().seeded(db, scenarios.default, NOW);
    expect(db.reviews.count()).toBeGreaterThan(0);
    localStorage.removeItem(dbPartKey('default', 'reviews'));
    const missing = createDb();
    await expect(createStoragePersistence().load(missing, scenarios.default, sameDay)).resolves.toBe(NOW);
    expect(missing.reviews.count()).toBe(0);
    expect(missing.orders.count()).toBe(db.orders.count());

    for (const broken of ['[{not json', '{}', '[{"id":"not a record"}]']) {
      localStorage.setItem(dbPartKey('default', 'reviews'), broken);
      const target = createDb();
      await expect(createStoragePersistence().load(target, scenarios.default, sameDay)).resolves.toBeUndefined();
      expect(target.orders.count()).toBe(0);
    }
  });

  it('forget() removes the manifest and every part, and no other scenario’s keys', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    const persistence = createStoragePersistence();
    persistence.seeded(db, scenarios.default, NOW);
    // A part of a collection that no longer exists, and keys that only look alike.
    localStorage.setItem(`${dbStorageKey('default')}/retired`, '[]');
    localStorage.setItem(dbStorageKey('default-copy'), '{}');
    localStorage.setItem(`${dbStorageKey('default-copy')}/stores`, '[]');
    localStorage.setItem('console.mode', 'dark');
    persistence.forget('default');
    expect(keysOf('default')).toEqual([]);
    expect(keysOf('default-copy')).toHaveLength(2);
    expect(localStorage.getItem('console.mode')).toBe('dark');
    await expect(createStoragePersistence().load(createDb(), scenarios.default, sameDay)).resolves.toBeUndefined();
  });

  it('writes imported data in the split form, all or nothing', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    const snapshot = snapshotDb(db, NOW);
    const storage = new LimitedStorage(1_000_000);
    expect(writeImportedData('default', snapshot, storage)).toEqual({ undo: expect.any(Function) });
    expect(JSON.parse(storage.getItem(dbStorageKey('default'))!)).toEqual({ version: SNAPSHOT_VERSION, seededAt: NOW, imported: true, parts: true });
    expect(keysOf('default', storage)).toEqual([...everyKey('default')].sort());
    // Imported data loads on any day; and the storage is sealed until the page reloads.
    const { persistence } = persistenceOn(storage);
    const copy = createDb();
    await expect(persistence.load(copy, scenarios.default, () => false)).resolves.toBe(NOW);
    expect(snapshotDb(copy, NOW)).toEqual(snapshot);
    await copy.sessions.create({ token: 'during-the-reload', operatorId: 1, createdAt: NOW, expiresAt: NOW + 3_600_000 });
    const writes = storage.writes;
    persistence.save(copy, scenarios.default, NOW);
    expect(storage.writes).toBe(writes);

    // Too big: no part of it stays, and the storage is exactly as it was (the older copy too).
    const small = new LimitedStorage(100_000);
    small.setItem(dbStorageKey('default'), JSON.stringify({ version: SNAPSHOT_VERSION, seededAt: NOW - 1, parts: true }));
    small.setItem(dbPartKey('default', 'stores'), '[]');
    small.setItem(dbStorageKey('empty-store'), JSON.stringify({ version: SNAPSHOT_VERSION, seededAt: NOW - 1, parts: true }));
    small.setItem('console.mode', 'dark');
    const before = new Map(small.items);
    expect(writeImportedData('default', snapshot, small)).toBe(false);
    expect([...small.written].filter((key) => key.startsWith(`${dbStorageKey('default')}/`)).length).toBeGreaterThan(1);
    expect(new Map(small.items)).toEqual(before);
  });

  it('refuses imported data too big for any browser without writing, and undoes a write exactly', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    const snapshot = snapshotDb(db, NOW);
    const storage = new LimitedStorage(100_000_000);
    storage.setItem(dbStorageKey('default'), 'older');
    storage.setItem('console.mode', 'dark');
    const before = new Map(storage.items);
    const huge = { ...snapshot, collections: { ...snapshot.collections, summaries: Array.from({ length: 40_000 }, () => snapshot.collections.summaries![0]) } };
    const writes = storage.writes;
    expect(writeImportedData('default', huge, storage)).toBe(false);
    expect(storage.writes).toBe(writes);
    expect(new Map(storage.items)).toEqual(before);

    const written = writeImportedData('default', snapshot, storage);
    expect(written).not.toBe(false);
    expect(storage.getItem(dbStorageKey('default'))).not.toBe('older');
    (written as { undo: () => void }).undo();
    expect(new Map(storage.items)).toEqual(before);
  });

  it('rejects a snapshot with an invalid record as a whole, leaving the db untouched', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    const snapshot = snapshotDb(db, NOW);
    (snapshot.collections.offers![0] as { quantity: number }).quantity = -1;
    const target = createDb();
    await expect(restoreDb(target, snapshot)).resolves.toBe(false);
    expect(target.offers.count()).toBe(0);
    localStorage.setItem(dbStorageKey('default'), JSON.stringify(snapshot));
    await expect(createStoragePersistence().load(target, scenarios.default, sameDay)).resolves.toBeUndefined();
    localStorage.setItem(dbStorageKey('default'), '{not json');
    await expect(createStoragePersistence().load(target, scenarios.default, sameDay)).resolves.toBeUndefined();
    expect(target.offers.count()).toBe(0);
  });

  it('validates each restored record once (the whole snapshot first), while any other insert is still validated', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    const snapshot = snapshotDb(db, NOW);
    const copy = createDb();
    // @msw/data validates through the schema's Standard Schema interface; restoreDb's own check does not.
    const validate = vi.spyOn(collectionSchemas.orders['~standard'], 'validate');
    try {
      expect(await restoreDb(copy, snapshot)).toBe(true);
      expect(validate).not.toHaveBeenCalled();
      expect(copy.orders.all()).toHaveLength(db.orders.all().length);
      const [order] = db.orders.all();
      // @msw/data logs the schema's issues, then refuses the record.
      expectConsoleError(/\[object Object\]/);
      await expect(insert(copy, 'orders', { ...order, id: 'not a number' } as never)).rejects.toThrow(/validation/i);
      expect(validate).toHaveBeenCalledTimes(1);
    } finally {
      validate.mockRestore();
    }
  });

  it('ignores a copy the caller finds unusable (seeded on another day)', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    createStoragePersistence().seeded(db, scenarios.default, NOW);
    const target = createDb();
    await expect(createStoragePersistence().load(target, scenarios.default, () => false)).resolves.toBeUndefined();
    expect(target.stores.count()).toBe(0);
  });
});

describe('a persisted backend', () => {
  let backend: Backend;
  const server = setupServer();

  beforeAll(async () => {
    localStorage.clear();
    backend = await backendWith('multi-account', createStoragePersistence(), () => Date.now());
    server.use(...backend.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());

  it('writes the seed at start and every successful change at once', async () => {
    expect(storedText('multi-account')).toContain('demo@store.test');
    const token = await sessionToken();
    const response = await storeCall('/stores/operator/chacc', token, { method: 'POST', body: JSON.stringify({ currentAccount: 101, newAccount: 102 }) });
    expect(response.status).toBe(200);
    const reloaded = createDb();
    await createStoragePersistence().load(reloaded, scenarios['multi-account'], sameDay);
    expect(reloaded.operators.findFirst((q) => q.where({ email: 'demo@store.test' }))?.currentAccount).toBe(102);
    expect(reloaded.sessions.findFirst((q) => q.where({ token }))).toBeDefined();
  });

  it('writes nothing for a call that changes nothing (an account lookup, a refused change)', async () => {
    const [idToken, token] = await Promise.all([idTokenFor(), sessionToken()]);
    const unchanged = await countingWrites(async () => {
      expect((await postJson(identityUrl('lookup'), { idToken })).status).toBe(200);
      const refused = await storeCall('/stores/operator/chacc', token, { method: 'POST', body: JSON.stringify({ currentAccount: 102, newAccount: 999 }) });
      expect(refused.ok).toBe(false);
    });
    expect(unchanged).toEqual({});
    // Calls that do change something are still written at once, only the collection they changed
    // (there and back: the next tests expect account 102).
    const switches = await countingWrites(async () => {
      for (const [from, to] of [[102, 101], [101, 102]]) {
        const switched = await storeCall('/stores/operator/chacc', token, { method: 'POST', body: JSON.stringify({ currentAccount: from, newAccount: to }) });
        expect(switched.status).toBe(200);
      }
    });
    expect(switches).toEqual({ [dbPartKey('multi-account', 'operators')]: 2 });
  });

  it('writes only the sessions part for a sign-in, and the data reloads whole', async () => {
    const idToken = await idTokenFor(); // the identity provider's own changes (refresh token, last login) come first
    let token = '';
    const written = await countingWrites(async () => {
      const response = await postJson(`${API}/stores/signin`, { idToken });
      expect(response.status).toBe(200);
      ({ token } = (await response.json()) as { token: string });
    });
    expect(written).toEqual({ [dbPartKey('multi-account', 'sessions')]: 1 });
    const reloaded = createDb();
    const seededAt = await createStoragePersistence().load(reloaded, scenarios['multi-account'], sameDay);
    expect(seededAt).toBeTypeOf('number');
    expect(snapshotDb(reloaded, seededAt!)).toEqual(snapshotDb(backend.db, seededAt!));
    expect(reloaded.sessions.findFirst((q) => q.where({ token }))).toBeDefined();
  });

  it('continues from the persisted data on the next start the same day', async () => {
    const again = await backendWith('multi-account', createStoragePersistence(), () => Date.now());
    expect(again.db.operators.findFirst((q) => q.where({ email: 'demo@store.test' }))?.currentAccount).toBe(102);
  });

  it('starts a snapshot from an earlier day afresh (the data is dated relative to its seed)', async () => {
    const earlier = NOW - 3 * 24 * 3600 * 1000;
    const db = createDb();
    await scenarios.default.seed(db, earlier);
    createStoragePersistence().seeded(db, scenarios.default, earlier);
    const fresh = await backendWith('default', createStoragePersistence());
    const expected = createDb();
    await scenarios.default.seed(expected, NOW);
    expect(snapshotDb(fresh.db, NOW)).toEqual(snapshotDb(expected, NOW));
  });

  it('devkit.reset() reseeds, applies the scenario’s faults and replaces the persisted data', async () => {
    const { devkit, db } = backend;
    await devkit.reset('flaky-network');
    expect(devkit.scenario()).toBe('flaky-network');
    expect(devkit.faults()).toEqual({
      latencyMs: 1500,
      latencyBands: [{ share: 1, minMs: 300, maxMs: 1500 }],
      failures: [{ operation: '*', outcome: [500, 502, 503, 504], rate: 0.2, except: [...FLAKY_NETWORK_SPARES] }],
    });
    expect(db.stores.count()).toBe(1);
    expect(db.sessions.count()).toBe(0);
    expect(storedText('flaky-network')).toContain('Forn de la Llotja');
    await devkit.reset('default');
    expect(devkit.faults()).toEqual({ latencyMs: 0, failures: [] });
    await expect(devkit.reset('nope')).rejects.toThrow(/Unknown scenario "nope"/);
  });
});

describe('the changes form (busy-store: the seed moment and what changed since)', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('stores a few hundred bytes instead of the ~8 MB snapshot, and a reload gives back the same data with every change', { timeout: 30_000 }, async () => {
    const storage = new LimitedStorage(5_000_000);
    const first = await backendWith('busy-store', persistenceOn(storage).persistence);
    const stored = storage.getItem(dbStorageKey('busy-store'))!;
    expect(stored.length).toBeLessThan(1_000);
    expect(keysOf('busy-store', storage)).toEqual([dbStorageKey('busy-store')]); // one key, no parts
    expect(JSON.stringify(snapshotDb(first.db, NOW)).length).toBeGreaterThan(5_000_000);

    // A sign-in through the API (a session is created), then changes through the db as handlers make them.
    server.resetHandlers(...first.handlers);
    const token = await sessionToken();
    const { db } = first;
    const pending = db.orders.findFirst((q) => q.where({ status: 0 }))!;
    await db.orders.update((q) => q.where({ id: pending.id }), {
      data(order) {
        order.status = 3;
        order.audit_update_date += 60;
      },
    });
    const review = db.reviews.all()[10];
    db.reviews.delete((q) => q.where({ order_id: review.order_id }));
    await db.offers.create({ ...db.offers.all()[0], id: 99_999, name: 'Added after the seed' });
    first.ctx.persist();
    const changed = storage.getItem(dbStorageKey('busy-store'))!;
    expect(changed.length).toBeLessThan(10_000);
    expect(changed).toContain('Added after the seed');

    const second = await backendWith('busy-store', persistenceOn(storage).persistence);
    // The reloaded data is the data before the reload (compared as text: an 8 MB diff helps nobody).
    expect(JSON.stringify(snapshotDb(second.db, NOW)) === JSON.stringify(snapshotDb(first.db, NOW))).toBe(true);
    server.resetHandlers(...second.handlers);
    expect((await storeCall('/stores/home', token)).status).toBe(200); // the session survived
    expect(second.db.orders.findFirst((q) => q.where({ id: pending.id }))?.status).toBe(3);
  });

  // Five busy-store seeds (about half a second each), hence the longer timeout.
  it('starts afresh when the saved changes were made on another seed (the seed code changed) or are invalid', { timeout: 40_000 }, async () => {
    const storage = new LimitedStorage(5_000_000);
    const first = await backendWith('busy-store', persistenceOn(storage).persistence);
    await first.db.sessions.create({ token: 'kept-session', operatorId: 1, createdAt: NOW, expiresAt: NOW + 3_600_000 });
    first.ctx.persist();
    const key = dbStorageKey('busy-store');
    const saved = JSON.parse(storage.getItem(key)!) as { fingerprint: string; changes: { sessions: { put: Array<{ expiresAt: unknown }> } } };

    storage.setItem(key, JSON.stringify({ ...saved, fingerprint: '0000000000000000' }));
    const otherSeed = await backendWith('busy-store', persistenceOn(storage).persistence);
    expect(otherSeed.db.sessions.count()).toBe(0);

    saved.changes.sessions.put[0].expiresAt = 'tomorrow';
    storage.setItem(key, JSON.stringify(saved));
    const invalid = await backendWith('busy-store', persistenceOn(storage).persistence);
    expect(invalid.db.sessions.count()).toBe(0);
  });
});

describe('when localStorage is full', () => {
  it('drops the other scenarios’ saved data to make room, and keeps everything else', async () => {
    const storage = new LimitedStorage(400_000);
    storage.setItem(dbStorageKey('multi-account'), JSON.stringify({ version: SNAPSHOT_VERSION, seededAt: NOW, parts: true }));
    storage.setItem(dbPartKey('multi-account', 'orders'), 'x'.repeat(300_000));
    storage.setItem(dbStorageKey('empty-store'), 'x'.repeat(10_000)); // the older single-key form
    storage.setItem('console.mode', 'dark');
    const { persistence, warn } = persistenceOn(storage);
    const backend = await backendWith('default', persistence);
    expect(storedText('default', storage)).toContain('Forn de la Llotja');
    expect(keysOf('multi-account', storage)).toEqual([]);
    expect(keysOf('empty-store', storage)).toEqual([]);
    expect(storage.getItem('console.mode')).toBe('dark');
    expect(warn).not.toHaveBeenCalled();
    const reloaded = createDb();
    await expect(persistenceOn(storage).persistence.load(reloaded, scenarios.default, sameDay)).resolves.toBe(NOW);
    expect(snapshotDb(reloaded, NOW)).toEqual(snapshotDb(backend.db, NOW));
  });

  it('keeps a scenario that still does not fit in memory: no exception, one warning, no stale or half copy, no more attempts', async () => {
    const storage = new LimitedStorage(50_000);
    storage.setItem(dbStorageKey('default'), '{"stale":true}');
    storage.setItem(dbPartKey('default', 'outbox'), '[]');
    const { persistence, warn } = persistenceOn(storage);
    const backend = await backendWith('default', persistence);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/"default" data \(\d+ KB\) does not fit in localStorage/);
    // Some parts fitted before one did not: none of them stays.
    expect([...storage.written].filter((key) => key.startsWith(`${dbStorageKey('default')}/`)).length).toBeGreaterThan(1);
    expect(keysOf('default', storage)).toEqual([]);

    const writes = storage.writes;
    const server = setupServer(...backend.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const token = await sessionToken(); // a change: the new session
      expect((await storeCall('/stores/home', token)).status).toBe(200);
    } finally {
      server.close();
    }
    expect(storage.writes).toBe(writes);
    expect(warn).toHaveBeenCalledTimes(1);

    // A reset tries again (the new seed may fit where the changed data did not).
    await backend.devkit.reset('empty-store');
    expect(storedText('empty-store', storage)).toContain('La Despensa de Chamberí');
  });

  it('removes the whole copy when a change does not fit, not only the part that changed', async () => {
    const seeded = new LimitedStorage(10_000_000);
    await backendWith('default', persistenceOn(seeded).persistence);
    const size = [...seeded.items].reduce((sum, [key, value]) => sum + key.length + value.length, 0);
    const storage = new LimitedStorage(size + 2_000);
    for (const [key, value] of seeded.items) storage.setItem(key, value);
    const { persistence, warn } = persistenceOn(storage);
    const backend = await backendWith('default', persistence);
    expect(warn).not.toHaveBeenCalled();
    for (let i = 0; i < 50; i++) await backend.db.sessions.create({ token: `session-${i}`, operatorId: 1, createdAt: NOW, expiresAt: NOW + 3_600_000 });
    backend.ctx.persist();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/"default" data \(\d+ KB\) does not fit in localStorage/);
    expect(keysOf('default', storage)).toEqual([]);
  });

  it('runs without storage at all (disabled by the browser)', async () => {
    const warn = vi.fn<(message: string) => void>();
    const backend = await backendWith('default', createStoragePersistence({ storage: () => undefined, warn }));
    backend.ctx.persist();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/not available/);
  });
});

describe('devkit', () => {
  it('lists scenarios with their demo sign-ins and returns the journal and records', async () => {
    const journal = { version: 1, events: [] };
    const backend = await createBackend({ apiBaseUrl: API, projectId: 'console-mock', scenarios, scenario: 'default', now: () => NOW, journal: () => journal });
    const { devkit } = backend;
    expect(devkit.scenarios().map((s) => s.name)).toEqual(['default', 'multi-account', 'empty-store', 'busy-store', 'flaky-network', 'slow-backend', 'expired-session']);
    for (const scenario of devkit.scenarios()) {
      expect(scenario.signIns[0]).toEqual({ email: 'demo@store.test', password: 'demo1234' });
      expect(scenario.description).toMatch(/^.{20,}$/);
    }
    expect(devkit.journal()).toBe(journal);
    expect(devkit.records('stores')).toHaveLength(1);
    // A copy: changing it does not change the server.
    (devkit.records('stores')[0] as { name: string }).name = 'x';
    expect(backend.db.stores.all()[0].name).toBe('Forn de la Llotja');
  });
});
