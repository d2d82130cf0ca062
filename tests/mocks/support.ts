import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestBackend, TEST_CONFIG, type TestBackend, type TestBackendOptions } from '../../mocks/node';
import { configureHttp } from '../../src/api/http';

/**
 * One mock backend per test file, listening for the whole file; faults are cleared after each
 * test. Requests nobody handles fail the test (MSW logs an error, which tests/setup.ts turns into
 * a failure), so a test can never pass by reaching a real server.
 */
export function setupTestBackend(options: TestBackendOptions = {}): { readonly current: TestBackend } {
  const holder: { current?: TestBackend } = {};
  beforeAll(async () => {
    holder.current = await createTestBackend(options);
    holder.current.server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => holder.current?.faults.clearFaults());
  afterAll(() => holder.current?.server.close());
  return {
    get current() {
      if (!holder.current) throw new Error('The test backend starts in beforeAll');
      return holder.current;
    },
  };
}

export const API = TEST_CONFIG.apiBaseUrl;
export const DEMO = { email: 'demo@store.test', password: 'demo1234' } as const;
const IDENTITY = 'https://identitytoolkit.googleapis.com/v1';
const KEY = `?key=${TEST_CONFIG.firebase.apiKey}`;

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** The identity provider's password sign-in, as the Firebase SDK calls it. */
export async function identitySignIn(email: string, password: string): Promise<Response> {
  return postJson(`${IDENTITY}/accounts:signInWithPassword${KEY}`, { email, password, returnSecureToken: true, clientType: 'CLIENT_TYPE_WEB' });
}

export const identityUrl = (method: string) => `${IDENTITY}/accounts:${method}${KEY}`;
export const secureTokenUrl = `https://securetoken.googleapis.com/v1/token${KEY}`;

export async function idTokenFor(email = DEMO.email, password = DEMO.password): Promise<string> {
  const response = await identitySignIn(email, password);
  if (!response.ok) throw new Error(`identity sign-in failed: ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** A platform session token for the demo operator (identity sign-in, then POST /stores/signin). */
export async function sessionToken(email = DEMO.email, password = DEMO.password): Promise<string> {
  const response = await postJson(`${API}/stores/signin`, { idToken: await idTokenFor(email, password) });
  if (!response.ok) throw new Error(`signin failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Signs the demo operator in on the test backend and points the app's http client at it with
 * that session's token (never refreshed: it stays valid for a test file). Returns the token, for
 * direct storeCall()s.
 */
export async function connectHttpToTestBackend(backend: { readonly current: TestBackend }): Promise<string> {
  const token = await sessionToken();
  configureHttp({
    baseURL: backend.current.ctx.apiBaseUrl,
    session: { accessToken: async () => token, tokenRejected: async () => token, sessionExpired: () => undefined },
  });
  return token;
}

/** A store call with the session header. */
export async function storeCall(path: string, token: string | undefined, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token !== undefined) headers.set('X-Access-Token', token);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(`${API}${path}`, { ...init, headers });
}
