import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { TEST_CONFIG } from '../../mocks/node';
import { configureHttp } from '../../src/api/http';
import { configureIdentity } from '../../src/api/identity';
import { getStoreProfile } from '../../src/api/stores';
import { clearAppStorage } from '../../src/lib/storage';
import { createJournal } from '../../src/machines/journal/journal';
import { httpSessionFor, startSession, type SessionActor } from '../../src/machines/session/live';
import { API, DEMO, setupTestBackend } from '../mocks/support';

/**
 * Resilience (issue 9): 50 concurrent calls hitting a 401 cause exactly one token refresh. The real
 * pieces end to end: the app's http client (src/api/http.ts), the live session machine with the
 * Firebase SDK, and the mock backend's identity provider and platform handlers over msw/node.
 * tests/machines/session.test.ts proves the same of the machine alone, with fakes.
 */
const CALLS = 50;
const backend = setupTestBackend();

interface Seen {
  method: string;
  path: string;
  token: string | null;
}
const seen: Seen[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  seen.push({ method: request.method, path: `${url.origin}${url.pathname}`, token: request.headers.get('X-Access-Token') });
};

let session: SessionActor;

beforeAll(() => {
  backend.current.server.events.on('request:start', record);
  configureIdentity(TEST_CONFIG.firebase);
  session = startSession({ journal: createJournal(), notify: () => undefined });
  configureHttp({ baseURL: API, session: httpSessionFor(session) });
});

afterAll(() => {
  backend.current.server.events.removeListener('request:start', record);
  session.stop();
  clearAppStorage();
});

const count = (method: string, path: string) => seen.filter((s) => s.method === method && s.path === path).length;
const PLATFORM_SIGN_IN = `${API}/stores/signin`;
const ID_TOKEN_REFRESH = 'https://securetoken.googleapis.com/v1/token';

describe('a 401 shared by concurrent calls', () => {
  it(`${CALLS} calls whose token the server refuses cause one refresh, and each is retried once with the new token`, async () => {
    await waitFor(session, (s) => s.matches('signedOut'));
    session.send({ type: 'session.signIn', email: DEMO.email, password: DEMO.password });
    const signedIn = await waitFor(session, (s) => s.matches({ signedIn: 'fresh' }), { timeout: 10_000 });
    const oldToken = signedIn.context.token!;
    const storeId = signedIn.context.grant!.user.store.id;
    expect(count('POST', PLATFORM_SIGN_IN)).toBe(1);

    // The platform closes the session (as when it expires server-side): its token now gets 401.
    backend.current.db.sessions.delete((q) => q.where({ token: oldToken }));
    seen.length = 0;

    const profiles = await Promise.all(Array.from({ length: CALLS }, () => getStoreProfile(storeId)));

    // Every call answered with the store's profile.
    expect(profiles).toHaveLength(CALLS);
    expect(new Set(profiles.map((p) => p.id))).toEqual(new Set([storeId]));
    // Exactly one refresh: one new ID token from the identity provider, one platform exchange.
    expect(count('POST', ID_TOKEN_REFRESH)).toBe(1);
    expect(count('POST', PLATFORM_SIGN_IN)).toBe(1);
    const newToken = session.getSnapshot().context.token!;
    expect(newToken).not.toBe(oldToken);
    expect(session.getSnapshot().matches({ signedIn: 'fresh' })).toBe(true);
    // Each call went out twice: once refused with the old token, once retried with the new one.
    const profileCalls = seen.filter((s) => s.method === 'GET' && s.path === `${API}/stores/profile/${storeId}`);
    expect(profileCalls.filter((s) => s.token === oldToken)).toHaveLength(CALLS);
    expect(profileCalls.filter((s) => s.token === newToken)).toHaveLength(CALLS);
    expect(profileCalls).toHaveLength(2 * CALLS);
  });
});
