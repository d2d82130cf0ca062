import { http as route, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { ApiError } from '../../src/api/errors';
import { apiBaseUrl, configureHttp, http, type HttpSession } from '../../src/api/http';
import { API_TIMEOUT_MS } from '../../src/lib/constants';

const BASE = 'https://api.test';
const OtherBase = 'https://other.test';

const GreetingSchema = z.object({ hello: z.string() });
const greeting = { schema: GreetingSchema, operation: 'GET /greeting' };

/** What the server saw: one entry per request that reached it. */
let received: Array<{ url: string; method: string; token: string | null }> = [];

function recordingHandler(base: string, path: string, answer: (token: string | null) => Response | Promise<Response>) {
  return route.all(`${base}${path}`, ({ request }) => {
    const token = request.headers.get('X-Access-Token');
    received.push({ url: request.url, method: request.method, token });
    return answer(token);
  });
}

const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  received = [];
  vi.useRealTimers();
});
afterAll(() => server.close());

/** A session fake that hands out tokens and records what the client told it. */
function fakeSession(options: { token?: string; refreshedToken?: string } = {}) {
  const rejected: string[] = [];
  let expired = 0;
  let current = options.token ?? 'token-1';
  const session: HttpSession = {
    accessToken: async () => current,
    tokenRejected: async (token) => {
      rejected.push(token);
      current = options.refreshedToken ?? 'token-2';
      return current;
    },
    sessionExpired: () => {
      expired += 1;
    },
  };
  return { session, rejected, expiredCount: () => expired };
}

/** The ApiError a call fails with; anything else (success included) fails the test. */
async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if ('error' in outcome && outcome.error instanceof ApiError) return outcome.error;
  throw new Error(`expected the call to fail with an ApiError, got ${JSON.stringify(outcome)}`);
}

describe('http client', () => {
  it('sends calls to the configured base URL', async () => {
    server.use(
      recordingHandler(BASE, '/greeting', () => HttpResponse.json({ hello: 'base' })),
      recordingHandler(OtherBase, '/greeting', () => HttpResponse.json({ hello: 'other' })),
    );
    configureHttp({ baseURL: OtherBase });
    expect(apiBaseUrl()).toBe(OtherBase);
    await expect(http('/greeting', greeting)).resolves.toEqual({ hello: 'other' });

    configureHttp({ baseURL: BASE });
    await expect(http('/greeting', greeting)).resolves.toEqual({ hello: 'base' });
    expect(received.map((r) => r.url)).toEqual([`${OtherBase}/greeting`, `${BASE}/greeting`]);
  });

  it("sends the session's token as X-Access-Token on store calls", async () => {
    server.use(recordingHandler(BASE, '/greeting', () => HttpResponse.json({ hello: 'x' })));
    configureHttp({ baseURL: BASE, session: fakeSession({ token: 'abc' }).session });
    await http('/greeting', greeting);
    expect(received).toEqual([{ url: `${BASE}/greeting`, method: 'GET', token: 'abc' }]);
  });

  it('sends no token on calls made with auth: false (the sign-in exchange)', async () => {
    server.use(recordingHandler(BASE, '/stores/signin', () => HttpResponse.json({ hello: 'x' })));
    configureHttp({ baseURL: BASE, session: fakeSession({ token: 'abc' }).session });
    await http('/stores/signin', { ...greeting, method: 'POST', body: { idToken: 'id' }, auth: false });
    expect(received).toEqual([{ url: `${BASE}/stores/signin`, method: 'POST', token: null }]);
  });

  it('returns the response as parsed (and decoded) by the schema', async () => {
    const Seconds = z.codec(z.object({ at: z.number() }), z.object({ at: z.number() }), {
      decode: (wire) => ({ at: wire.at * 1000 }),
      encode: (client) => ({ at: client.at / 1000 }),
    });
    server.use(recordingHandler(BASE, '/when', () => HttpResponse.json({ at: 60, extra: 'dropped' })));
    configureHttp({ baseURL: BASE });
    await expect(http('/when', { schema: Seconds, operation: 'GET /when' })).resolves.toEqual({ at: 60_000 });
  });

  it("turns a response that does not match the schema into an 'unexpected-response' error", async () => {
    server.use(recordingHandler(BASE, '/greeting', () => HttpResponse.json({ hello: 42 })));
    configureHttp({ baseURL: BASE });
    const error = await failureOf(http('/greeting', greeting));
    expect(error.kind).toBe('unexpected-response');
    expect(error.operation).toBe('GET /greeting');
    expect(error.message).toContain('hello');
  });

  it("turns an HTTP 500 into an 'http' error carrying the server's message", async () => {
    server.use(recordingHandler(BASE, '/greeting', () => HttpResponse.json({ message: 'Database on fire' }, { status: 500 })));
    configureHttp({ baseURL: BASE });
    const error = await failureOf(http('/greeting', greeting));
    expect(error.toJSON()).toEqual({ kind: 'http', status: 500, operation: 'GET /greeting', message: 'Database on fire' });
  });

  it("turns a network failure into a 'network' error", async () => {
    server.use(recordingHandler(BASE, '/greeting', () => HttpResponse.error()));
    configureHttp({ baseURL: BASE });
    const error = await failureOf(http('/greeting', greeting));
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
  });

  it(`turns a server that never answers into a 'timeout' error after ${API_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(recordingHandler(BASE, '/greeting', () => new Promise<Response>(() => {})));
    configureHttp({ baseURL: BASE });
    const outcome = failureOf(http('/greeting', greeting));
    let settled = false;
    void outcome.finally(() => (settled = true));

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error.kind).toBe('timeout');
    expect(error.operation).toBe('GET /greeting');
  });

  it('does not retry on its own: a failing GET reaches the server exactly once', async () => {
    // ofetch retries GETs on 5xx by default; retries are the machines' decision.
    server.use(recordingHandler(BASE, '/greeting', () => HttpResponse.json({ message: 'busy' }, { status: 503 })));
    configureHttp({ baseURL: BASE });
    const error = await failureOf(http('/greeting', greeting));
    expect(error.status).toBe(503);
    expect(received).toHaveLength(1);
  });

  it('after a 401 asks the session for a new token once and retries the call with it', async () => {
    server.use(
      recordingHandler(BASE, '/greeting', (token) =>
        token === 'fresh' ? HttpResponse.json({ hello: 'again' }) : HttpResponse.json({ message: 'expired token' }, { status: 401 }),
      ),
    );
    const fake = fakeSession({ token: 'old', refreshedToken: 'fresh' });
    configureHttp({ baseURL: BASE, session: fake.session });

    await expect(http('/greeting', greeting)).resolves.toEqual({ hello: 'again' });
    expect(fake.rejected).toEqual(['old']);
    expect(received.map((r) => r.token)).toEqual(['old', 'fresh']);
    expect(fake.expiredCount()).toBe(0);
  });

  it('when the refreshed token is refused too, ends the session and fails with http 401', async () => {
    server.use(recordingHandler(BASE, '/greeting', () => HttpResponse.json({ message: 'no' }, { status: 401 })));
    const fake = fakeSession({ token: 'old', refreshedToken: 'fresh' });
    configureHttp({ baseURL: BASE, session: fake.session });

    const error = await failureOf(http('/greeting', greeting));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(401);
    expect(fake.rejected).toEqual(['old']);
    expect(fake.expiredCount()).toBe(1);
    expect(received.map((r) => r.token)).toEqual(['old', 'fresh']);
  });

  it('does not refresh after a 401 on a call made without a token', async () => {
    server.use(recordingHandler(BASE, '/stores/signin', () => HttpResponse.json({ message: 'bad id token' }, { status: 401 })));
    const fake = fakeSession();
    configureHttp({ baseURL: BASE, session: fake.session });

    const error = await failureOf(http('/stores/signin', { ...greeting, method: 'POST', auth: false }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('bad id token');
    expect(fake.rejected).toEqual([]);
    expect(fake.expiredCount()).toBe(0);
    expect(received).toHaveLength(1);
  });
});

describe('http client: calls to another service (directions, geocoding)', () => {
  const THIRD_PARTY = 'https://directions.test';

  it('go to their own base URL and never carry the platform token, whatever auth says', async () => {
    server.use(recordingHandler(THIRD_PARTY, '/greeting', () => HttpResponse.json({ hello: 'third party' })));
    const fake = fakeSession({ token: 'platform-secret' });
    configureHttp({ baseURL: BASE, session: fake.session });

    await expect(http('/greeting', { ...greeting, baseURL: THIRD_PARTY })).resolves.toEqual({ hello: 'third party' });
    await expect(http('/greeting', { ...greeting, baseURL: THIRD_PARTY, auth: true })).resolves.toEqual({ hello: 'third party' });
    expect(received).toEqual([
      { url: `${THIRD_PARTY}/greeting`, method: 'GET', token: null },
      { url: `${THIRD_PARTY}/greeting`, method: 'GET', token: null },
    ]);
  });

  it('leave the platform calls as they were: the next store call still goes to the platform with its token', async () => {
    server.use(
      recordingHandler(THIRD_PARTY, '/greeting', () => HttpResponse.json({ hello: 'third party' })),
      recordingHandler(BASE, '/greeting', () => HttpResponse.json({ hello: 'platform' })),
    );
    configureHttp({ baseURL: BASE, session: fakeSession({ token: 'abc' }).session });
    await http('/greeting', { ...greeting, baseURL: THIRD_PARTY });
    await http('/greeting', greeting);
    expect(received).toEqual([
      { url: `${THIRD_PARTY}/greeting`, method: 'GET', token: null },
      { url: `${BASE}/greeting`, method: 'GET', token: 'abc' },
    ]);
  });

  it('a 401 from another service is its own answer: no token refresh, no sign-out', async () => {
    server.use(recordingHandler(THIRD_PARTY, '/greeting', () => HttpResponse.json({ message: 'no key' }, { status: 401 })));
    const fake = fakeSession();
    configureHttp({ baseURL: BASE, session: fake.session });
    const error = await failureOf(http('/greeting', { ...greeting, baseURL: THIRD_PARTY }));
    expect(error.toJSON()).toEqual({ kind: 'http', status: 401, operation: 'GET /greeting', message: 'no key' });
    expect(fake.rejected).toEqual([]);
    expect(fake.expiredCount()).toBe(0);
  });

  it('keep the no-retry rule and the error kinds: a network failure reaches the server once', async () => {
    server.use(recordingHandler(THIRD_PARTY, '/greeting', () => HttpResponse.error()));
    configureHttp({ baseURL: BASE });
    const error = await failureOf(http('/greeting', { ...greeting, baseURL: THIRD_PARTY }));
    expect(error.kind).toBe('network');
    expect(received).toHaveLength(1);
  });

  it('can be aborted by the caller (a stale request)', async () => {
    server.use(recordingHandler(THIRD_PARTY, '/greeting', () => new Promise<Response>(() => {})));
    configureHttp({ baseURL: BASE });
    const controller = new AbortController();
    const outcome = failureOf(http('/greeting', { ...greeting, baseURL: THIRD_PARTY, signal: controller.signal }));
    controller.abort();
    const error = await outcome;
    expect(error.kind).not.toBe('timeout');
  });
});

describe('http client: a backend that starts on demand (mock mode, decision 017)', () => {
  const THIRD_PARTY = 'https://maps.test';

  it('starts the backend with the first call and holds platform and third-party calls until it answers, then sends each once', async () => {
    server.use(
      recordingHandler(BASE, '/greeting', () => HttpResponse.json({ hello: 'platform' })),
      recordingHandler(THIRD_PARTY, '/greeting', () => HttpResponse.json({ hello: 'maps' })),
    );
    let ready!: () => void;
    const started = new Promise<void>((resolve) => (ready = resolve));
    const backendReady = vi.fn<() => Promise<void>>(() => started);
    configureHttp({ baseURL: BASE, session: fakeSession().session, backendReady });
    expect(backendReady).not.toHaveBeenCalled();
    const platform = http('/greeting', greeting);
    const maps = http('/greeting', { ...greeting, baseURL: THIRD_PARTY });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backendReady).toHaveBeenCalled();
    expect(received).toEqual([]);

    ready();
    await expect(platform).resolves.toEqual({ hello: 'platform' });
    await expect(maps).resolves.toEqual({ hello: 'maps' });
    expect(received.map((r) => r.url)).toEqual([`${BASE}/greeting`, `${THIRD_PARTY}/greeting`]);
  });

  it("turns a backend that never starts (its kit failed to load) into a 'network' error naming the call", async () => {
    configureHttp({ baseURL: BASE, backendReady: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) });
    const error = await failureOf(http('/greeting', greeting));
    expect(error).toMatchObject({ kind: 'network', operation: 'GET /greeting' });
    expect(received).toEqual([]);
  });
});
