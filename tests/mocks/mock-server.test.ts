// @vitest-environment node
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/http-server';
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
