/**
 * Where a notification's click_action leads (spec section 3). The platform sends app paths
 * ("/operations/order/12"); an absolute http(s) address is followed too: one on the console's own
 * origin as an app path, any other in a new tab. Anything else (javascript:, mailto:, a bare word)
 * is not followed, so a notification can never run script or leave the console unasked.
 */
export type ClickTarget = { kind: 'app'; path: string } | { kind: 'external'; url: string } | null;

export function clickTarget(clickAction: string, origin: string): ClickTarget {
  const action = clickAction.trim();
  // "/x" is an app path; "//host/x" is another host without a scheme.
  if (action.startsWith('/') && !action.startsWith('//')) return { kind: 'app', path: action };
  let url: URL;
  try {
    url = new URL(action);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === origin) return { kind: 'app', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', url: url.href };
}
