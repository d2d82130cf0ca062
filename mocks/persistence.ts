import * as z from 'zod';
import type { Scenario } from '../scenarios/scenario';
import { collectionNames, collectionSchemas, insertValidated, restoreDb, SNAPSHOT_VERSION, type CollectionName, type Db, type DbSnapshot, type RecordOf } from './db';

/**
 * Browser persistence of the mock server's data in localStorage, written after every successful
 * change (not on unload, so a crash or a closed tab loses nothing). Two forms:
 *
 * - **snapshot** (default): every record of every collection, one key per collection
 *   (`devkit.db.<scenario>/<collection>`, the JSON array of its records) under a small manifest
 *   (`devkit.db.<scenario>`: version, seed moment, imported). A save rewrites only the collections
 *   that changed: a sign-in writes its session, not the whole ~250 KB scenario (~240 ms of a
 *   4×-slowed phone's main thread). Survives a change of the seed code; a missing part loads as an
 *   empty collection. The older single-key form (every collection under `devkit.db.<scenario>`)
 *   still loads, so saved training data survives the upgrade; the next save splits it.
 * - **changes** (`scenario.storage === 'changes'`): one key, `devkit.db.<scenario>`, holding the
 *   seed moment, a fingerprint of the seeded data and only the records added, changed or removed
 *   since. Loading reseeds the scenario as of that moment (seeds are deterministic), checks the
 *   fingerprint and reapplies the changes. For datasets whose snapshot does not fit the ~5 MB
 *   localStorage gives an origin (busy-store).
 *
 * `/` separates scenario and collection: no scenario's name holds one, so `devkit.db.default/…`
 * is never taken for another scenario's key.
 *
 * A write that does not fit (QuotaExceededError) never breaks the app: the other scenarios' saved
 * data is dropped to make room and the write tried once more; if it still fails, the scenario runs
 * in memory until the page is reloaded (all its keys are removed: a stale or half-written copy
 * would load as a mix, without one a reload starts it afresh) and one console.warn says so.
 * Nothing here throws.
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
 * Writes an imported session's data (mocks/journal-import.ts) as the scenario's saved data (the
 * snapshot form), marked `imported`: loading it then ignores the "same day" rule (a file recorded
 * yesterday shows yesterday's state) and the scenario's compact form (the snapshot is not a seed
 * plus changes), and later saves keep that form until a reset. Then seals the storage until the
 * page reloads. All or nothing: data that cannot fit in any browser's localStorage is refused
 * before anything is written; when a write does not fit, the other scenarios' saved data makes
 * room (as a save's would) and the write is tried once more; if it still fails, or storage is
 * unavailable, every key is put back exactly as it was (the scenario's older copy included) and
 * the answer is false. On success, `undo` puts everything back the same way and unseals.
 */
export function writeImportedData(scenario: string, snapshot: DbSnapshot, storage: Storage | undefined = pageStorage()): false | { undo: () => void } {
  if (!storage) return false;
  const entries = [
    [dbStorageKey(scenario), manifestOf(snapshot.version, snapshot.seededAt, true)],
    ...collectionNames.map((name) => [dbPartKey(scenario, name), JSON.stringify(snapshot.collections[name] ?? [])] as const),
  ] as const;
  if (entries.reduce((sum, [key, value]) => sum + key.length + value.length, 0) > STORAGE_QUOTA_UNITS) return false;
  const keys = new Set(entries.map(([key]) => key));
  // What the write may change (this scenario's keys, then the other scenarios'), as it was.
  const previous = new Map<string, string | null>();
  const remember = (key: string) => {
    if (!previous.has(key)) previous.set(key, quietly(() => storage.getItem(key)) ?? null);
  };
  const undo = () => {
    sealedStorages.delete(storage);
    // Everything written goes first, so the older values fit again.
    for (const key of previous.keys()) quietly(() => storage.removeItem(key));
    for (const [key, value] of previous) if (value !== null) quietly(() => storage.setItem(key, value));
  };
  const written = quietly(() => {
    for (const key of scenarioKeys(storage, scenario)) remember(key);
    for (const key of keys) remember(key);
    for (const key of scenarioKeys(storage, scenario)) if (!keys.has(key)) storage.removeItem(key);
    for (const [key, value] of entries) {
      try {
        storage.setItem(key, value);
      } catch {
        // Full: make room by dropping what other scenarios saved, then try once more.
        for (const other of storageKeys(storage)) {
          if (!other.startsWith(DB_KEY_PREFIX) || isScenarioKey(other, scenario)) continue;
          remember(other);
          storage.removeItem(other);
        }
        storage.setItem(key, value);
      }
    }
    return true;
  });
  if (written !== true) {
    undo();
    return false;
  }
  sealedStorages.add(storage);
  return { undo };
}

/**
 * The most any browser's localStorage holds for an origin, in UTF-16 code units of keys and
 * values (5 MiB; Chromium, Firefox and Safari give about that): data beyond it is refused
 * without trying.
 */
export const STORAGE_QUOTA_UNITS = 5 * 1024 * 1024;

/** localStorage key of a scenario's persisted data: the manifest of the snapshot form, or the whole changes form. */
export const dbStorageKey = (scenario: string) => `devkit.db.${scenario}`;
/** localStorage key of one collection of a scenario's snapshot. */
export const dbPartKey = (scenario: string, collection: CollectionName) => `${dbStorageKey(scenario)}/${collection}`;
const DB_KEY_PREFIX = dbStorageKey('');

/** Whether a key holds part of the scenario's saved data (its manifest or one of its parts). */
const isScenarioKey = (key: string, scenario: string) => key === dbStorageKey(scenario) || key.startsWith(`${dbStorageKey(scenario)}/`);

/** Every key of the storage (none when it cannot be read). */
function storageKeys(storage: Storage): string[] {
  return (quietly(() => Array.from({ length: storage.length }, (_, i) => storage.key(i))) ?? []).filter((key) => key !== null);
}

/**
 * The keys of the scenario's saved data: those present (a part of a collection removed since, say)
 * and those it may hold, in case the storage's keys cannot be listed.
 */
function scenarioKeys(storage: Storage, scenario: string): string[] {
  const known = [dbStorageKey(scenario), ...collectionNames.map((name) => dbPartKey(scenario, name))];
  return [...new Set([...known, ...storageKeys(storage).filter((key) => isScenarioKey(key, scenario))])];
}

/** The snapshot form's manifest: apart from the parts, so a save rewrites it only when the seed moment or `imported` changes. */
const manifestOf = (version: number, seededAt: number, imported: boolean): string =>
  JSON.stringify({ version, seededAt, ...(imported ? { imported: true } : {}), parts: true });

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
  /**
   * Per scenario, the manifest storage holds as this persistence wrote or read it. Without one
   * (the older single-key form was loaded, or the copy is not this persistence's), the parts may be
   * missing too, so the next save writes them all.
   */
  const manifests = new Map<string, string>();

  const unsaved = (scenario: string, message: string) => {
    inMemory.add(scenario);
    if (warned) return;
    warned = true;
    warn(message);
  };

  /**
   * Writes keys of the scenario's saved data, in order; true when all were written. A `whole`
   * write is the scenario's entire data: any other key of the scenario is left from another form
   * (or a removed collection) and goes.
   */
  function write(scenario: string, entries: ReadonlyArray<readonly [string, () => string]>, whole: boolean): boolean {
    const storage = storageOf();
    if (!storage) {
      unsaved(scenario, 'localStorage is not available: the mock data lasts until the page is reloaded.');
      return false;
    }
    if (sealedStorages.has(storage)) return false;
    const values = entries.map(([key, text]) => [key, text()] as const);
    const keys = new Set(values.map(([key]) => key));
    if (whole) for (const key of scenarioKeys(storage, scenario)) if (!keys.has(key)) quietly(() => storage.removeItem(key));
    for (const [key, value] of values) {
      const stored = () =>
        quietly(() => {
          storage.setItem(key, value);
          return true;
        }) === true;
      if (stored()) continue;
      // Full: make room by dropping what other scenarios saved, then try once more.
      for (const other of storageKeys(storage)) if (other.startsWith(DB_KEY_PREFIX) && !isScenarioKey(other, scenario)) quietly(() => storage.removeItem(other));
      if (stored()) continue;
      // The scenario's size as it would be stored: what this write holds plus its parts left as they are.
      const kept = scenarioKeys(storage, scenario).filter((own) => !keys.has(own));
      const size = [...values.map(([, text]) => text.length), ...kept.map((own) => quietly(() => storage.getItem(own))?.length ?? 0)].reduce((sum, n) => sum + n, 0);
      // A stale copy would bring older data back on reload, a half-written one a mix: without any,
      // a reload starts afresh.
      for (const own of scenarioKeys(storage, scenario)) quietly(() => storage.removeItem(own));
      unsaved(
        scenario,
        `The "${scenario}" data (${Math.round(size / 1024)} KB) does not fit in localStorage: it lasts until the page is reloaded, which reseeds it.`,
      );
      return false;
    }
    return true;
  }

  const persistence: Persistence = {
    async load(db, scenario, usable) {
      const loaded = await loadInto(db, scenario, usable);
      // What was just read is what storage holds: nothing to write until a handler changes it.
      if (loaded !== undefined) {
        const tracker = changeTracker(db);
        tracker.all = false;
        tracker.collections.clear();
      }
      return loaded;
    },

    seeded(db, scenario, seededAt) {
      inMemory.delete(scenario.name);
      imported.delete(scenario.name);
      manifests.delete(scenario.name);
      baseline = scenario.storage === 'changes' ? baselineOf(db, scenario.name, seededAt) : undefined;
      changeTracker(db).all = true;
      persistence.save(db, scenario, seededAt);
    },

    save(db, scenario, seededAt) {
      seededAtByDb.set(db, seededAt);
      if (inMemory.has(scenario.name)) return;
      // A call that wrote nothing (a sign-in lookup, a refused change) has nothing to save, and
      // one that did rewrites only the collections it changed: the whole snapshot is ~250 KB of
      // JSON, which costs a 4×-slowed phone's main thread ~240 ms to write.
      const tracker = changeTracker(db);
      if (!tracker.all && tracker.collections.size === 0) return;
      const { all } = tracker;
      const changed = new Set(tracker.collections);
      tracker.all = false;
      tracker.collections.clear();
      const { name } = scenario;
      if (!imported.has(name) && scenario.storage === 'changes') {
        const base = baseline;
        if (!base || base.scenario !== name || base.seededAt !== seededAt) {
          return unsaved(name, `The "${name}" data has no seeded state to compare with: changes last until the page is reloaded.`);
        }
        write(name, [[dbStorageKey(name), () => JSON.stringify(changesSnapshot(db, base))]], all);
        return;
      }
      const manifest = manifestOf(SNAPSHOT_VERSION, seededAt, imported.has(name));
      const whole = all || !manifests.has(name);
      const entries: Array<readonly [string, () => string]> = [];
      // The manifest first: it replaces the older single-key form, freeing its room for the parts.
      if (whole || manifests.get(name) !== manifest) entries.push([dbStorageKey(name), () => manifest]);
      for (const collection of collectionNames) {
        // The records' JSON is snapshotDb's for that collection (@msw/data's symbols are not serialised).
        if (whole || changed.has(collection)) entries.push([dbPartKey(name, collection), () => JSON.stringify(recordsOf(db, collection))]);
      }
      if (write(name, entries, whole)) manifests.set(name, manifest);
      else manifests.delete(name);
    },

    forget(scenario) {
      imported.delete(scenario);
      manifests.delete(scenario);
      const storage = storageOf();
      if (storage) for (const key of scenarioKeys(storage, scenario)) quietly(() => storage.removeItem(key));
    },
  };

  /** Loads the scenario's saved data into the db when there is a usable copy (Persistence.load). */
  async function loadInto(db: Db, scenario: Scenario, usable: (seededAt: number) => boolean): Promise<number | undefined> {
    const storage = storageOf();
    if (!storage) return undefined;
    const raw = quietly(() => storage.getItem(dbStorageKey(scenario.name)));
    if (!raw) return undefined;
    const stored = StoredSchema.safeParse(quietly(() => JSON.parse(raw) as unknown));
    if (!stored.success || stored.data.version !== SNAPSHOT_VERSION) return undefined;
    const { seededAt } = stored.data;
    const wasImported = !('changes' in stored.data) && stored.data.imported === true;
    if (!wasImported && !usable(seededAt)) return undefined;
    if (wasImported || (scenario.storage ?? 'snapshot') === 'snapshot') {
      if ('changes' in stored.data) return undefined;
      const snapshot = 'parts' in stored.data ? readParts(storage, scenario.name, stored.data) : stored.data;
      if (!snapshot || !(await restoreDb(db, snapshot))) return undefined;
      if (wasImported) imported.add(scenario.name);
      if ('parts' in stored.data) manifests.set(scenario.name, manifestOf(SNAPSHOT_VERSION, seededAt, wasImported));
      else manifests.delete(scenario.name);
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

/**
 * A snapshot's parts as restoreDb reads them; a missing part is an empty collection (restoreDb
 * reads a missing one as []), a part that is not JSON makes the copy unusable (undefined).
 */
function readParts(storage: Storage, scenario: string, manifest: { version: number; seededAt: number }): unknown {
  const collections: Record<string, unknown> = {};
  for (const name of collectionNames) {
    const raw = quietly(() => storage.getItem(dbPartKey(scenario, name)));
    if (raw === undefined) return undefined; // the read threw: storage is not usable
    if (raw === null) continue;
    const records = quietly(() => JSON.parse(raw) as unknown);
    if (records === undefined) return undefined;
    collections[name] = records;
  }
  // restoreDb checks every part (an array of valid records) before it touches the db.
  return { version: manifest.version, seededAt: manifest.seededAt, collections };
}

/**
 * Per db, what changed since the data was last read or written: the collections a record was
 * created, updated or deleted in, or `all` when no copy of the db is known to be stored (a db
 * nothing loaded, one just seeded).
 */
interface ChangeTracker {
  all: boolean;
  collections: Set<CollectionName>;
}
const trackers = new WeakMap<Db, ChangeTracker>();

function changeTracker(db: Db): ChangeTracker {
  const known = trackers.get(db);
  if (known) return known;
  const tracker: ChangeTracker = { all: true, collections: new Set() };
  for (const name of collectionNames) onRecordsChanged(db, name, () => tracker.collections.add(name));
  trackers.set(db, tracker);
  return tracker;
}

/**
 * Calls `listener` with the records each create, update or delete of a collection touches (an
 * update: the record before and after). The collections' own hooks: every write through the
 * collection API, the only way handlers write.
 */
function onRecordsChanged(db: Db, name: CollectionName, listener: (records: unknown[]) => void): void {
  const { hooks } = db[name] as unknown as Hooked;
  hooks.on('create', (event) => listener([event.data.record]));
  hooks.on('update', (event) => listener([event.data.prevRecord, event.data.nextRecord]));
  hooks.on('delete', (event) => listener([event.data.deletedRecord]));
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
  oobCodes: (r) => r.code,
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
    onRecordsChanged(db, name, (records) => {
      for (const record of records) if (record && typeof record === 'object') keys.add(recordKey(name, record as RecordOf<typeof name>));
    });
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

/** The snapshot form's manifest, the older single-key snapshot, or the changes form. */
const StoredSchema = z.union([
  z.object({
    version: z.number(),
    seededAt: z.number(),
    imported: z.literal(true).optional(),
    parts: z.literal(true),
  }),
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
