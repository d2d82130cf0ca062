import { getResponse, http, type HttpHandler } from 'msw';

/** The characters where a handler's path stops being literal (parameters, wildcards, groups, escapes). */
const PATTERN_START = /[:*({?+\\]/;

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
    literalPrefix: typeof path === 'string' ? path.split(PATTERN_START)[0] : undefined,
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
  const front = http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    const address = `${url.origin}${url.pathname}`;
    const candidates = indexed
      .filter(({ method, literalPrefix }) => (method === undefined || method === request.method) && (literalPrefix === undefined || address.startsWith(literalPrefix)))
      .map(({ handler }) => handler);
    return candidates.length === 0 ? undefined : getResponse(candidates, request);
  });
  return [front];
}
