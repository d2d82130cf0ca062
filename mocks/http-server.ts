import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Disposition, Content-Type',
};
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
  const server = createServer((req, res) => {
    handle(backend, provisionIdentity, req, res).catch((error: unknown) => {
      console.error('mock server:', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'The mock server failed to answer' });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`The mock API could not start: port ${port} on ${host} is in use`) : error);
    server.once('error', refused);
    server.listen(port, host, () => {
      server.off('error', refused);
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

async function handle(backend: Backend, afterReset: () => Promise<void>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const local = new URL(req.url ?? '/', `http://${MOCK_SERVER_HOST}`);

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

  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);

  if (local.pathname === '/__devkit' || local.pathname.startsWith('/__devkit/')) {
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
  const request = new Request(`${upstreamUrlOf(backend, local.pathname)}${local.search}`, {
    method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
    signal: aborted.signal,
  });

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

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const out = Buffer.from(JSON.stringify(payload));
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'application/json', 'Content-Length': String(out.length) });
  res.end(out);
}

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
 *   POST /__devkit/fail             { operation, outcome, times?, rate? }
 *   POST /__devkit/latency          { ms }
 *   POST /__devkit/clear-faults     { operation? }
 *   GET  /__devkit/outbox           → the e-mails "sent"; DELETE empties it
 *   POST /__devkit/push             { ...notification? } → the push (as devkit.push)
 *   GET  /__devkit/records/:name    → a copy of one collection
 */
async function devkitRoute(backend: Backend, afterReset: () => Promise<void>, method: string, path: string, body: Buffer | undefined, res: ServerResponse): Promise<void> {
  const { devkit } = backend;
  const route = `${method} ${path}`;
  try {
    if (route === 'GET /scenarios') {
      sendJson(res, 200, { current: devkit.scenario(), scenarios: devkit.scenarios() });
    } else if (route === 'POST /reset') {
      const scenario = optionalString(jsonObjectOf(body).scenario, 'scenario');
      if (scenario !== undefined && !devkit.scenarios().some((s) => s.name === scenario)) {
        throw new DevkitError(400, `Unknown scenario "${scenario}". Known: ${devkit.scenarios().map((s) => s.name).join(', ')}`);
      }
      await devkit.reset(scenario);
      await afterReset();
      sendJson(res, 200, { scenario: devkit.scenario(), faults: devkit.faults() });
    } else if (route === 'GET /faults') {
      sendJson(res, 200, devkit.faults());
    } else if (route === 'POST /fail') {
      const { operation, outcome, times, rate } = jsonObjectOf(body);
      if (typeof operation !== 'string' || operation === '') throw new DevkitError(400, 'operation: a string such as "GET /stores/home"');
      if (typeof outcome !== 'number' && outcome !== 'timeout' && outcome !== 'offline') {
        throw new DevkitError(400, "outcome: an HTTP status (400–599), 'timeout' or 'offline'");
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
      sendJson(res, 200, devkit.faults());
    } else if (route === 'POST /latency') {
      const { ms } = jsonObjectOf(body);
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new DevkitError(400, 'ms: a number ≥ 0');
      devkit.latency(ms);
      sendJson(res, 200, devkit.faults());
    } else if (route === 'POST /clear-faults') {
      devkit.clearFaults(optionalString(jsonObjectOf(body).operation, 'operation'));
      sendJson(res, 200, devkit.faults());
    } else if (route === 'GET /outbox') {
      sendJson(res, 200, devkit.outbox());
    } else if (route === 'DELETE /outbox') {
      devkit.clearOutbox();
      sendJson(res, 200, []);
    } else if (route === 'POST /push') {
      const notification = jsonObjectOf(body);
      sendJson(res, 200, await failWithAsync(() => devkit.push(notification as PushInput)));
    } else if (method === 'GET' && path.startsWith('/records/')) {
      const name = decodeURIComponent(path.slice('/records/'.length));
      if (!collectionNames.includes(name as CollectionName)) {
        throw new DevkitError(404, `Unknown collection "${name}". Known: ${collectionNames.join(', ')}`);
      }
      sendJson(res, 200, devkit.records(name as CollectionName));
    } else {
      throw new DevkitError(404, `No dev kit route ${route}`);
    }
  } catch (error) {
    if (!(error instanceof DevkitError)) throw error;
    sendJson(res, error.status, { message: error.message });
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
