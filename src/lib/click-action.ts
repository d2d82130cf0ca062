import { isConsolePath } from './console-path';

/**
 * Where a notification's click_action leads (spec section 3). The platform sends app paths
 * ("/operations/order/12"); an absolute http(s) address is followed too: one on the console's own
 * origin as an app path, any other in a new tab. Anything else (javascript:, data:, mailto:, a bare
 * word, something that only looks like a path, such as "/\host/x" or "\\host", which browsers read
 * as another host) is not followed, so a notification can never run script or leave the console
 * in place.
 */
export type ClickTarget = { kind: 'app'; path: string } | { kind: 'external'; url: string } | null;

export function clickTarget(clickAction: string, origin: string): ClickTarget {
  const action = clickAction.trim();
  if (action.startsWith('/') || action.startsWith('\\')) return isConsolePath(action) ? { kind: 'app', path: action } : null;
  let url: URL;
  try {
    url = new URL(action);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === origin) {
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isConsolePath(path) ? { kind: 'app', path } : null;
  }
  return { kind: 'external', url: url.href };
}
