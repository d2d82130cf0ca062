import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createBackend, type Backend } from '../../mocks/backend';
import { createDb, dbStorageKey, forgetDb, loadDb, restoreDb, saveDb, snapshotDb } from '../../mocks/db';
import { scenarios } from '../../scenarios';
import { API, sessionToken, storeCall } from './support';

const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const browserLike = { save: saveDb, load: loadDb, forget: forgetDb };

describe('saveDb / loadDb (localStorage under devkit.db.<scenario>)', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips every collection', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    expect(saveDb(db, 'default', NOW)).toBe(true);
    expect(localStorage.getItem(dbStorageKey('default'))).toContain('Forn de la Llotja');
    const copy = createDb();
    await expect(loadDb(copy, 'default')).resolves.toBe(NOW);
    expect(snapshotDb(copy, NOW)).toEqual(snapshotDb(db, NOW));
  });

  it('rejects a snapshot with an invalid record as a whole, leaving the db untouched', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW);
    const snapshot = snapshotDb(db, NOW);
    (snapshot.collections.offers![0] as { quantity: number }).quantity = -1;
    const target = createDb();
    await expect(restoreDb(target, snapshot)).resolves.toBe(false);
    expect(target.offers.count()).toBe(0);
    localStorage.setItem(dbStorageKey('default'), '{not json');
    await expect(loadDb(target, 'default')).resolves.toBeUndefined();
  });
});

describe('a persisted backend', () => {
  let backend: Backend;
  const server = setupServer();

  beforeAll(async () => {
    localStorage.clear();
    backend = await createBackend({ apiBaseUrl: API, projectId: 'console-mock', scenarios, scenario: 'multi-account', now: () => Date.now(), journal: () => undefined, persistence: browserLike });
    server.use(...backend.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());

  it('writes the seed at start and every successful change at once', async () => {
    expect(localStorage.getItem(dbStorageKey('multi-account'))).not.toBeNull();
    const token = await sessionToken();
    const response = await storeCall('/stores/operator/chacc', token, { method: 'POST', body: JSON.stringify({ currentAccount: 101, newAccount: 102 }) });
    expect(response.status).toBe(200);
    const reloaded = createDb();
    await loadDb(reloaded, 'multi-account');
    expect(reloaded.operators.findFirst((q) => q.where({ email: 'demo@store.test' }))?.currentAccount).toBe(102);
    expect(reloaded.sessions.findFirst((q) => q.where({ token }))).toBeDefined();
  });

  it('continues from the persisted data on the next start the same day', async () => {
    const again = await createBackend({ apiBaseUrl: API, projectId: 'console-mock', scenarios, scenario: 'multi-account', now: () => Date.now(), journal: () => undefined, persistence: browserLike });
    expect(again.db.operators.findFirst((q) => q.where({ email: 'demo@store.test' }))?.currentAccount).toBe(102);
  });

  it('starts a snapshot from an earlier day afresh (the data is dated relative to its seed)', async () => {
    const db = createDb();
    await scenarios.default.seed(db, NOW - 3 * 24 * 3600 * 1000);
    saveDb(db, 'default', NOW - 3 * 24 * 3600 * 1000);
    const fresh = await createBackend({ apiBaseUrl: API, projectId: 'console-mock', scenarios, scenario: 'default', now: () => NOW, journal: () => undefined, persistence: browserLike });
    const expected = createDb();
    await scenarios.default.seed(expected, NOW);
    expect(snapshotDb(fresh.db, NOW)).toEqual(snapshotDb(expected, NOW));
  });

  it('devkit.reset() reseeds, applies the scenario’s faults and replaces the persisted data', async () => {
    const { devkit, db } = backend;
    await devkit.reset('slow-network');
    expect(devkit.scenario()).toBe('slow-network');
    expect(devkit.faults()).toEqual({ latencyMs: 1500, failures: [{ operation: 'GET /stores/home', outcome: 503, remaining: 1 }] });
    expect(db.stores.count()).toBe(1);
    expect(db.sessions.count()).toBe(0);
    expect(localStorage.getItem(dbStorageKey('slow-network'))).toContain('Forn de la Llotja');
    await devkit.reset('default');
    expect(devkit.faults()).toEqual({ latencyMs: 0, failures: [] });
    await expect(devkit.reset('nope')).rejects.toThrow(/Unknown scenario "nope"/);
  });
});

describe('devkit', () => {
  it('lists scenarios with their demo sign-ins and returns the journal and records', async () => {
    const journal = { version: 1, events: [] };
    const backend = await createBackend({ apiBaseUrl: API, projectId: 'console-mock', scenarios, scenario: 'default', now: () => NOW, journal: () => journal });
    const { devkit } = backend;
    expect(devkit.scenarios().map((s) => s.name)).toEqual(expect.arrayContaining(['default', 'multi-account']));
    expect(devkit.scenarios().find((s) => s.name === 'default')?.signIns[0]).toEqual({ email: 'demo@store.test', password: 'demo1234' });
    expect(devkit.journal()).toBe(journal);
    expect(devkit.records('stores')).toHaveLength(1);
    // A copy: changing it does not change the server.
    (devkit.records('stores')[0] as { name: string }).name = 'x';
    expect(backend.db.stores.all()[0].name).toBe('Forn de la Llotja');
  });
});
