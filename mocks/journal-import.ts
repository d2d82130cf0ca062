import * as z from 'zod';
import { isConsolePath } from '../src/lib/console-path';
import { clearAppStorage, storageKeys } from '../src/lib/storage';
import { replay, type Journal, type JournalExport } from '../src/machines/journal/journal';
import type { Devkit, ImportedJournal } from './devkit';
import { JournalFileSchema, JournalImportError } from './journal-file';
import { JOURNAL_HANDOFF_KEY } from './journal-handoff';
import { writeImportedData } from './persistence';
import { SCENARIO_STORAGE_KEY } from './scenario-choice';

/**
 * The browser half of devkit.importJournal (docs/decisions/014-journal-import.md). Once the
 * devkit has put the file's data in place, this starts the fresh session the way a returning
 * operator's browser would: the data is saved as the scenario's (marked imported), the scenario
 * remembered, the app's own storage cleared, the journal handed to the next page load, and the
 * identity provider's SDK left remembering the recorded operator (a refresh token the mock
 * identity provider just issued — never one from the file). The page then opens the last screen
 * the journal shows; the console resumes the session through its ordinary path (the SDK refreshes
 * its ID token, POST users/login), so nothing in src/ knows about imports.
 */
const FIREBASE_APP_NAME = '[DEFAULT]';

export interface JournalImportOptions {
  /** VITE_FIREBASE_API_KEY: part of the key under which the SDK keeps its signed-in user. */
  firebaseApiKey: string;
  /** Clears what the app and the SDK keep in web storage (as before a reset's reload). */
  clearSession: () => void;
  /** Opens the console on `path`, one of its own paths (default: a full navigation). */
  open?: (path: string) => void;
  /** The page's storages (default: localStorage and sessionStorage). */
  storages?: () => { local: Storage; session: Storage };
}

const pageStorages = () => ({ local: localStorage, session: sessionStorage });

/**
 * Makes devkit.importJournal start the fresh session in this page; returns the unsubscribe.
 * All or nothing: the import is refused (JournalImportError 'storage') with both storages exactly
 * as they were when any part does not fit; the page opens only once the import is complete.
 */
export function installJournalImport(devkit: Devkit, options: JournalImportOptions): () => void {
  return devkit.onJournalImported((imported) => {
    const { local, session } = (options.storages ?? pageStorages)();
    const before = { local: contentsOf(local), session: contentsOf(session) };
    const undo = () => {
      if (written) written.undo();
      putBack(local, before.local);
      putBack(session, before.session);
    };
    let written: ReturnType<typeof writeImportedData> = false;
    try {
      session.setItem(JOURNAL_HANDOFF_KEY, JSON.stringify(imported.file.journal));
      written = writeImportedData(imported.file.scenario, imported.data, local);
      if (!written) throw new JournalImportError('storage');
      local.setItem(SCENARIO_STORAGE_KEY, imported.file.scenario);
      options.clearSession();
      clearAppStorage();
      rememberOperator(imported, options.firebaseApiKey, local);
    } catch (error) {
      undo();
      throw error instanceof JournalImportError ? error : new JournalImportError('storage', {}, { cause: error });
    }
    // Only a path of the console's own is followed (the devkit checked it; checked again where it is followed).
    const landing = isConsolePath(imported.landing) ? imported.landing : '/';
    const open = options.open ?? ((path: string) => window.location.assign(new URL(path, window.location.origin).href));
    return { undo, finish: () => open(landing) };
  });
}

/** Every key and value a storage holds (none when it cannot be read). */
function contentsOf(storage: Storage): Map<string, string> {
  const contents = new Map<string, string>();
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      const value = key === null ? null : storage.getItem(key);
      if (key !== null && value !== null) contents.set(key, value);
    }
  } catch {
    // Storage disabled: nothing to put back.
  }
  return contents;
}

/** Puts a storage back exactly as `contents` (removals first, so what was there fits again). */
function putBack(storage: Storage, contents: Map<string, string>): void {
  try {
    for (const key of contentsOf(storage).keys()) if (!contents.has(key)) storage.removeItem(key);
    for (const [key, value] of contents) if (storage.getItem(key) !== value) storage.setItem(key, value);
  } catch {
    // Storage disabled or full: it held no more than this before, so this does not happen.
  }
}

/** What the SDK's browserLocalPersistence keeps of a signed-in user, and the console's own user and consent. */
function rememberOperator({ user, identity, file }: ImportedJournal, apiKey: string, local: Storage): void {
  if (!user || !identity) return;
  const { uid, email, displayName, refreshToken } = identity;
  local.setItem(
    `firebase:authUser:${apiKey}:${FIREBASE_APP_NAME}`,
    JSON.stringify({
      uid,
      email,
      emailVerified: true,
      displayName,
      isAnonymous: false,
      providerData: [{ providerId: 'password', uid: email, displayName, email, phoneNumber: null, photoURL: null }],
      // No ID token: the SDK asks the (mock) identity provider for one with the refresh token.
      stsTokenManager: { refreshToken, accessToken: null, expirationTime: null },
      createdAt: String(identity.createdAt),
      lastLoginAt: String(identity.lastLoginAt),
      apiKey,
      appName: FIREBASE_APP_NAME,
    }),
  );
  // The operator who signed in before: the session machine resumes them with the provider.
  local.setItem(storageKeys.user, JSON.stringify(user));
  if (replay(file.journal).preferences.cookieConsent) local.setItem(storageKeys.cookieConsent, JSON.stringify({ agreedAt: file.journal.events.at(-1)?.at ?? 0 }));
}

/**
 * At boot, before the app renders: the journal an import handed over becomes the app's journal
 * (every projection set to its replay). Read once; a damaged hand-over is dropped.
 */
export function takeImportedJournal(journal: Journal): boolean {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(JOURNAL_HANDOFF_KEY);
    sessionStorage.removeItem(JOURNAL_HANDOFF_KEY);
  } catch {
    return false;
  }
  if (!raw) return false;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return false;
  }
  const parsed = (JournalFileSchema.shape.journal as z.ZodType).safeParse(value);
  if (!parsed.success) return false;
  journal.load(parsed.data as JournalExport);
  return true;
}
