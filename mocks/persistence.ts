import * as z from 'zod';
import type { Scenario } from '../scenarios/scenario';
import { collectionNames, collectionSchemas, insertValidated, restoreDb, snapshotDb, SNAPSHOT_VERSION, type CollectionName, type Db, type DbSnapshot, type RecordOf } from './db';

/**
 * Browser persistence of the mock server's data: localStorage `devkit.db.<scenario>`, written after
 * every successful change (not on unload, so a crash or a closed tab loses nothing). Two forms:
 *
 * - **snapshot** (default): every record of every collection. Survives a change of the seed code.
 * - **changes** (`scenario.storage === 'changes'`): the seed moment, a fingerprint of the seeded
 *   data and only the records added, changed or removed since. Loading reseeds the scenario as of
 *   that moment (seeds are deterministic), checks the fingerprint and reapplies the changes. For
 *   datasets whose snapshot does not fit the ~5 MB localStorage gives an origin (busy-store).
 *
 * A write that does not fit (QuotaExceededError) never breaks the app: the other scenarios' saved
 * data is dropped to make room and the write tried once more; if it still fails, the scenario runs
 * in memory until the page is reloaded (its stale copy is removed, so a reload starts it afresh)
 * and one console.warn says so. Nothing here throws.
 */
export interface Persistence {
  /**
   * Loads the scenario's saved data into the db when there is a usable copy; resolves to its
   * seededAt, or undefined (the caller then seeds afresh; the db may hold anything by then).
   */
  load(db: Db, scenario: Scenario, usable: (seededAt: number) => boolean): Promise<number | undefined>;
  /** The db was just seeded: remember it as the base of later changes, and write it. */
  seeded(db: Db, scenario: Scenario, seededAt: number): void;
  /** Writes the db after a change. */
  save(db: Db, scenario: Scenario, seededAt: number): void;
  /** Removes a scenario's saved data. */
  forget(scenario: string): void;
}

/**
 * When the data a db holds was seeded (ms), as the persistence that loaded, seeded or saved it
 * knows it: the journal export records it with its data snapshot. Undefined for a db no
 * persistence has seen (Vitest backends): the export then uses the time of export.
 */
export function seededAtOf(db: Db): number | undefined {
  return seededAtByDb.get(db);
}
const seededAtByDb = new WeakMap<Db, number>();

/**
 * Storages an import has written to and whose page is about to reload: nothing else writes there
 * any more, so a request that finishes during the reload cannot overwrite the imported data.
 */
const sealedStorages = new WeakSet<Storage>();

/**
 * Writes an imported session's data (mocks/journal-import.ts) as the scenario's saved data, marked
 * `imported`: loading it then ignores the "same day" rule (a file recorded yesterday shows
 * yesterday's state) and the scenario's compact form (the snapshot is not a seed plus changes), and
 * later saves keep that form until a reset. Then seals the storage until the page reloads. Resolves
 * to false (and writes nothing) when the data does not fit or storage is unavailable.
 */
export function writeImportedData(scenario: string, snapshot: DbSnapshot, storage: Storage | undefined = pageStorage()): boolean {
  if (!storage) return false;
  const written = quietly(() => {
    storage.setItem(dbStorageKey(scenario), JSON.stringify({ ...snapshot, imported: true }));
    return true;
  });
  if (written !== true) {
    quietly(() => storage.removeItem(dbStorageKey(scenario)));
    return false;
  }
  sealedStorages.add(storage);
  return true;
}

/** localStorage key of a scenario's persisted data. */
export const dbStorageKey = (scenario: string) => `devkit.db.${scenario}`;
const DB_KEY_PREFIX = dbStorageKey('');

export interface StoragePersistenceOptions {
  /** Where to write (default: the page's localStorage, when the browser allows it). */
  storage?: () => Storage | undefined;
  /** Told once when the data cannot be saved (default: console.warn). */
  warn?: (message: string) => void;
}

function pageStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by policy: the mock runs without persistence
  }
}

/** Storage calls throw when storage is full (QuotaExceededError) or disabled (SecurityError): never past here. */
function quietly<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

export function createStoragePersistence(options: StoragePersistenceOptions = {}): Persistence {
  const storageOf = options.storage ?? pageStorage;
  const warn = options.warn ?? ((message: string) => console.warn(`[devkit] ${message}`));
  /** Scenarios that did not fit: kept in memory until the next reload or reseed. */
  const inMemory = new Set<string>();
  let warned = false;
  /** The seeded state of the current 'changes' scenario (what its changes are relative to). */
  let baseline: Baseline | undefined;
  /** Scenarios whose saved data came from an imported journal (writeImportedData): saved as snapshots. */
  const imported = new Set<string>();

  const unsaved = (scenario: string, message: string) => {
    inMemory.add(scenario);
    if (warned) return;
    warned = true;
    warn(message);
  };

  function write(scenario: string, text: () => string): void {
    const storage = storageOf();
    if (!storage) return unsaved(scenario, 'localStorage is not available: the mock data lasts until the page is reloaded.');
    if (sealedStorages.has(storage)) return;
    const key = dbStorageKey(scenario);
    const value = text();
    const stored = () =>
      quietly(() => {
        storage.setItem(key, value);
        return true;
      }) === true;
    if (stored()) return;
    // Full: make room by dropping what other scenarios saved, then try once more.
    const others = quietly(() => Array.from({ length: storage.length }, (_, i) => storage.key(i))) ?? [];
    for (const other of others) if (other?.startsWith(DB_KEY_PREFIX) && other !== key) quietly(() => storage.removeItem(other));
    if (stored()) return;
    // A stale copy would bring older data back on reload: without one, a reload starts afresh.
    quietly(() => storage.removeItem(key));
    unsaved(
      scenario,
      `The "${scenario}" data (${Math.round(value.length / 1024)} KB) does not fit in localStorage: it lasts until the page is reloaded, which reseeds it.`,
    );
  }

  const persistence: Persistence = {
    async load(db, scenario, usable) {
      const loaded = await loadInto(db, scenario, usable);
      // What was just read is what storage holds: nothing to write until a handler changes it.
      if (loaded !== undefined) changeTracker(db).changed = false;
      return loaded;
    },

    seeded(db, scenario, seededAt) {
      inMemory.delete(scenario.name);
      imported.delete(scenario.name);
      baseline = scenario.storage === 'changes' ? baselineOf(db, scenario.name, seededAt) : undefined;
      changeTracker(db).changed = true;
      persistence.save(db, scenario, seededAt);
    },

    save(db, scenario, seededAt) {
      seededAtByDb.set(db, seededAt);
      if (inMemory.has(scenario.name)) return;
      // A call that wrote nothing (a sign-in lookup, a refused change) has nothing to save: the
      // whole snapshot is ~250 KB of JSON, and writing it costs a phone's main thread ~30 ms.
      const tracker = changeTracker(db);
      if (!tracker.changed) return;
      tracker.changed = false;
      if (imported.has(scenario.name)) return write(scenario.name, () => JSON.stringify({ ...snapshotDb(db, seededAt), imported: true }));
      if (scenario.storage !== 'changes') return write(scenario.name, () => JSON.stringify(snapshotDb(db, seededAt)));
      const base = baseline;
      if (!base || base.scenario !== scenario.name || base.seededAt !== seededAt) {
        return unsaved(scenario.name, `The "${scenario.name}" data has no seeded state to compare with: changes last until the page is reloaded.`);
      }
      write(scenario.name, () => JSON.stringify(changesSnapshot(db, base)));
    },

    forget(scenario) {
      imported.delete(scenario);
      quietly(() => storageOf()?.removeItem(dbStorageKey(scenario)));
    },
  };

  /** Loads the scenario's saved data into the db when there is a usable copy (Persistence.load). */
  async function loadInto(db: Db, scenario: Scenario, usable: (seededAt: number) => boolean): Promise<number | undefined> {
    const raw = quietly(() => storageOf()?.getItem(dbStorageKey(scenario.name)));
    if (!raw) return undefined;
    const stored = StoredSchema.safeParse(quietly(() => JSON.parse(raw) as unknown));
    if (!stored.success || stored.data.version !== SNAPSHOT_VERSION) return undefined;
    const { seededAt } = stored.data;
    if ('collections' in stored.data && stored.data.imported === true) {
      if (!(await restoreDb(db, stored.data))) return undefined;
      imported.add(scenario.name);
      seededAtByDb.set(db, seededAt);
      return seededAt;
    }
    if (!usable(seededAt)) return undefined;
    if ((scenario.storage ?? 'snapshot') === 'snapshot') {
      if (!('collections' in stored.data) || !(await restoreDb(db, stored.data))) return undefined;
      seededAtByDb.set(db, seededAt);
      return seededAt;
    }
    if (!('changes' in stored.data)) return undefined;
    await scenario.seed(db, seededAt);
    const seededState = baselineOf(db, scenario.name, seededAt);
    // Another seed (the seed code changed since): the saved changes no longer apply to it.
    if (seededState.fingerprint !== stored.data.fingerprint) return undefined;
    if (!(await applyChanges(db, stored.data.changes))) return undefined;
    baseline = seededState;
    seededAtByDb.set(db, seededAt);
    return seededAt;
  }
  return persistence;
}

/** Per db: whether a record was created, updated or deleted since the data was last read or written. */
const trackers = new WeakMap<Db, { changed: boolean }>();

function changeTracker(db: Db): { changed: boolean } {
  const known = trackers.get(db);
  if (known) return known;
  const tracker = { changed: true };
  const changed = () => {
    tracker.changed = true;
  };
  for (const name of collectionNames) {
    const { hooks } = db[name] as unknown as Hooked;
    hooks.on('create', changed);
    hooks.on('update', changed);
    hooks.on('delete', changed);
  }
  trackers.set(db, tracker);
  return tracker;
}

// ---------------------------------------------------------------------------------------------
// The compact form: seed moment + changes
// ---------------------------------------------------------------------------------------------

/** How a record is told apart from the others of its collection. */
const keyOf: { [K in CollectionName]: (record: RecordOf<K>) => string } = {
  stores: (r) => String(r.id),
  billing: (r) => String(r.store_id),
  offers: (r) => String(r.id),
  templates: (r) => String(r.id),
  orders: (r) => String(r.id),
  payments: (r) => String(r.id),
  summaries: (r) => String(r.id),
  reviews: (r) => String(r.order_id),
  trucks: (r) => String(r.id),
  pickupLocations: (r) => String(r.id),
  deliveries: (r) => String(r.id),
  accounts: (r) => String(r.id),
  earnings: (r) => String(r.id),
  lookups: (r) => `${r.store_id}:${r.lang}`,
  operators: (r) => String(r.id),
  sessions: (r) => r.token,
  refreshTokens: (r) => r.token,
  crmSyncs: (r) => String(r.id),
  registrations: (r) => String(r.id),
  outbox: (r) => String(r.id),
};
const recordKey = <K extends CollectionName>(name: K, record: RecordOf<K>): string => keyOf[name](record);

/** Every record of a collection (typed by K, which the generic Db lookup cannot show). */
const recordsOf = <K extends CollectionName>(db: Db, name: K) => db[name].all() as unknown as ReadonlyArray<RecordOf<K>>;

interface Baseline {
  scenario: string;
  seededAt: number;
  /** A hash of the seeded data: saved changes only apply to the very seed they were made on. */
  fingerprint: string;
  /** Each record's JSON by collection and key. */
  records: Map<CollectionName, Map<string, string>>;
  /** Keys of the records created, updated or deleted since (only those can differ from the seed). */
  touched: Map<CollectionName, Set<string>>;
}

/**
 * Which records were touched, per db: the collections' own create / update / delete hooks report
 * every change made through the collection API (the only way handlers write), so a save compares
 * only those records instead of serialising 20,000 unchanged ones.
 */
const touchedByDb = new WeakMap<Db, Map<CollectionName, Set<string>>>();

interface HookEvent {
  data: { record?: unknown; prevRecord?: unknown; nextRecord?: unknown; deletedRecord?: unknown };
}
interface Hooked {
  hooks: { on(type: 'create' | 'update' | 'delete', listener: (event: HookEvent) => void): unknown };
}

function touchedRecords(db: Db): Map<CollectionName, Set<string>> {
  const known = touchedByDb.get(db);
  if (known) return known;
  const touched = new Map<CollectionName, Set<string>>(collectionNames.map((name) => [name, new Set<string>()]));
  for (const name of collectionNames) {
    const keys = touched.get(name)!;
    const mark = (record: unknown) => {
      if (record && typeof record === 'object') keys.add(recordKey(name, record as RecordOf<typeof name>));
    };
    const { hooks } = db[name] as unknown as Hooked;
    hooks.on('create', (event) => mark(event.data.record));
    hooks.on('update', (event) => {
      mark(event.data.prevRecord);
      mark(event.data.nextRecord);
    });
    hooks.on('delete', (event) => mark(event.data.deletedRecord));
  }
  touchedByDb.set(db, touched);
  return touched;
}

/** The db's state now, as the base of later changes (from here on, nothing is touched). */
function baselineOf(db: Db, scenario: string, seededAt: number): Baseline {
  const touched = touchedRecords(db);
  for (const keys of touched.values()) keys.clear();
  const hash = createHash();
  const records = new Map<CollectionName, Map<string, string>>();
  for (const name of collectionNames) {
    const byKey = new Map<string, string>();
    hash.add(name);
    for (const record of recordsOf(db, name)) {
      const json = JSON.stringify(record);
      byKey.set(recordKey(name, record), json);
      hash.add(json);
    }
    records.set(name, byKey);
  }
  return { scenario, seededAt, fingerprint: hash.digest(), records, touched };
}

type Changes = Partial<Record<CollectionName, { put: unknown[]; drop: string[] }>>;

interface ChangesSnapshot {
  version: number;
  seededAt: number;
  fingerprint: string;
  changes: Changes;
}

/** The records added or changed since the seed (in collection order) and the keys of those removed. */
function changesSnapshot(db: Db, base: Baseline): ChangesSnapshot {
  const changes: Changes = {};
  for (const name of collectionNames) {
    const touched = base.touched.get(name);
    if (!touched || touched.size === 0) continue;
    const seeded = base.records.get(name) ?? new Map<string, string>();
    const present = new Set<string>();
    const put: unknown[] = [];
    for (const record of recordsOf(db, name)) {
      const key = recordKey(name, record);
      if (!touched.has(key)) continue;
      present.add(key);
      if (seeded.get(key) !== JSON.stringify(record)) put.push(record);
    }
    const drop = [...touched].filter((key) => seeded.has(key) && !present.has(key));
    if (put.length > 0 || drop.length > 0) changes[name] = { put, drop };
  }
  return { version: SNAPSHOT_VERSION, seededAt: base.seededAt, fingerprint: base.fingerprint, changes };
}

/**
 * Applies saved changes to a freshly seeded db: removed records go, changed ones are replaced in
 * place, new ones are appended in their saved order. Every record is validated first; an invalid
 * one rejects the whole set (returns false).
 */
async function applyChanges(db: Db, changes: Changes): Promise<boolean> {
  const validated: Array<{ name: CollectionName; put: unknown[]; drop: Set<string> }> = [];
  for (const name of collectionNames) {
    const entry = changes[name];
    if (!entry) continue;
    const put = z.array(collectionSchemas[name]).safeParse(entry.put);
    if (!put.success) return false;
    validated.push({ name, put: put.data, drop: new Set(entry.drop) });
  }
  for (const { name, put, drop } of validated) await applyTo(db, name, put as Array<RecordOf<typeof name>>, drop);
  return true;
}

async function applyTo<K extends CollectionName>(db: Db, name: K, put: Array<RecordOf<K>>, drop: Set<string>): Promise<void> {
  // The generic collection type cannot see RecordOf<K> for an arbitrary K (as in db.ts insert).
  const collection = db[name] as unknown as {
    all(): Array<RecordOf<K>>;
    deleteMany(predicate: (q: QueryLike<K>) => QueryLike<K>): unknown;
    update(predicate: (q: QueryLike<K>) => QueryLike<K>, options: { data(draft: Record<string, unknown>): void }): Promise<unknown>;
  };
  const keyed = (test: (key: string) => boolean) => (q: QueryLike<K>) => q.where((record) => test(recordKey(name, record)));
  if (drop.size > 0) collection.deleteMany(keyed((key) => drop.has(key)));
  const present = new Set(collection.all().map((record) => recordKey(name, record)));
  for (const record of put) {
    const key = recordKey(name, record);
    if (!present.has(key)) {
      // Validated by applyChanges with the collection's schema.
      await insertValidated(db, name, record);
      continue;
    }
    await collection.update(
      keyed((candidate) => candidate === key),
      {
        data(draft) {
          for (const field of Object.keys(draft)) if (!(field in record)) delete draft[field];
          Object.assign(draft, record);
        },
      },
    );
  }
}

interface QueryLike<K extends CollectionName> {
  where(predicate: (record: RecordOf<K>) => boolean): QueryLike<K>;
}

/** cyrb53-style 2 × 32-bit string hash, fed piece by piece. */
function createHash() {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const add = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    // A separator, so ["ab", "c"] and ["a", "bc"] differ.
    h1 = Math.imul(h1 ^ 0x1f, 2654435761);
  };
  const digest = () => {
    let a = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    let b = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    a >>>= 0;
    b >>>= 0;
    return `${b.toString(16).padStart(8, '0')}${a.toString(16).padStart(8, '0')}`;
  };
  return { add, digest };
}

// ---------------------------------------------------------------------------------------------
// What localStorage holds
// ---------------------------------------------------------------------------------------------

const StoredSchema = z.union([
  z.object({
    version: z.number(),
    seededAt: z.number(),
    collections: z.record(z.string(), z.array(z.unknown())),
    imported: z.literal(true).optional(),
  }),
  z.object({
    version: z.number(),
    seededAt: z.number(),
    fingerprint: z.string(),
    changes: z.partialRecord(z.enum(collectionNames as [CollectionName, ...CollectionName[]]), z.object({ put: z.array(z.unknown()), drop: z.array(z.string()) })),
  }),
]);
