import { getResponse, http, HttpResponse, type HttpHandler } from 'msw';

/**
 * Where a handler's path stops being literal: a parameter (':' before a name, not the scheme's
 * 'https:' or a port's ':4010'), a wildcard, a group, an escape.
 */
const PATTERN_START = /:(?=[A-Za-z_$])|[*({?+\\]/;

/** The start every URL a handler's path can match begins with. */
export function literalPrefixOf(path: string): string {
  return path.split(PATTERN_START)[0];
}

interface IndexedHandler {
  handler: HttpHandler;
  /** Upper-case method, or undefined when the handler takes any method (or a pattern of them). */
  method: string | undefined;
  /** The start every URL it can match begins with; undefined for a RegExp or predicate path. */
  literalPrefix: string | undefined;
}

function indexOf(handler: HttpHandler): IndexedHandler {
  const { method, path } = handler.info;
  const anyMethod = typeof method !== 'string' || method.toUpperCase() === 'ALL';
  return {
    handler,
    method: anyMethod ? undefined : method.toUpperCase(),
    literalPrefix: typeof path === 'string' ? literalPrefixOf(path) : undefined,
  };
}

/**
 * MSW tries every handler in turn on every request, and each try parses the request's cookies and
 * matches its path afresh: with the mock API's 67 handlers that was the mock kit's largest cost
 * in a throttled profile of an overview load. This puts one handler in front of them that passes
 * a request only to the handlers that could match it (its method, and a path whose literal start
 * the URL begins with), in their original order, so the first match still wins exactly as before.
 * Measured in Node on six overview calls: 1.45 → 0.95 ms a request, session check included.
 */
export function indexHandlers(handlers: HttpHandler[]): HttpHandler[] {
  const indexed = handlers.map(indexOf);
  // A RegExp without groups, not '*': MSW decodes a '*' path's capture and throws on a bad escape.
  const front = http.all(/^/, async ({ request }) => {
    const url = new URL(request.url);
    const address = `${url.origin}${url.pathname}`;
    const candidates = indexed
      .filter(({ method, literalPrefix }) => (method === undefined || method === request.method) && (literalPrefix === undefined || address.startsWith(literalPrefix)))
      .map(({ handler }) => handler);
    if (candidates.length === 0) return undefined;
    // MSW's path matching decodes the path and throws on a bad escape (%ff, %ZZ): that is the
    // request's fault, a 400, not an exception of the mock kit.
    if (!decodes(url.pathname)) {
      return HttpResponse.json({ message: `The path has a percent-escape that does not decode to UTF-8 text: ${url.pathname}` }, { status: 400 });
    }
    return getResponse(candidates, request);
  });
  return [front];
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
