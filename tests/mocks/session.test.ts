import { describe, expect, it } from 'vitest';
import { LoginResponseSchema, SessionGrantSchema } from '../../src/api/session';
import { encodeUnsignedJwt } from '../../mocks/jwt';
import { API, DEMO, identitySignIn, idTokenFor, postJson, secureTokenUrl, sessionToken, storeCall, setupTestBackend } from './support';

const backend = setupTestBackend();

describe('POST /stores/signin', () => {
  it('exchanges the demo ID token for a session token and the user', async () => {
    const response = await postJson(`${API}/stores/signin`, { idToken: await idTokenFor() });
    expect(response.status).toBe(200);
    const grant = SessionGrantSchema.parse(await response.json());
    expect(grant.user.operator).toMatchObject({ email: DEMO.email, role: 'STORE_ADMIN', rolesList: { roles: ['STORE_ADMIN'] }, currentAccount: 101, preferences: { language: 'en' } });
    expect(grant.user.store).toMatchObject({ id: 101, name: 'Forn de la Llotja' });
    expect(grant.user.store.avatar).toMatch(/^data:image\/svg\+xml/);
    // The server holds the session it handed out, and never leaks what only it knows.
    expect(backend.current.db.sessions.findFirst((q) => q.where({ token: grant.token }))).toBeDefined();
    expect(JSON.stringify(grant)).not.toMatch(/password|demo1234|uid/);
  });

  it('opens a session that lasts the scenario’s token TTL (60 minutes by default)', async () => {
    const token = await sessionToken();
    const session = backend.current.db.sessions.findFirst((q) => q.where({ token }))!;
    expect(session.expiresAt - session.createdAt).toBe(60 * 60 * 1000);
  });

  it('answers 400 with a readable message for a body without idToken', async () => {
    const response = await postJson(`${API}/stores/signin`, { token: 'x' });
    expect(response.status).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message).toMatch(/^idToken: /);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await fetch(`${API}/stores/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' });
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toEqual({ message: 'The request body is not valid JSON' });
  });

  it('refuses an undecodable, expired, foreign or unknown-user ID token with 401', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const operator = backend.current.db.operators.findFirst((q) => q.where({ email: DEMO.email }))!;
    const claims = { iss: 'https://securetoken.google.com/console-mock', aud: 'console-mock', sub: operator.uid, email: DEMO.email, iat: nowS, exp: nowS + 3600 };
    const cases: Array<[string, RegExp]> = [
      ['garbage', /cannot be decoded/],
      [encodeUnsignedJwt({ ...claims, iat: nowS - 7200, exp: nowS - 3600 }), /expired/],
      [encodeUnsignedJwt({ ...claims, aud: 'another-project', iss: 'https://securetoken.google.com/another-project' }), /another project/],
      [encodeUnsignedJwt({ ...claims, email: 'ghost@store.test' }), /unknown user/],
    ];
    for (const [idToken, message] of cases) {
      const response = await postJson(`${API}/stores/signin`, { idToken });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
  });
});

describe('POST users/login', () => {
  it('answers the user at data.data and the token at data.token', async () => {
    const response = await postJson(`${API}/users/login`, { idToken: await idTokenFor() });
    expect(response.status).toBe(200);
    const body = LoginResponseSchema.parse(await response.json());
    expect(body.data.data.operator.email).toBe(DEMO.email);
    const home = await storeCall('/stores/home', body.data.token);
    expect(home.status).toBe(200);
  });
});

describe('store calls need a live session', () => {
  it('answers 401 { message } without a token, with a made-up token and after logout', async () => {
    const none = await storeCall('/stores/home', undefined);
    expect(none.status).toBe(401);
    await expect(none.json()).resolves.toEqual({ message: 'Missing X-Access-Token' });

    const madeUp = await storeCall('/stores/home', 'not-a-session');
    expect(madeUp.status).toBe(401);

    const token = await sessionToken();
    expect((await storeCall('/stores/home', token)).status).toBe(200);
    const logout = await storeCall('/stores/logout', token, { method: 'POST' });
    expect(logout.status).toBe(200);
    await expect(logout.json()).resolves.toEqual({ ok: true });
    expect(backend.current.db.sessions.findFirst((q) => q.where({ token }))).toBeUndefined();
    expect((await storeCall('/stores/home', token)).status).toBe(401);
  });

  it('answers 401 once the session has expired, and forgets it', async () => {
    const token = await sessionToken();
    await backend.current.db.sessions.update((q) => q.where({ token }), {
      data(session) {
        session.expiresAt = Date.now() - 1;
      },
    });
    const response = await storeCall('/stores/home', token);
    expect(response.status).toBe(401);
    await expect(response.json()).resolves.toEqual({ message: 'The session has expired' });
    expect(backend.current.db.sessions.findFirst((q) => q.where({ token }))).toBeUndefined();
  });

  it('keeps other sessions of the same operator when one logs out', async () => {
    const [first, second] = [await sessionToken(), await sessionToken()];
    await storeCall('/stores/logout', first, { method: 'POST' });
    expect((await storeCall('/stores/home', second)).status).toBe(200);
  });
});

const refresh = (refreshToken: string) =>
  fetch(secureTokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
const signedIn = async () => (await (await identitySignIn(DEMO.email, DEMO.password)).json()) as { idToken: string; refreshToken: string };

describe('POST /stores/logout revokes the sign-in behind the session (issue #23)', () => {
  it('revokes its refresh token: securetoken answers TOKEN_EXPIRED as Firebase does, and its ID token opens no new session', async () => {
    // The same operator signed in on another device an hour ago.
    const other = await signedIn();
    await backend.current.db.refreshTokens.update((q) => q.where({ token: other.refreshToken }), {
      data(record) {
        record.issuedAt -= 60 * 60 * 1000;
      },
    });
    const { idToken, refreshToken } = await signedIn();
    const refreshed = await refresh(refreshToken);
    expect(refreshed.status).toBe(200);
    // A session opened with a refreshed ID token belongs to the same sign-in.
    const { id_token: refreshedIdToken } = (await refreshed.json()) as { id_token: string };
    const grant = SessionGrantSchema.parse(await (await postJson(`${API}/stores/signin`, { idToken: refreshedIdToken })).json());

    expect((await storeCall('/stores/logout', grant.token, { method: 'POST' })).status).toBe(200);

    const revoked = await refresh(refreshToken);
    expect(revoked.status).toBe(400);
    await expect(revoked.json()).resolves.toMatchObject({ error: { code: 400, message: 'TOKEN_EXPIRED' } });
    for (const token of [idToken, refreshedIdToken]) {
      const again = await postJson(`${API}/stores/signin`, { idToken: token });
      expect(again.status).toBe(401);
      await expect(again.json()).resolves.toEqual({ message: 'The ID token was revoked: sign in again' });
    }
    // The other device keeps its sign-in.
    const otherRefreshed = await refresh(other.refreshToken);
    expect(otherRefreshed.status).toBe(200);
    const { id_token: otherIdToken } = (await otherRefreshed.json()) as { id_token: string };
    expect((await postJson(`${API}/stores/signin`, { idToken: otherIdToken })).status).toBe(200);
  });
});
