/**
 * Reads started ahead of the screen that needs them. On a reload, the console resumes the session,
 * then renders the shell and the screen, and only their first render asks for the data they show:
 * on a phone that is a second after the session could have asked. The entry point starts those
 * reads as soon as the session is back (src/app/read-ahead.ts); the screen's own first call takes
 * the read already under way instead of starting another.
 *
 * A read is taken once, and only within READ_AHEAD_TTL_MS: later, the caller reads afresh. Reads
 * never outlive their page load's session: signing out and switching store both reload the page.
 */
export const READ_AHEAD_TTL_MS = 10_000;

const pending = new Map<string, { read: Promise<unknown>; startedAt: number }>();

/** Starts `read` now and keeps it for the first `takeReadAhead(key)`. */
export function readAhead<T>(key: string, read: () => Promise<T>): void {
  const started = read();
  // Whoever takes it sees the failure; one nobody takes is not an unhandled rejection.
  started.catch(() => {});
  pending.set(key, { read: started, startedAt: performance.now() });
}

/** The read started ahead under `key` (once, while fresh), or `read()` now. */
export function takeReadAhead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const ahead = pending.get(key);
  pending.delete(key);
  if (ahead && performance.now() - ahead.startedAt <= READ_AHEAD_TTL_MS) return ahead.read as Promise<T>;
  return read();
}

export const readAheadKeys = {
  home: 'GET /stores/home',
  storeProfile: (storeId: number) => `GET /stores/profile/${storeId}`,
} as const;
