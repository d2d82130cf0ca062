import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getResponse } from 'msw';
import type { Backend } from './backend';
import { collectionNames, type CollectionName } from './db';
import type { FailOptions, FaultOutcome } from './faults';
import { emulatorAccountsOf, provisionEmulatorAccounts } from './identity-emulator';
import { createNodeBackend } from './node';
import type { PushInput } from './pushes';
import type { ResponseShape } from './spec-shape';

/**
 * The standalone mock API (`npm run mock:server`, scripts/mock-server.ts): a plain node:http
 * server on 127.0.0.1 that hands every request to the same handlers, scenarios and dev kit as the
 * browser and Vitest (mocks/node.ts createNodeBackend), run with MSW's getResponse: nothing is
 * intercepted, the request is rewritten to the host the handlers answer and resolved directly.
 *
 *   /identitytoolkit/...  → https://identitytoolkit.googleapis.com/...
 *   /securetoken/...      → https://securetoken.googleapis.com/...
 *   /identitytoolkit.googleapis.com/..., /securetoken.googleapis.com/...
 *                         → the same, in the Firebase Auth emulator's layout, so the SDK pointed
 *                           here with connectAuthEmulator (VITE_FIREBASE_AUTH_EMULATOR_URL) works
 *   /directions/...       → the directions service (https://directions.store-platform.test/...)
 *   /geocoder/...         → the geocoder (https://geocoder.store-platform.test/...)
 *   /__devkit/...         → the dev kit over HTTP (scenarios, reset, faults, outbox, records)
 *   anything else         → the platform API (https://api.store-platform.test/...)
 *
 * Data lives in memory: a restart reseeds the scenario. Only ever bound to the loopback address.
 *
 * Before any handler runs, every request must have a loopback Host (403), a method of
 * ALLOWED_METHODS (405 with Allow), a path whose percent-escapes decode (400) and a body within
 * MAX_JSON_BODY_BYTES, or MAX_UPLOAD_BODY_BYTES for multipart (413). /__devkit sends no CORS
 * headers, approves no preflight, takes POST bodies only as application/json (415) and redacts
 * secrets from records. A refusal is `{ message }`; a 500 is a fault of this server only.
 */
export const MOCK_SERVER_HOST = '127.0.0.1';
export const DEFAULT_MOCK_PORT = 4010;

export interface MockServerOptions {
  /** The port to listen on; 0 picks a free one (default 4010). */
  port?: number;
  /** Only '127.0.0.1' is accepted: the mock API is never exposed beyond this machine. */
  host?: string;
  /** A scenario of scenarios/index.ts (default 'default'). */
  scenario?: string;
  /** Seed "as of" this moment (ms); default now. */
  now?: number;
  /**
   * The identity project whose ID tokens the platform accepts (their `aud`, and `iss`
   * https://securetoken.google.com/{id}); default that of .env.mock. A Firebase Auth emulator's
   * project id (demo-…) makes the server accept that emulator's tokens for the scenario's operators.
   */
  identityProject?: string;
  /**
   * A Firebase Auth emulator (e.g. http://127.0.0.1:9099) to hold the scenario's operators as
   * identity accounts: provisioned at start and after every dev kit reset (mocks/identity-emulator.ts).
   */
  identityEmulatorUrl?: string;
  /** 'spec-minimal': platform answers carry only the fields the spec names (mocks/spec-shape.ts). Default 'full'. */
  shape?: ResponseShape;
}

export interface MockServer {
  /** e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  port: number;
  backend: Backend;
  close(): Promise<void>;
}

const IDENTITY_HOSTS: Record<string, string> = {
  identitytoolkit: 'https://identitytoolkit.googleapis.com',
  securetoken: 'https://securetoken.googleapis.com',
};

/** The platform API's CORS (the console runs on another origin). /__devkit sends none. */
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Disposition, Content-Type',
};
const NO_HEADERS: Record<string, string> = {};

const MIB = 1024 * 1024;
/** The largest request body read, except multipart uploads: JSON, forms, anything else (1 MiB). */
export const MAX_JSON_BODY_BYTES = 1 * MIB;
/** The largest multipart/form-data body (image uploads) read (10 MiB). */
export const MAX_UPLOAD_BODY_BYTES = 10 * MIB;
/** The methods the API and the dev kit use; any other is 405 with this list as `Allow`. */
export const ALLOWED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** What GET /__devkit/records/<collection> shows instead of a secret. */
export const REDACTED = '[redacted]';

/**
 * The Host values answered: this machine's loopback names, with any port. Anything else (another
 * name resolving here, as in DNS rebinding, or no Host at all) is refused with 403 on every route.
 */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;
export const isLoopbackHost = (host: string | undefined): boolean => host !== undefined && LOOPBACK_HOST.test(host);

/**
 * The secret-bearing fields of each collection (mocks/db.ts): passwords and their hashes, session
 * and refresh tokens, reset codes, sign-up link tokens, the stores' device API keys.
 */
const SECRET_FIELDS: Partial<Record<CollectionName, readonly string[]>> = {
  operators: ['password', 'passwordHash'],
  sessions: ['token'],
  refreshTokens: ['token'],
  oobCodes: ['code'],
  registrations: ['token', 'passwordHash'],
  stores: ['apiKey'],
};

/** A collection's records with every secret field that is present replaced by REDACTED. */
export function redactedRecords(name: CollectionName, records: readonly unknown[]): unknown[] {
  const fields = SECRET_FIELDS[name];
  if (!fields) return [...records];
  return records.map((record) => {
    const copy = { ...(record as Record<string, unknown>) };
    for (const field of fields) if (field in copy) copy[field] = REDACTED;
    return copy;
  });
}

/** A request this server refuses before any handler sees it: answered `status { message }`. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The client hung up before its body ended: nobody to answer. */
class ClientGone extends Error {}
const ALLOWED_HEADERS = ['X-Access-Token', 'Content-Type', 'Authorization'];
/** Not forwarded to the handlers: they describe this connection, not the request. */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'expect', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** The URL the handlers expect for a path of this server (the dev kit's own paths never get here). */
export function upstreamUrlOf(backend: Backend, path: string): string {
  const { ctx } = backend;
  const [, first = '', ...rest] = path.split('/');
  const tail = `/${rest.join('/')}`;
  if (first in IDENTITY_HOSTS) return `${IDENTITY_HOSTS[first]}${tail}`;
  if (Object.values(IDENTITY_HOSTS).includes(`https://${first}`)) return `https://${first}${tail}`;
  if (first === 'directions') return `${ctx.maps.directionsUrl}${tail}`;
  if (first === 'geocoder') return `${ctx.maps.geocoderUrl}${tail}`;
  return `${ctx.apiBaseUrl}${path}`;
}

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? MOCK_SERVER_HOST;
  if (host !== MOCK_SERVER_HOST) {
    throw new Error(`The mock server binds to ${MOCK_SERVER_HOST} only (asked for "${host}"): it must not be reachable from other machines`);
  }
  const port = options.port ?? DEFAULT_MOCK_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port: ${String(options.port)}`);

  const backend = await createNodeBackend({ scenario: options.scenario, now: options.now, projectId: options.identityProject, shape: options.shape });
  const emulatorUrl = options.identityEmulatorUrl;
  const provisionIdentity = emulatorUrl
    ? () => provisionEmulatorAccounts(emulatorUrl, backend.ctx.projectId, emulatorAccountsOf(backend.db))
    : () => Promise.resolve();
  await provisionIdentity();
  const respond = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    handle(backend, provisionIdentity, req, res, expectsContinue).catch((error: unknown) => answerFailure(req, res, error));
  };
  const server = createServer((req, res) => respond(req, res, false));
  // `Expect: 100-continue` (curl sends it for bodies over 1 MiB): the 100 goes out only once the
  // request passed every check, so a refused body is never sent.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => respond(req, res, true));
  // CONNECT never reaches 'request': answer its 405 on the socket.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    const out = JSON.stringify({ message: methodRefusal('CONNECT').message });
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(', ')}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(out)}\r\nConnection: close\r\n\r\n${out}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`The mock API could not start: port ${port} on ${host} is in use`) : error);
    server.once('error', refused);
    server.listen(port, host, () => {
      server.off('error', refused);
      // A failure of the listening socket later on is logged; it must not end the process.
      server.on('error', (error) => console.error('mock server:', error));
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    backend,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The end of a request that threw: its refusal, nothing for a client that left, 500 for a fault of this server. */
function answerFailure(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  try {
    if (error instanceof ClientGone) {
      res.destroy();
      return;
    }
    if (res.headersSent) {
      console.error('mock server:', error);
      res.destroy();
      return;
    }
    if (error instanceof Refusal) {
      const devkit = isDevkitPath(pathOf(req.url));
      const cors = devkit || error.status === 403 ? NO_HEADERS : CORS_HEADERS;
      sendJson(res, error.status, { message: error.message }, { ...cors, ...error.headers });
      return;
    }
    console.error('mock server:', error);
    sendJson(res, 500, { message: 'The mock server failed to answer' });
  } catch (failure) {
    console.error('mock server:', failure);
    res.destroy();
  }
}

const pathOf = (url: string | undefined) => (url ?? '/').split(/[?#]/)[0];
const isDevkitPath = (path: string) => path === '/__devkit' || path.startsWith('/__devkit/');

const methodRefusal = (method: string) =>
  new Refusal(405, `${method} is not a method of this API: it answers ${ALLOWED_METHODS.join(', ')}`, { Allow: ALLOWED_METHODS.join(', ') });

/** The media type of a Content-Type header, lower case, without its parameters. */
const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/**
 * The checks every request passes before a handler or the dev kit sees it: a loopback Host, a
 * method the API uses, a URL whose path decodes (percent-escapes of UTF-8).
 */
function checkedUrl(req: IncomingMessage, method: string): URL {
  const host = req.headers.host;
  if (!isLoopbackHost(host)) {
    throw new Refusal(403, `The mock server answers only Host 127.0.0.1, localhost or [::1] (with any port), not ${host === undefined ? 'a request without Host' : `"${host}"`}`);
  }
  if (!ALLOWED_METHODS.includes(method)) throw methodRefusal(method);
  let local: URL;
  try {
    local = new URL(req.url ?? '/', `http://${MOCK_SERVER_HOST}`);
  } catch (error) {
    throw new Refusal(400, `Not a request target: ${String(req.url)}`, {}, { cause: error });
  }
  try {
    decodeURIComponent(local.pathname);
  } catch {
    throw new Refusal(400, `The path has a percent-escape that does not decode to UTF-8 text: ${local.pathname}`);
  }
  return local;
}

async function handle(backend: Backend, afterReset: () => Promise<void>, req: IncomingMessage, res: ServerResponse, expectsContinue: boolean): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const local = checkedUrl(req, method);
  const devkit = isDevkitPath(local.pathname);

  if (method === 'OPTIONS' && devkit) {
    // No preflight is approved here: a web page may not drive the dev kit.
    throw new Refusal(403, 'The dev kit answers no cross-origin requests');
  }
  if (method === 'OPTIONS') {
    const requested = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    res.writeHead(204, {
      ...CORS_HEADERS,
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      // The usual three, plus whatever the preflight asks for (the Firebase SDK adds X-Client-Version...).
      'Access-Control-Allow-Headers': [...ALLOWED_HEADERS, ...requested.filter((h) => !ALLOWED_HEADERS.some((a) => a.toLowerCase() === h.toLowerCase()))].join(', '),
      'Access-Control-Max-Age': '600',
    });
    res.end();
    return;
  }

  if (devkit && method === 'POST' && mediaTypeOf(req.headers['content-type']) !== 'application/json') {
    // A page can send text/plain or a form without a preflight; only JSON drives the dev kit.
    throw new Refusal(415, 'The dev kit takes POST bodies only as Content-Type: application/json');
  }

  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const upload = mediaTypeOf(req.headers['content-type']) === 'multipart/form-data';
    const limit = upload ? MAX_UPLOAD_BODY_BYTES : MAX_JSON_BODY_BYTES;
    body = await readBody(req, limit, upload ? 'a multipart upload' : 'a request body', expectsContinue ? () => res.writeContinue() : undefined);
  }

  if (devkit) {
    await devkitRoute(backend, afterReset, method, local.pathname.slice('/__devkit'.length), body, res);
    return;
  }

  // Aborted when the client goes away, so a 'timeout' fault (which waits for the abort) ends too.
  const aborted = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) aborted.abort();
  });

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  let request: Request;
  try {
    request = new Request(`${upstreamUrlOf(backend, local.pathname)}${local.search}`, {
      method,
      headers,
      body: body && body.length > 0 ? new Uint8Array(body) : undefined,
      signal: aborted.signal,
    });
  } catch (error) {
    // node:http let it through, but it is no Fetch request (a header or URL Fetch refuses): the client's fault.
    throw new Refusal(400, `The request cannot be read: ${error instanceof Error ? error.message : String(error)}`, {}, { cause: error });
  }

  const response = await getResponse(backend.handlers, request);
  if (aborted.signal.aborted) return;
  if (!response) {
    sendJson(res, 404, { message: `No mock route for ${method} ${local.pathname}` });
    return;
  }
  if (response.type === 'error') {
    // An 'offline' fault (HttpResponse.error()): a network error, i.e. the connection drops.
    res.destroy();
    return;
  }
  const out = Buffer.from(await response.arrayBuffer());
  const outHeaders: Record<string, string | string[]> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'transfer-encoding') outHeaders[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outHeaders['set-cookie'] = cookies;
  outHeaders['content-length'] = String(out.length);
  res.writeHead(response.status, response.statusText || undefined, outHeaders);
  res.end(method === 'HEAD' ? undefined : out);
}

/**
 * The request's body, at most `limit` bytes: a Content-Length over it is refused before a byte is
 * read, and a body without one (chunked) as soon as the bytes counted pass it. Either way the 413
 * closes the connection, so the rest is never read into memory.
 */
function readBody(req: IncomingMessage, limit: number, what: string, beforeReading?: () => void): Promise<Buffer> {
  const tooLarge = () =>
    new Refusal(413, `${what[0].toUpperCase()}${what.slice(1)} may be at most ${limit} bytes (${limit / MIB} MiB)`, { Connection: 'close' });
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(tooLarge());
  beforeReading?.();
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // Whatever still arrives before the connection closes is dropped unread.
      req.off('data', onData);
      req.resume();
      chunks = [];
      settle(() => reject(tooLarge()));
    };
    req.on('data', onData);
    req.on('end', () => settle(() => resolve(Buffer.concat(chunks))));
    req.on('error', (error) => settle(() => reject(new ClientGone('The request failed while its body was read', { cause: error }))));
    req.on('close', () => settle(() => reject(new ClientGone('The client left before its body ended'))));
  });
}

function sendJson(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = CORS_HEADERS): void {
  const out = Buffer.from(JSON.stringify(payload));
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(out.length) });
  res.end(out);
}

/** The dev kit's answers: JSON, no CORS headers (no web page may read them). */
const sendDevkit = (res: ServerResponse, status: number, payload: unknown) => sendJson(res, status, payload, NO_HEADERS);

class DevkitError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function jsonObjectOf(body: Buffer | undefined): Record<string, unknown> {
  if (!body || body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new DevkitError(400, 'The body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new DevkitError(400, 'The body must be a JSON object');
  return parsed as Record<string, unknown>;
}

const optionalString = (value: unknown, field: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new DevkitError(400, `${field}: a non-empty string`);
  return value;
};

/**
 * The dev kit for clients without `window.devkit`:
 *   GET  /__devkit/scenarios        → { current, scenarios: [{ name, description, signIns }] }
 *   POST /__devkit/reset            { scenario? } → reseeds (default: the current scenario)
 *   GET  /__devkit/faults           → { latencyMs, failures }
 *   POST /__devkit/fail             { operation, outcome, times?, rate? } (outcome: a status, 'timeout', 'offline', 'lost-response')
 *   POST /__devkit/latency          { ms }
 *   POST /__devkit/clear-faults     { operation? }
 *   GET  /__devkit/outbox           → the e-mails "sent"; DELETE empties it
 *   POST /__devkit/push             { ...notification? } → the push (as devkit.push)
 *   GET  /__devkit/records/:name    → a copy of one collection, secrets replaced by REDACTED
 */
async function devkitRoute(backend: Backend, afterReset: () => Promise<void>, method: string, path: string, body: Buffer | undefined, res: ServerResponse): Promise<void> {
  const { devkit } = backend;
  const route = `${method} ${path}`;
  try {
    if (route === 'GET /scenarios') {
      sendDevkit(res, 200, { current: devkit.scenario(), scenarios: devkit.scenarios() });
    } else if (route === 'POST /reset') {
      const scenario = optionalString(jsonObjectOf(body).scenario, 'scenario');
      if (scenario !== undefined && !devkit.scenarios().some((s) => s.name === scenario)) {
        throw new DevkitError(400, `Unknown scenario "${scenario}". Known: ${devkit.scenarios().map((s) => s.name).join(', ')}`);
      }
      await devkit.reset(scenario);
      await afterReset();
      sendDevkit(res, 200, { scenario: devkit.scenario(), faults: devkit.faults() });
    } else if (route === 'GET /faults') {
      sendDevkit(res, 200, devkit.faults());
    } else if (route === 'POST /fail') {
      const { operation, outcome, times, rate } = jsonObjectOf(body);
      if (typeof operation !== 'string' || operation === '') throw new DevkitError(400, 'operation: a string such as "GET /stores/home"');
      if (typeof outcome !== 'number' && outcome !== 'timeout' && outcome !== 'offline' && outcome !== 'lost-response') {
        throw new DevkitError(400, "outcome: an HTTP status (400–599), 'timeout', 'offline' or 'lost-response'");
      }
      const options: FailOptions = {};
      if (times !== undefined) {
        if (typeof times !== 'number' || !Number.isInteger(times) || times < 1) throw new DevkitError(400, 'times: a positive integer');
        options.times = times;
      }
      if (rate !== undefined) {
        if (typeof rate !== 'number' || !(rate > 0 && rate <= 1)) throw new DevkitError(400, 'rate: a number in (0, 1]');
        options.rate = rate;
      }
      failWith(() => devkit.fail(operation, outcome as FaultOutcome, options));
      sendDevkit(res, 200, devkit.faults());
    } else if (route === 'POST /latency') {
      const { ms } = jsonObjectOf(body);
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new DevkitError(400, 'ms: a number ≥ 0');
      devkit.latency(ms);
      sendDevkit(res, 200, devkit.faults());
    } else if (route === 'POST /clear-faults') {
      devkit.clearFaults(optionalString(jsonObjectOf(body).operation, 'operation'));
      sendDevkit(res, 200, devkit.faults());
    } else if (route === 'GET /outbox') {
      sendDevkit(res, 200, devkit.outbox());
    } else if (route === 'DELETE /outbox') {
      devkit.clearOutbox();
      sendDevkit(res, 200, []);
    } else if (route === 'POST /push') {
      const notification = jsonObjectOf(body);
      sendDevkit(res, 200, await failWithAsync(() => devkit.push(notification as PushInput)));
    } else if (method === 'GET' && path.startsWith('/records/')) {
      const name = decodeURIComponent(path.slice('/records/'.length));
      if (!collectionNames.includes(name as CollectionName)) {
        throw new DevkitError(404, `Unknown collection "${name}". Known: ${collectionNames.join(', ')}`);
      }
      // Secrets (passwords, tokens, codes, API keys) never leave over HTTP.
      sendDevkit(res, 200, redactedRecords(name as CollectionName, devkit.records(name as CollectionName)));
    } else {
      throw new DevkitError(404, `No dev kit route ${route}`);
    }
  } catch (error) {
    if (!(error instanceof DevkitError)) throw error;
    sendDevkit(res, error.status, { message: error.message });
  }
}

/** The dev kit's own argument errors (a bad fault, a bad push) are the caller's: 400. */
function failWith(run: () => void): void {
  try {
    run();
  } catch (error) {
    throw new DevkitError(400, error instanceof Error ? error.message : String(error));
  }
}

async function failWithAsync<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new DevkitError(400, error instanceof Error ? error.message : String(error));
  }
}
