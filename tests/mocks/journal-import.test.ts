import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeBackend } from '../../mocks/node';
import type { Backend } from '../../mocks/backend';
import { collectionNames, type CollectionName } from '../../mocks/db';
import { JournalImportError, type JournalFile } from '../../mocks/journal-file';
import { installJournalImport } from '../../mocks/journal-import';
import { listCurrentOffers, setOfferStatus } from '../../src/api/offers';
import { exchangeIdToken } from '../../src/api/session';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';
import { createJournal, replay, type Journal } from '../../src/machines/journal/journal';
import { connectHttpToTestBackend, idTokenFor, setupTestBackend } from './support';

// 10:30 local time on a Wednesday: the seeded store has offers on sale.
const NOW = new Date(2026, 2, 11, 10, 30).getTime();
const STORE = 101;
const recording = setupTestBackend({ now: NOW });

/** Collections compared as they are; the others carry secrets the import renews. */
const SECRET_FREE = collectionNames.filter((name) => !['sessions', 'refreshTokens', 'stores', 'operators'].includes(name));
const records = (backend: { devkit: Backend['devkit'] }, name: CollectionName) => backend.devkit.records(name) as Array<Record<string, unknown>>;
const without = (rows: Array<Record<string, unknown>>, ...fields: string[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !fields.includes(key))));

let journal: Journal;
let file: JournalFile;
let text: string;
let sessionToken: string;

beforeAll(async () => {
  // A short session, as the app records it: sign in, the offers list, an offer paused, a page view.
  journal = createJournal();
  await connectHttpToTestBackend(recording);
  const grant = await exchangeIdToken(await idTokenFor());
  sessionToken = grant.token;
  journal.append({ type: 'consent.given', at: NOW });
  journal.append({ type: 'session.signedIn', at: NOW, user: grant.user, via: 'password' });
  const page = await listCurrentOffers(STORE, { limit: 10, offset: 0 });
  journal.append({ type: 'offers.loaded', at: NOW, filter: 'all', page });
  const paused = await setOfferStatus(page.data.find((offer) => offer.status === 1)!.id, 0);
  journal.append({ type: 'offer.saved', at: NOW, offer: paused });
  journal.append({ type: 'page.viewed', at: NOW, path: '/offers', title: 'Offers' });

  recording.current.devkit.attachJournal(journal);
  file = recording.current.devkit.exportJournal();
  text = JSON.stringify(file, null, 2);
});

/** A backend in another "browser": fresh seed of the default scenario, no server listening. */
const freshBackend = () => createNodeBackend({ now: NOW + 60_000 });

describe('the journal export file', () => {
  it('carries the journal, the scenario, the export time and the mock data', () => {
    expect(file.kind).toBe('store-console.journal');
    expect(file.format).toBe(1);
    expect(file.scenario).toBe('default');
    expect(Date.parse(file.exportedAt) - NOW).toBeGreaterThanOrEqual(0);
    expect(Date.parse(file.exportedAt) - NOW).toBeLessThan(60_000);
    expect(file.journal).toEqual(journal.export());
    expect(file.data.collections.offers?.length).toBe(recording.current.db.offers.all().length);
  });

  it('holds no token and no password', () => {
    const { db } = recording.current;
    const secrets = [
      sessionToken,
      ...db.sessions.all().map((s) => s.token),
      ...db.refreshTokens.all().map((r) => r.token),
      ...db.stores.all().map((s) => s.apiKey).filter(Boolean),
      ...db.operators.all().flatMap((o) => [o.password, o.passwordHash]).filter((v): v is string => Boolean(v)),
      ...db.registrations.all().flatMap((r) => [r.token, r.passwordHash]),
    ];
    expect(secrets.length).toBeGreaterThan(3);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('demo1234');
    expect(file.data.collections.sessions).toEqual([]);
    expect(file.data.collections.refreshTokens).toEqual([]);
  });
});

describe('importing the file', () => {
  it('rebuilds identical projections and mock data in a fresh session', async () => {
    const target = await freshBackend();
    // The other browser had changed nothing yet: the paused offer is still on sale there.
    const pausedId = (file.journal.events.find((e) => e.type === 'offer.saved') as { offer: { id: number } }).offer.id;
    expect(target.db.offers.findFirst((q) => q.where({ id: pausedId }))?.status).toBe(1);

    const summary = await target.devkit.importJournal(text);
    expect(summary).toEqual({ scenario: 'default', exportedAt: file.exportedAt, events: 5, operator: 'demo@store.test' });

    // The app side: the journal loaded from the file replays to the recorded projections.
    const replayed = createJournal();
    replayed.load(JSON.parse(text).journal);
    expect(replayed.state()).toEqual(journal.state());
    expect(replayed.events()).toEqual(journal.events());
    expect(replay(JSON.parse(text).journal)).toEqual(journal.state());

    // The server side: the same records, secrets renewed.
    for (const name of SECRET_FREE) expect({ name, rows: records(target, name) }).toEqual({ name, rows: records(recording.current, name) });
    expect(target.db.offers.findFirst((q) => q.where({ id: pausedId }))?.status).toBe(0);
    expect(without(records(target, 'stores'), 'apiKey')).toEqual(without(records(recording.current, 'stores'), 'apiKey'));
    expect(target.db.stores.all().every((s) => s.apiKey.startsWith('sk_mock_'))).toBe(true);
    // The seeded demo accounts keep their published passwords (from the scenario, not the file).
    expect(records(target, 'operators')).toEqual(records(recording.current, 'operators'));
    // No session came along; the identity provider issued one refresh token for the operator.
    expect(target.db.sessions.all()).toEqual([]);
    const demo = target.db.operators.findFirst((q) => q.where({ email: 'demo@store.test' }))!;
    expect(target.db.refreshTokens.all().map((r) => r.operatorId)).toEqual([demo.id]);
  });

  it('hands the listeners the sign-in and the screen to open, and re-exports the same file', async () => {
    const target = await freshBackend();
    const handed: Array<{ landing: string; email: string | undefined; user: string | undefined }> = [];
    target.devkit.onJournalImported((imported) => {
      handed.push({ landing: imported.landing, email: imported.identity?.email, user: imported.user?.operator.email });
    });
    await target.devkit.importJournal(file);
    expect(handed).toEqual([{ landing: '/offers', email: 'demo@store.test', user: 'demo@store.test' }]);

    const again = createJournal();
    again.load(file.journal);
    target.devkit.attachJournal(again);
    const second = target.devkit.exportJournal();
    expect(second.journal).toEqual(file.journal);
    for (const name of SECRET_FREE) expect({ name, rows: second.data.collections[name] }).toEqual({ name, rows: file.data.collections[name] });
    expect(target.devkit.journalCheck()).toMatchObject({ equal: true, differences: [], events: 5 });
  });

  const refusals: Array<[string, (file: JournalFile) => unknown, JournalImportError['reason'], RegExp]> = [
    ['text that is not JSON', () => '{ "kind": "store-console.journal", ', 'notJson', /^The file is not JSON/],
    ['a foreign JSON file', () => ({ name: 'package', version: '1.0.0' }), 'foreign', /not a journal exported by this console/],
    ['a bare journal (the old export)', (f) => f.journal, 'foreign', /not a journal exported by this console/],
    ['another format', (f) => ({ ...f, format: 2 }), 'format', /exported in format 2; this console imports format 1/],
    ['a format written as text', (f) => ({ ...f, format: '1' }), 'formatType', /"format" must be the number 1; it is "1"/],
    ['a scenario named like a property every object has', (f) => ({ ...f, scenario: '__proto__' }), 'scenario', /scenario "__proto__", which this console does not have/],
    ['a scenario named "constructor"', (f) => ({ ...f, scenario: 'constructor' }), 'scenario', /scenario "constructor", which this console does not have/],
    [
      'data nested far deeper than any export',
      (f) => {
        const events = f.journal.events.map((e, i) => (i === 2 ? { ...e, extra: 'DEEP' } : e));
        const depth = 200_000;
        return JSON.stringify({ ...f, journal: { ...f.journal, events } }).replace('"DEEP"', `${'['.repeat(depth)}${']'.repeat(depth)}`);
      },
      'tooDeep',
      /nests its data too deeply at journal\.events\.2\.extra\.0\.0.*more than 64 levels/,
    ],
    [
      'an event without its time',
      (f) => ({ ...f, journal: { ...f.journal, events: f.journal.events.map((e, i) => (i === 2 ? { type: e.type } : e)) } }),
      'invalid',
      /damaged: journal\.events\.2\.at is missing/,
    ],
    ['a checkpoint without a projection', (f) => ({ ...f, journal: { ...f.journal, checkpoint: { session: f.journal.checkpoint.session } } }), 'invalid', /journal\.checkpoint/],
    ['an unknown scenario', (f) => ({ ...f, scenario: 'moon-base' }), 'scenario', /scenario "moon-base", which this console does not have/],
    [
      'a record the data model refuses',
      (f) => ({ ...f, data: { ...f.data, collections: { ...f.data.collections, offers: [{ ...(f.data.collections.offers![0] as object), id: 'seven' }] } } }),
      'data',
      /does not match this console’s data model \(offers\[0\]\.id\)/,
    ],
  ];

  it.each(refusals)('refuses %s with a specific message and changes nothing', async (_, make, reason, message) => {
    const target = await freshBackend();
    target.devkit.fail('GET /stores/home', 500);
    const before = Object.fromEntries(collectionNames.map((name) => [name, target.devkit.records(name)]));
    const error = await target.devkit.importJournal(make(structuredClone(file))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalImportError);
    expect((error as JournalImportError).reason).toBe(reason);
    expect((error as JournalImportError).message).toMatch(message);
    // The menu shows the same reason in Spanish.
    const key = (error as JournalImportError).key;
    expect(es[key]).toBeTruthy();
    expect(es[key]).not.toBe(en[key]);
    expect(Object.fromEntries(collectionNames.map((name) => [name, target.devkit.records(name)]))).toEqual(before);
    expect(target.devkit.scenario()).toBe('default');
    expect(target.devkit.faults().failures).toHaveLength(1);
  });
});

/** The file with one more page view at its end. */
const withLastPage = (path: string): JournalFile => ({
  ...file,
  journal: { ...file.journal, events: [...file.journal.events, { type: 'page.viewed', at: NOW + 1, path, title: 'Elsewhere' }] },
});

/** Every key and value of a storage. */
const contents = (storage: Storage) => Object.fromEntries(Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((key) => [key, storage.getItem(key)]));

describe('the page an import opens', () => {
  it.each(['https://evil.example/offers', '//evil.example/offers', '/\\evil.example/offers', '/\t/evil.example', '/offers\\..\\x', 'javascript:alert(1)', 'offers'])(
    'is the console home, not a recorded path outside the console: %j',
    async (path) => {
      const target = await freshBackend();
      const landings: string[] = [];
      target.devkit.onJournalImported((imported) => {
        landings.push(imported.landing);
      });
      await target.devkit.importJournal(withLastPage(path));
      expect(landings).toEqual(['/']);
    },
  );

  it('is the recorded console path, query and fragment kept', async () => {
    const target = await freshBackend();
    const landings: string[] = [];
    target.devkit.onJournalImported((imported) => {
      landings.push(imported.landing);
    });
    await target.devkit.importJournal(withLastPage('/operations/orders/pending?page=2#top'));
    expect(landings).toEqual(['/operations/orders/pending?page=2#top']);
  });

  it('is checked again by the browser half before it navigates', async () => {
    const target = await freshBackend();
    const opened: string[] = [];
    // A listener registered before the browser half hands over a tampered landing.
    target.devkit.onJournalImported((imported) => {
      imported.landing = 'https://evil.example/';
    });
    const local = memoryStorage();
    const session = memoryStorage();
    installJournalImport(target.devkit, { firebaseApiKey: 'key', clearSession: () => undefined, open: (path) => opened.push(path), storages: () => ({ local, session }) });
    await target.devkit.importJournal(file);
    expect(opened).toEqual(['/']);
    expect(local.getItem('devkit.db.default')).toContain('"imported":true');
  });
});

/** A Storage of its own (happy-dom's stays as it is), full beyond `capacity` UTF-16 units of keys and values. */
function memoryStorage(capacity = Number.POSITIVE_INFINITY): Storage {
  const items = new Map<string, string>();
  const used = (except: string) => [...items].reduce((sum, [k, v]) => sum + (k === except ? 0 : k.length + v.length), 0);
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (used(key) + key.length + String(value).length > capacity) throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
      items.set(key, String(value));
    },
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('a refused import in the browser', () => {
  it('changes nothing when the data does not fit in storage: the mock data, the scenario, the faults and both storages stay exactly as they were', async () => {
    const target = await freshBackend();
    target.devkit.fail('GET /stores/home', 500);
    // What this browser holds: the scenario's saved data, another scenario's, the remembered
    // scenario, a signed-in SDK user and the console's own keys; and it is nearly full.
    const local = memoryStorage(100_000);
    const session = memoryStorage(100_000);
    local.setItem('devkit.db.default', JSON.stringify({ version: 2, seededAt: NOW - 1, parts: true }));
    local.setItem('devkit.db.default/offers', '[]');
    local.setItem('devkit.db.empty-store', '{"version":2}');
    local.setItem('devkit.scenario', 'default');
    local.setItem('firebase:authUser:key:[DEFAULT]', '{"uid":"before"}');
    local.setItem('console.user', '{"before":true}');
    session.setItem('console.draft', 'kept');
    const localBefore = contents(local);
    const sessionBefore = contents(session);
    const recordsBefore = Object.fromEntries(collectionNames.map((name) => [name, target.devkit.records(name)]));
    const opened: string[] = [];
    const clearSession = () => {
      for (const key of Object.keys(contents(local))) if (key.startsWith('firebase:') || key.startsWith('console.')) local.removeItem(key);
    };
    installJournalImport(target.devkit, { firebaseApiKey: 'key', clearSession, open: (path) => opened.push(path), storages: () => ({ local, session }) });

    const error = await target.devkit.importJournal(text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalImportError);
    expect((error as JournalImportError).reason).toBe('storage');
    expect(opened).toEqual([]);
    expect(Object.fromEntries(collectionNames.map((name) => [name, target.devkit.records(name)]))).toEqual(recordsBefore);
    expect(target.devkit.scenario()).toBe('default');
    expect(target.devkit.faults().failures).toHaveLength(1);
    expect(contents(local)).toEqual(localBefore);
    expect(contents(session)).toEqual(sessionBefore);
  });
});

describe('Journal.load', () => {
  it('keeps the stores the selectors hold and folds what exceeds the bound into the checkpoint', () => {
    const small = createJournal({ maxEvents: 3 });
    const offers = small.stores.offers;
    small.load(file.journal);
    expect(small.stores.offers).toBe(offers);
    expect(small.state()).toEqual(journal.state());
    expect(small.events()).toEqual(file.journal.events.slice(-3));
    expect(replay(small.export())).toEqual(journal.state());
  });
});
