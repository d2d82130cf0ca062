/**
 * Whether a string names a place inside this console: a path on its own origin that the router
 * can follow in place. Browsers read a backslash as a slash and drop tabs and newlines, so
 * "/\host/x", "\\host" and "/\t/host" name another host; "//host" does by definition. Only a path
 * that starts with one "/" and stays on this origin once the browser has read it qualifies.
 * `origin`: the console's (default: the page's; where there is no page, as in the Node mock
 * server, a stand-in origin: the answer depends only on the path staying on whatever origin).
 */
export function isConsolePath(path: string, origin: string = pageOrigin()): boolean {
  if (typeof path !== 'string') return false;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || path.includes('\\')) return false;
  try {
    return new URL(path, origin).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

const STAND_IN_ORIGIN = 'https://console.invalid';

function pageOrigin(): string {
  const origin = typeof location === 'undefined' ? undefined : location.origin;
  return origin && origin !== 'null' ? origin : STAND_IN_ORIGIN;
}
