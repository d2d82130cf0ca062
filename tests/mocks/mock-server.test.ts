// @vitest-environment node
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES, MAX_UPLOAD_BODY_BYTES, REDACTED, startMockServer, type MockServer } from '../../mocks/http-server';
import { API, DEMO } from './support';

/**
 * The standalone mock API (npm run mock:server) over real HTTP on 127.0.0.1: a random port, the
 * same handlers and dev kit, reached with plain fetch (nothing intercepted in this file).
 */
let server: MockServer;
let base: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'default' });
  base = server.url;
});
afterAll(() => server?.close());

const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function signIn(): Promise<string> {
  const identity = await json('/identitytoolkit/v1/accounts:signInWithPassword?key=mock-api-key', { ...DEMO, returnSecureToken: true });
  expect(identity.status).toBe(200);
  const { idToken } = (await identity.json()) as { idToken: string };
  const signin = await json('/stores/signin', { idToken });
  expect(signin.status).toBe(200);
  return ((await signin.json()) as { token: string }).token;
}

const home = (token?: string) => fetch(`${base}/stores/home`, { headers: token ? { 'X-Access-Token': token } : {} });

describe('the standalone mock API', () => {
  it('listens on 127.0.0.1 and refuses any other address', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    for (const host of ['0.0.0.0', '::', 'localhost', '192.168.1.10']) {
      await expect(startMockServer({ port: 0, host })).rejects.toThrow(/127\.0\.0\.1 only/);
    }
  });

  it('signs in through the identity path and /stores/signin; the token opens /stores/home, no token is a 401', async () => {
    const token = await signIn();
    const answer = await home(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await answer.json()).toMatchObject({ rating_qty: expect.any(Number), reviews: expect.any(Array) });

    const anonymous = await home();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(await anonymous.json()).toEqual({ message: expect.any(String) });

    // The session lives in the server's db, like with msw/node.
    expect(server.backend.devkit.records('sessions')).toContainEqual(expect.objectContaining({ token }));
  });

  it('refreshes through /securetoken and answers the map services under /directions and /geocoder', async () => {
    const identity = await json('/identitytoolkit/v1/accounts:signInWithPassword?key=mock-api-key', { ...DEMO, returnSecureToken: true });
    const { refreshToken } = (await identity.json()) as { refreshToken: string };
    const refreshed = await fetch(`${base}/securetoken/v1/token?key=mock-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toMatchObject({ id_token: expect.any(String), refresh_token: refreshToken });

    const route = await fetch(`${base}/directions/route/v1/driving/-0.3787,39.4739;-0.3762,39.4699?geometries=geojson&overview=full`);
    expect(route.status).toBe(200);
    expect(await route.json()).toMatchObject({ code: 'Ok' });

    const places = await fetch(`${base}/geocoder/search?q=valencia&format=json`);
    expect(places.status).toBe(200);
    expect(Array.isArray(await places.json())).toBe(true);
  });

  it("answers the Firebase Auth emulator's path layout, so the SDK pointed here with connectAuthEmulator signs in", async () => {
    const identity = await json('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=mock-api-key', { ...DEMO, returnSecureToken: true });
    expect(identity.status).toBe(200);
    const { idToken, refreshToken } = (await identity.json()) as { idToken: string; refreshToken: string };
    const lookup = await json('/identitytoolkit.googleapis.com/v1/accounts:lookup?key=mock-api-key', { idToken });
    expect(((await lookup.json()) as { users: Array<{ email: string }> }).users[0].email).toBe(DEMO.email);
    const refreshed = await fetch(`${base}/securetoken.googleapis.com/v1/token?key=mock-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const signin = await json('/stores/signin', { idToken: ((await refreshed.json()) as { id_token: string }).id_token });
    expect(signin.status).toBe(200);
  });

  it('names the port when it is in use', async () => {
    await expect(startMockServer({ port: server.port })).rejects.toThrow(`The mock API could not start: port ${server.port} on 127.0.0.1 is in use`);
  });

  it('answers CORS preflights for the session header', async () => {
    const preflight = await fetch(`${base}/stores/home`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-access-token, x-client-version' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    const allowed = (preflight.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['x-access-token', 'content-type', 'authorization', 'x-client-version']));
  });

  it('answers an unknown route with 404 JSON', async () => {
    const unknown = await fetch(`${base}/no/such/route`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Content-Type')).toContain('application/json');
    expect(await unknown.json()).toEqual({ message: 'No mock route for GET /no/such/route' });
    expect((await fetch(`${base}/__devkit/nothing`)).status).toBe(404);
  });

  it('downloads the summary CSV byte for byte', async () => {
    const token = await signIn();
    const to = Math.floor(Date.now() / 1000);
    const path = `/stores/orders/summary_pdf/101?date_from=${to - 7 * 86_400}&date_to=${to}`;
    const download = await fetch(`${base}${path}`, { headers: { 'X-Access-Token': token } });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('Content-Disposition')).toBe('attachment; filename="summary.csv"');
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);

    // The same call straight through the handlers: the HTTP hop changed nothing.
    const direct = await getResponse(server.backend.handlers, new Request(`${API}${path}`, { headers: { 'X-Access-Token': token } }));
    expect(bytes).toEqual(new Uint8Array(await direct!.arrayBuffer()));
    expect(Number(download.headers.get('Content-Length'))).toBe(bytes.length);
  });

  it('takes a multipart image upload intact', async () => {
    const token = await signIn();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0x00, 0x80]);
    const form = new FormData();
    form.append('store_id', '101');
    form.append('cover_image', new Blob([png], { type: 'image/png' }), 'cover.png');
    const upload = await fetch(`${base}/stores/profile/mediacover`, { method: 'POST', headers: { 'X-Access-Token': token }, body: form });
    expect(upload.status).toBe(200);
    const cover = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    expect(await upload.json()).toMatchObject({ cover });
    expect(server.backend.devkit.records('stores')).toContainEqual(expect.objectContaining({ id: 101, cover }));
  });

  it('drives the dev kit over HTTP: scenarios, named faults, offline, clearing, reset', async () => {
    const token = await signIn();
    const list = await fetch(`${base}/__devkit/scenarios`);
    expect(await list.json()).toMatchObject({ current: 'default', scenarios: expect.arrayContaining([expect.objectContaining({ name: 'empty-store' })]) });

    const fail = await json('/__devkit/fail', { operation: 'GET /stores/home', outcome: 503, times: 1 });
    expect(fail.status).toBe(200);
    expect(await fail.json()).toEqual({ latencyMs: 0, failures: [{ operation: 'GET /stores/home', outcome: 503, remaining: 1 }] });
    const failed = await home(token);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ message: expect.stringContaining('Injected fault') });
    expect((await home(token)).status).toBe(200);

    await json('/__devkit/fail', { operation: 'GET /stores/home', outcome: 'offline' });
    await expect(home(token)).rejects.toThrow(TypeError);
    expect((await json('/__devkit/clear-faults', {})).status).toBe(200);
    expect((await home(token)).status).toBe(200);

    expect((await json('/__devkit/fail', { operation: 'GET /stores/home', outcome: 200 })).status).toBe(400);
    expect((await json('/__devkit/fail', { outcome: 500 })).status).toBe(400);
    expect((await fetch(`${base}/__devkit/faults`)).status).toBe(200);

    // A reset to another scenario reseeds: the old session is gone, the new data answers.
    expect((await json('/__devkit/reset', { scenario: 'nope' })).status).toBe(400);
    const reset = await json('/__devkit/reset', { scenario: 'empty-store' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ scenario: 'empty-store' });
    expect((await home(token)).status).toBe(401);
    const fresh = await home(await signIn());
    expect(await fresh.json()).toMatchObject({ rating_qty: 0, reviews: [] });
    const stores = (await (await fetch(`${base}/__devkit/records/stores`)).json()) as Array<{ name: string }>;
    expect(stores.map((s) => s.name)).toContain('La Despensa de Chamberí');
    expect((await fetch(`${base}/__devkit/records/nope`)).status).toBe(404);

    // The outbox: a password reset for a known address lands there.
    await json('/identitytoolkit/v1/accounts:sendOobCode?key=mock-api-key', { requestType: 'PASSWORD_RESET', email: DEMO.email });
    const outbox = (await (await fetch(`${base}/__devkit/outbox`)).json()) as Array<{ to: string; kind: string }>;
    expect(outbox).toContainEqual(expect.objectContaining({ to: DEMO.email, kind: 'passwordReset' }));

    expect((await json('/__devkit/reset', {})).status).toBe(200);
  });
});

describe("the dev kit's 'lost-response' over HTTP (issue 23)", () => {
  it('stores the record, then drops the connection; an operation that matches no call is a 400 naming the ones that exist', async () => {
    const token = await signIn();
    const armed = await json('/__devkit/fail', { operation: 'PUT /stores/trucks', outcome: 'lost-response', times: 1 });
    expect(armed.status).toBe(200);
    const truck = { name: 'Van over the wire', plate: '4242 HTP', capacity: 12, driver_name: '', driver_phone: '', status: 'active' };
    await expect(
      fetch(`${base}/stores/trucks`, { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Access-Token': token }, body: JSON.stringify(truck) }),
    ).rejects.toThrow(TypeError);
    const trucks = (await (await fetch(`${base}/__devkit/records/trucks`)).json()) as Array<{ name: string }>;
    expect(trucks.filter((t) => t.name === truck.name)).toHaveLength(1);

    const unknown = await json('/__devkit/fail', { operation: 'PUT /stores/offers/{id}', outcome: 500 });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/No call matches "PUT \/stores\/offers\/\{id\}".*POST \/stores\/offers\/\{id\}/s);
  });
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Body bytes the client had written when the answer came. */
  sent: number;
}

interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent whole, then the request ends. */
  body?: Buffer | string;
  /** Streamed in chunks (chunked transfer encoding) up to this many bytes, and never ended. */
  stream?: number;
  /** Send no Host header at all. */
  noHost?: boolean;
}

/**
 * One request over a raw socket (node:http), for what fetch will not send: a TRACE, a Host of
 * another name, a Content-Length with no body behind it, a body that never ends. Rejects when no
 * answer comes within 3 s, so a server that waits for a body it should refuse fails the test.
 */
function raw({ method = 'GET', path, headers = {}, body, stream, noHost = false }: RawRequest): Promise<RawAnswer> {
  const { port } = server;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer to ${method} ${path} within 3 s (${sent} body bytes sent)`));
    }, 3000);
    const settle = (status: number, answerHeaders: IncomingHttpHeaders, read: NodeJS.ReadableStream | undefined, head?: Buffer) => {
      answered = true;
      const chunks: Buffer[] = head && head.length > 0 ? [head] : [];
      const done = () => {
        clearTimeout(timer);
        resolve({ status, headers: answerHeaders, body: Buffer.concat(chunks).toString('utf8'), sent });
      };
      if (!read) return done();
      read.on('data', (chunk: Buffer) => chunks.push(chunk));
      read.on('end', done);
      read.on('close', done);
      read.on('error', done);
    };
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, setHost: !noHost });
    req.on('response', (res) => settle(res.statusCode ?? 0, res.headers, res));
    // A CONNECT's answer arrives here, whatever its status.
    req.on('connect', (res, socket, head) => {
      settle(res.statusCode ?? 0, res.headers, undefined, head);
      socket.destroy();
    });
    req.on('error', (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(error);
    });
    // The headers go out now, even when no body follows.
    req.flushHeaders();
    if (stream !== undefined) {
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        // `answered` is set by the response listener while this waits for 'drain'.
        for (;;) {
          if (answered || req.destroyed || sent >= stream) return;
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      pump();
    } else {
      if (body !== undefined) {
        sent = Buffer.byteLength(body);
        req.write(body);
      }
      if (!('Content-Length' in headers) || body !== undefined) req.end();
    }
  });
}

const MIB = 1024 * 1024;
const latency = () => server.backend.devkit.faults().latencyMs;
const postLatency = (headers: Record<string, string>, body?: string) => fetch(`${base}/__devkit/latency`, { method: 'POST', headers, body });
async function recordsOver(name: string): Promise<Array<Record<string, unknown>>> {
  const answer = await fetch(`${base}/__devkit/records/${name}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Array<Record<string, unknown>>;
}

describe('the standalone mock API refuses what a server would (issue #23)', () => {
  it('refuses a body over the JSON limit with 413 from its Content-Length, before reading it or running the handler', async () => {
    const answer = await raw({
      method: 'POST',
      path: '/stores/signup',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(MAX_JSON_BODY_BYTES + 1) },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining(`${MAX_JSON_BODY_BYTES} bytes`) });
    expect(MAX_JSON_BODY_BYTES).toBe(1 * MIB);
  });

  it('stops reading a chunked body as soon as it passes the JSON limit: 413, and the handler never runs', async () => {
    expect(latency()).toBe(0);
    const answer = await raw({ method: 'POST', path: '/__devkit/latency', headers: { 'Content-Type': 'application/json' }, stream: 4 * MIB });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining(`${MAX_JSON_BODY_BYTES} bytes`) });
    expect(answer.sent).toBeLessThan(4 * MIB);
    expect(latency()).toBe(0);
    // The server lives on.
    expect((await fetch(`${base}/__devkit/faults`)).status).toBe(200);
  });

  it('gives multipart uploads the upload limit: over the JSON limit is read, over the upload limit is a 413', async () => {
    const token = await signIn();
    const form = new FormData();
    form.append('store_id', '101');
    form.append('cover_image', new Blob([new Uint8Array(2 * MIB)], { type: 'image/png' }), 'cover.png');
    const big = await fetch(`${base}/stores/profile/mediacover`, { method: 'POST', headers: { 'X-Access-Token': token }, body: form });
    expect(big.status).not.toBe(413);
    expect(big.status).toBeLessThan(500);

    const tooBig = await raw({
      method: 'POST',
      path: '/stores/profile/mediacover',
      headers: { 'X-Access-Token': token, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(MAX_UPLOAD_BODY_BYTES + 1) },
    });
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body)).toEqual({ message: expect.stringContaining(`${MAX_UPLOAD_BODY_BYTES} bytes`) });
    expect(MAX_UPLOAD_BODY_BYTES).toBe(10 * MIB);
  });

  it('answers 400 { message } for a path whose percent-escapes do not decode, on the API and the dev kit', async () => {
    for (const path of ['/stores/offers/%ff', '/stores/offers/%E0%A4%A', '/__devkit/records/%ZZ', '/identitytoolkit/v1/%c3%28']) {
      const answer = await fetch(`${base}${path}`);
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(await answer.json()).toEqual({ message: expect.stringContaining('percent') });
    }
    expect((await fetch(`${base}/no/such/caf%C3%A9`)).status).toBe(404);
  });

  it('answers 405 with Allow for methods the API never uses (TRACE, CONNECT, PROPFIND), and keeps running', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      for (const path of ['/stores/home', '/__devkit/scenarios']) {
        const answer = await raw({ method, path });
        expect({ method, path, status: answer.status }).toEqual({ method, path, status: 405 });
        expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
        expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining(method) });
      }
    }
    const connect = await raw({ method: 'CONNECT', path: '127.0.0.1:443' });
    expect(connect.status).toBe(405);
    expect(connect.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect((await home()).status).toBe(401);
  });
});

describe('the dev kit over HTTP answers only this machine (issue #23)', () => {
  it('refuses a Host that is not a loopback name with 403 { message }, on every route', async () => {
    for (const host of ['evil.example', 'evil.example:4010', '127.0.0.1.evil.example', 'localhost.evil.example:80', '192.168.1.10:4010', '[::2]:4010', 'localhost:abc']) {
      for (const path of ['/__devkit/scenarios', '/__devkit/records/operators', '/stores/home', '/identitytoolkit/v1/accounts:lookup?key=k']) {
        const answer = await raw({ path, headers: { Host: host } });
        expect({ host, path, status: answer.status }).toEqual({ host, path, status: 403 });
        expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining('Host') });
      }
    }
    // No Host at all: node:http refuses an HTTP/1.1 request without one (400) before we see it.
    expect([400, 403]).toContain((await raw({ path: '/__devkit/scenarios', noHost: true })).status);
    for (const host of ['127.0.0.1', `127.0.0.1:${server.port}`, 'localhost', 'LOCALHOST:5173', '[::1]', `[::1]:${server.port}`]) {
      expect({ host, status: (await raw({ path: '/__devkit/scenarios', headers: { Host: host } })).status }).toEqual({ host, status: 200 });
    }
  });

  it('sends no CORS headers from /__devkit and approves no preflight there; the API keeps its CORS', async () => {
    const scenarios = await fetch(`${base}/__devkit/scenarios`, { headers: { Origin: 'http://evil.example' } });
    expect(scenarios.status).toBe(200);
    expect([...scenarios.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);

    const preflight = await fetch(`${base}/__devkit/reset`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect([...preflight.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);

    const api = await fetch(`${base}/stores/home`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' } });
    expect(api.status).toBe(204);
    expect(api.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('takes dev kit POST bodies only as application/json (415 otherwise, a body-less POST too)', async () => {
    for (const [type, body] of [
      ['text/plain', '{"ms":700}'],
      ['application/x-www-form-urlencoded', 'ms=700'],
      ['multipart/form-data; boundary=x', '--x--'],
      ['application/jsonp', '{"ms":700}'],
      [undefined, undefined],
    ] as const) {
      const answer = await postLatency(type ? { 'Content-Type': type } : {}, body);
      expect({ type, status: answer.status }).toEqual({ type, status: 415 });
      expect(await answer.json()).toEqual({ message: expect.stringContaining('application/json') });
    }
    expect(latency()).toBe(0);
    expect((await postLatency({ 'Content-Type': 'application/json; charset=utf-8' }, '{"ms":0}')).status).toBe(200);
  });

  it('hands out records with every secret replaced by a marker, ids and the rest kept', async () => {
    // A session, a refresh token, a reset code and a pending sign-up to look at.
    await signIn();
    await json('/identitytoolkit/v1/accounts:sendOobCode?key=mock-api-key', { requestType: 'PASSWORD_RESET', email: DEMO.email });
    const signup = await json('/stores/signup', {
      store_name: 'Horno San Onofre',
      name_op: 'Marta Ruiz Gil',
      email: 'marta@horno-redacted.test',
      phone: '+34 600 111 222',
      password: 'masa-madre-2026',
      country: 'ES',
      address: 'Madrid, Calle de San Onofre 3',
      city: 'Madrid',
      language: 'es',
    });
    expect(signup.status).toBe(200);

    const expectations: Record<string, string[]> = {
      operators: ['password'],
      sessions: ['token'],
      refreshTokens: ['token'],
      oobCodes: ['code'],
      registrations: ['token', 'passwordHash'],
      stores: ['apiKey'],
    };
    for (const [name, fields] of Object.entries(expectations)) {
      const rows = await recordsOver(name);
      const held = server.backend.devkit.records(name as never) as Array<Record<string, unknown>>;
      expect({ name, rows: rows.length }).toEqual({ name, rows: held.length });
      expect(rows.length).toBeGreaterThan(0);
      for (const [index, row] of rows.entries()) {
        for (const field of fields) expect({ name, field, value: row[field] }).toEqual({ name, field, value: REDACTED });
        // Everything else as held.
        const rest = Object.fromEntries(Object.entries(held[index]).filter(([key]) => !['password', 'passwordHash', 'token', 'code', 'apiKey'].includes(key)));
        expect(row).toMatchObject(rest);
      }
    }
    const operators = await recordsOver('operators');
    expect(operators.find((o) => o.email === DEMO.email)).toMatchObject({ id: expect.any(Number), email: DEMO.email, password: REDACTED });
    const everything = (await Promise.all(Object.keys(expectations).map(async (name) => JSON.stringify(await recordsOver(name))))).join('');
    expect(everything).not.toContain(DEMO.password);
    expect(everything).not.toContain('pbkdf2');
    for (const { token } of server.backend.devkit.records('sessions') as Array<{ token: string }>) expect(everything).not.toContain(token);
    expect((await json('/__devkit/reset', {})).status).toBe(200);
  });
});
