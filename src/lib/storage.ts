/**
 * Every key the app writes to web storage starts with APP_STORAGE_PREFIX, so signing out can
 * remove all of it and nothing else (the mock backend keeps its own "devkit." keys, which stand
 * for the server's disk, not for the browser's session).
 */
export const APP_STORAGE_PREFIX = 'console.';

export const storageKeys = {
  /** Session token + when the session started (sessionStorage: dies with the tab). */
  session: `${APP_STORAGE_PREFIX}session`,
  /** The signed-in user (localStorage: survives reloads and new tabs). */
  user: `${APP_STORAGE_PREFIX}user`,
  cookieConsent: `${APP_STORAGE_PREFIX}cookie-consent`,
  /** The current store's accent colour, so a reload paints it at once instead of the brand's. */
  accent: `${APP_STORAGE_PREFIX}accent`,
} as const;

/**
 * The notifications an operator has read, per store (localStorage): one key per operator, so a
 * second operator of the same browser neither sees nor changes the first one's marks. Under the
 * app prefix, so signing out removes them with everything else (decision 031).
 */
export const notificationReadMarksKey = (operator: string) => `${APP_STORAGE_PREFIX}notifications-read.${operator}`;

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    // Storage can throw when disabled by browser policy; the app then runs without persistence.
    return undefined;
  }
}

export function readJson(which: Area, key: string): unknown {
  const raw = area(which)?.getItem(key);
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  area(which)?.setItem(key, JSON.stringify(value));
}

export function remove(which: Area, key: string): void {
  area(which)?.removeItem(key);
}

/** Writes waiting for typing to pause (form drafts), by key: a later write or a removal replaces them. */
const laterWrites = new Map<string, ReturnType<typeof setTimeout>>();

/** Writes `value` once `delayMs` pass without another write (or removal) of the same key. */
export function writeJsonLater(which: Area, key: string, value: unknown, delayMs: number): void {
  cancelLaterWrite(key);
  laterWrites.set(
    key,
    setTimeout(() => {
      laterWrites.delete(key);
      writeJson(which, key, value);
    }, delayMs),
  );
}

export function cancelLaterWrite(key: string): void {
  const timer = laterWrites.get(key);
  if (timer === undefined) return;
  clearTimeout(timer);
  laterWrites.delete(key);
}

/** Removes every app key from both storage areas. Keys of other owners are left alone. */
export function clearAppStorage(): void {
  // A draft write still waiting must not bring back what signing out removed.
  for (const timer of laterWrites.values()) clearTimeout(timer);
  laterWrites.clear();
  for (const which of ['local', 'session'] as const) {
    const store = area(which);
    if (!store) continue;
    const ours: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(APP_STORAGE_PREFIX)) ours.push(key);
    }
    for (const key of ours) store.removeItem(key);
  }
}
