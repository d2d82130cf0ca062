import type { SessionUser } from '../src/api/session';
import { replay, type Journal, type JournalExport } from '../src/machines/journal/journal';
import type { Scenario } from '../scenarios/scenario';
import { isConsolePath } from '../src/lib/console-path';
import { collectionNames, createDb, restoreDb, snapshotDb, type CollectionName, type Db, type DbSnapshot, type OutboxMessage } from './db';
import type { ActiveFaults, FailOptions, FaultOutcome, Faults, LatencySetting } from './faults';
import { checkJournal, type JournalCheck } from './journal-check';
import {
  JOURNAL_FILE_FORMAT,
  JOURNAL_FILE_KIND,
  JournalImportError,
  lastViewedPath,
  parseJournalFile,
  restoreSecrets,
  validateRecords,
  withoutSecrets,
  type JournalFile,
} from './journal-file';
import { redactJournal } from './journal-redaction';
import { seededAtOf } from './persistence';
import { randomToken } from './random';
import { outboxOf } from './outbox';
import { createPushes, type Push, type PushInput, type PushListener } from './pushes';
import type { ServerClock } from './time';

/**
 * The mock backend's control panel: `window.devkit` in the browser (the Demo menu and end-to-end
 * tests drive it) and the `devkit` of createTestBackend in Vitest.
 */
export interface Devkit {
  /**
   * Makes an operation fail: an HTTP status (answered with { message }), a list of statuses (each
   * failing call answers one, picked by the seeded generator), 'timeout', 'offline' or
   * 'lost-response' (the handler runs and stores, then the connection drops: the client never hears
   * back). Options: `times`, `rate` (seeded), `except` (operations the rule leaves alone). An
   * operation (or `except` entry) that matches no call the mock serves is refused with the list.
   */
  fail(operation: string, outcome: FaultOutcome, options?: FailOptions): void;
  /**
   * Delays every answer: fixed ms, a range `{ minMs, maxMs }` (a seeded random wait per call) or
   * bands `[{ share, minMs, maxMs }, …]` (e.g. SLOW_BACKEND_LATENCY). 0 removes it.
   */
  latency(setting: LatencySetting): void;
  /** Removes every fault and the latency, or only the failure of `operation`. */
  clearFaults(operation?: string): void;
  /** The faults in force. */
  faults(): ActiveFaults;
  /**
   * Reseeds `scenario` (default: the current one) relative to now, applies its fault profile and
   * makes it current. In the browser it also replaces the persisted data and reloads the page.
   */
  reset(scenario?: string): Promise<void>;
  /** The current scenario's name. */
  scenario(): string;
  /** Every scenario with its description and demo sign-ins. */
  scenarios(): ScenarioInfo[];
  /** What the app's journal getter returns (for export with a bug report). */
  journal(): unknown;
  /** A copy of what the server holds in one collection (tests assert on it). */
  records(collection: CollectionName): unknown[];
  /**
   * Sends a push notification (mocks/pushes.ts): inserts it at the top of the store's profile
   * notifications, persists, and hands it to every `onPush` listener. Every field is optional:
   * by default a new order ("New order #N from <consumer>", type 'order', now, unread, leading
   * to /operations/orders/pending) for the store the signed-in operator acts on (`storeId` to
   * name another). Resolves to what the listeners received.
   */
  push(notification?: PushInput): Promise<Push>;
  /**
   * Calls `listener` with every push from now on (devkit.push, busy-store's timer); returns the
   * function that unsubscribes. The app's mock-mode push service listens here (through its
   * DevExtension, never by importing mocks/); it receives the wire notification (created_at in
   * unix seconds) and its topic, `topic_storeadmin<storeId>`.
   */
  onPush(listener: PushListener): () => void;
  /**
   * Every e-mail the mock platform "sent" (mocks/outbox.ts), oldest first, newest last:
   * `{ id, to, kind, subject, link, sentAt }` with `kind` 'signupValidation' (POST /stores/signup;
   * `link` = `/auth/validate/{email}/{token}`, URL-encoded parts) or 'passwordReset' (the identity
   * provider's sendOobCode, only for an e-mail that has an account; `link` =
   * `/auth/recovery?mode=resetPassword&oobCode=…`, where a new password is chosen). `link` is a
   * path of the console: open it on the page's origin. `sentAt` in ms. Kept with the data
   * (persisted, survives a reload; a reset empties it), the latest 100.
   *
   *   const { link } = devkit.outbox().findLast((m) => m.kind === 'signupValidation' && m.to === email)!;
   *   await page.goto(new URL(link, page.url()).href);
   */
  outbox(): OutboxMessage[];
  /** Empties the outbox (and persists), e.g. before a test that counts messages. */
  clearOutbox(): void;
  /**
   * The journal export file (mocks/journal-file.ts): `{ kind, format, exportedAt, scenario,
   * journal: { version, checkpoint, events }, data }`, data being a snapshot of every collection
   * without any token or password. What Demo menu → Export journal downloads.
   *
   * By default (`{ redacted: false }`) the file is full: the customers' data as recorded.
   * `{ redacted: true }` gives the shareable file of a bug report (mocks/journal-redaction.ts):
   * customers' names, e-mails, phones, addresses and IBANs, in the events and in the data, replaced
   * by pseudonyms ("Customer 3", "customer3@example.invalid", …), one person keeping the same one
   * throughout; it still imports and replays.
   */
  exportJournal(options?: { redacted?: boolean }): JournalFile;
  /**
   * Starts a fresh mock session from an export file (the object or its JSON text): the data
   * becomes the file's snapshot (fresh API keys and link tokens, the scenario's demo passwords),
   * the scenario and its fault profile the file's, and the identity provider issues a session for
   * the operator the journal ends signed in as. In the browser the app's journal is then replaced
   * by the file's and the page reloads on the last screen the journal shows (mocks/journal-import.ts).
   * A file that is not a valid export, or whose data the listeners cannot keep (storage full),
   * rejects with a JournalImportError (`reason`, `message`) and changes nothing: the db, the
   * scenario, the faults and (through the listeners' undo) the browser's storage stay as they were.
   */
  importJournal(file: unknown): Promise<ImportSummary>;
  /**
   * Called by importJournal once everything is checked and the data built aside, before the db
   * changes (mock mode: persist and hand over). A listener that throws refuses the import; it must
   * leave nothing of its own changed then. It may return a step: `undo` (a later step failed: put
   * back what it changed) and `finish` (the import is complete: e.g. open the page). Returns the
   * unsubscribe.
   */
  onJournalImported(listener: JournalImportListener): () => void;
  /** Connects the app's journal (mock mode does at boot) for journalCheck and the journal viewer. */
  attachJournal(journal: Journal): void;
  /**
   * Live projections vs the replay of the journal's export (deep-equal or not, and where they
   * differ). Throws when no journal is attached.
   */
  journalCheck(): JournalCheck;
}

/** What importJournal resolves to (no token in it). */
export interface ImportSummary {
  scenario: string;
  exportedAt: string;
  events: number;
  /** The operator signed in by the import, or null when the journal ends signed out. */
  operator: string | null;
}

/** A listener of devkit.importJournal (Devkit.onJournalImported). */
export type JournalImportListener = (imported: ImportedJournal) => void | JournalImportStep | Promise<void | JournalImportStep>;

/** What a listener of an import may hand back (Devkit.onJournalImported). */
export interface JournalImportStep {
  /** A later step refused the import: put back what the listener changed. */
  undo?: () => void;
  /** The import is complete (the db holds the file's data): e.g. open the console's page. */
  finish?: () => void;
}

/** What an import hands to its listeners: the file, the data as restored, and the sign-in to hand over. */
export interface ImportedJournal {
  file: JournalFile;
  /** The data the db is about to hold (with the fresh secrets and the new refresh token), to persist. */
  data: DbSnapshot;
  /** The signed-in user at the end of the journal, as the app stores it. */
  user: SessionUser | null;
  /** The identity provider's session for that user: what the SDK remembers of a signed-in user. */
  identity: { uid: string; email: string; displayName: string; createdAt: number; lastLoginAt: number; refreshToken: string } | null;
  /** Where the console should open: the last page the journal shows, or the sign-in page. */
  landing: string;
}

export interface ScenarioInfo {
  name: string;
  description: string;
  signIns: Array<{ email: string; password: string }>;
}

export interface DevkitOptions {
  db: Db;
  faults: Faults;
  scenarios: Readonly<Record<string, Scenario>>;
  /** The scenario the db currently holds. */
  scenario: string;
  now: ServerClock;
  journal: () => unknown;
  /** Runs after a reset reseeded the db (browser: persist, remember the choice, reload). */
  onReset?: (reset: { scenario: string; seededAt: number }) => void | Promise<void>;
  /** Writes the db after a change the devkit makes itself (a push, clearing the outbox); default: nothing. */
  persist?: () => void;
}

export function createDevkit(options: DevkitOptions): Devkit {
  const { db, faults, scenarios } = options;
  let current = options.scenario;

  const scenarioNamed = (name: string): Scenario => {
    // Own names only: "__proto__" or "constructor" is no scenario.
    const scenario = Object.hasOwn(scenarios, name) ? scenarios[name] : undefined;
    if (!scenario) throw new Error(`Unknown scenario "${name}". Known: ${Object.keys(scenarios).join(', ')}`);
    return scenario;
  };
  scenarioNamed(current);
  const importListeners = new Set<JournalImportListener>();
  let attached: Journal | undefined;
  const pushes = createPushes({ db, now: options.now, scenario: () => scenarioNamed(current), persist: () => options.persist?.() });

  return {
    fail: (operation, outcome, failOptions) => faults.fail(operation, outcome, failOptions),
    latency: (setting) => faults.latency(setting),
    clearFaults: (operation) => faults.clearFaults(operation),
    faults: () => faults.activeFaults(),
    async reset(name = current) {
      const scenario = scenarioNamed(name);
      const seededAt = options.now();
      await scenario.seed(db, seededAt);
      faults.applyProfile(scenario.faults);
      current = scenario.name;
      await options.onReset?.({ scenario: current, seededAt });
    },
    scenario: () => current,
    scenarios: () =>
      Object.values(scenarios).map((s) => ({
        name: s.name,
        description: s.description,
        signIns: s.operators.map(({ email, password }) => ({ email, password })),
      })),
    journal: () => options.journal(),
    records(collection) {
      if (!collectionNames.includes(collection)) throw new Error(`Unknown collection "${collection}". Known: ${collectionNames.join(', ')}`);
      return JSON.parse(JSON.stringify(db[collection].all())) as unknown[];
    },
    push: (notification) => pushes.push(notification),
    onPush: (listener) => pushes.onPush(listener),
    outbox: () => outboxOf(db),
    clearOutbox() {
      // Through delete (hooks fire), so busy-store's compact persistence sees the messages go.
      db.outbox.deleteMany((q) => q.where(() => true));
      options.persist?.();
    },
    exportJournal({ redacted = false } = {}) {
      const at = options.now();
      const file: JournalFile = {
        kind: JOURNAL_FILE_KIND,
        format: JOURNAL_FILE_FORMAT,
        exportedAt: new Date(at).toISOString(),
        scenario: current,
        journal: (attached?.export() ?? options.journal()) as JournalExport,
        data: withoutSecrets(snapshotDb(db, seededAtOf(db) ?? at)),
      };
      return redacted ? redactJournal(file) : file;
    },
    async importJournal(input) {
      // Everything is checked, and the data built aside, before anything changes; the listeners
      // (the browser's storage) go next, each all or nothing, and only then the db: a refused file,
      // or data the browser cannot keep, leaves the session exactly as it was.
      const file = parseJournalFile(input, scenarios);
      const scenario = scenarioNamed(file.scenario);
      const data = await restoreSecrets(file.data, scenario);
      validateRecords(data);
      let user: SessionUser | null;
      try {
        user = replay(file.journal).session.user;
      } catch (error) {
        throw new JournalImportError('invalid', { where: 'journal.events' }, { cause: error });
      }
      const staged = createDb();
      if (!(await restoreDb(staged, data))) throw new JournalImportError('data', { where: 'data' });

      const operator = user ? staged.operators.findFirst((q) => q.where({ id: user.operator.id })) : undefined;
      let identity: ImportedJournal['identity'] = null;
      if (operator) {
        const refresh = await staged.refreshTokens.create({ token: randomToken(32), operatorId: operator.id, issuedAt: options.now() });
        identity = {
          uid: operator.uid,
          email: operator.email,
          displayName: operator.name_op,
          createdAt: operator.createdAt,
          lastLoginAt: operator.lastLoginAt,
          refreshToken: refresh.token,
        };
      }
      const signedIn = operator ? user : null;
      // The last page the journal shows, if it is one of the console's: a file could name any address.
      const lastPage = lastViewedPath(file.journal.events);
      const landing = !signedIn ? '/auth/login' : lastPage === undefined ? '/overview' : isConsolePath(lastPage) ? lastPage : '/';
      const imported: ImportedJournal = { file, data: snapshotDb(staged, data.seededAt), user: signedIn, identity, landing };

      const steps: JournalImportStep[] = [];
      const before = snapshotDb(db, seededAtOf(db) ?? options.now());
      let dbChanged = false;
      try {
        for (const listener of importListeners) {
          const step = await listener(imported);
          if (step) steps.push(step);
        }
        dbChanged = true;
        if (!(await restoreDb(db, imported.data))) throw new JournalImportError('data', { where: 'data' });
      } catch (error) {
        if (dbChanged) await restoreDb(db, before);
        for (let i = steps.length - 1; i >= 0; i--) steps[i].undo?.();
        throw error;
      }
      current = scenario.name;
      faults.applyProfile(scenario.faults);
      if (importListeners.size === 0) options.persist?.();
      for (const step of steps) step.finish?.();
      return { scenario: current, exportedAt: file.exportedAt, events: file.journal.events.length, operator: operator?.email ?? null };
    },
    onJournalImported(listener) {
      importListeners.add(listener);
      return () => importListeners.delete(listener);
    },
    attachJournal(journal) {
      attached = journal;
    },
    journalCheck() {
      if (!attached) throw new Error('No journal attached: devkit.attachJournal(journal) first');
      return checkJournal(attached);
    },
  };
}
