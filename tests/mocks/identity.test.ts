import { describe, expect, it } from 'vitest';
import { decodeUnsignedJwt } from '../../mocks/jwt';
import { DEMO, identitySignIn, identityUrl, postJson, secureTokenUrl, setupTestBackend } from './support';

const backend = setupTestBackend();

describe('identity provider (Firebase Auth REST)', () => {
  it('signs the demo operator in with an ID token the SDK can read', async () => {
    const response = await identitySignIn(DEMO.email, DEMO.password);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, string>;
    expect(body).toMatchObject({ email: DEMO.email, registered: true, expiresIn: '3600' });
    expect(body.refreshToken).toMatch(/^[0-9a-f]{64}$/);

    const claims = decodeUnsignedJwt(body.idToken)!;
    const operator = backend.current.db.operators.findFirst((q) => q.where({ email: DEMO.email }))!;
    expect(claims).toMatchObject({
      iss: 'https://securetoken.google.com/console-mock',
      aud: 'console-mock',
      user_id: operator.uid,
      sub: operator.uid,
      email: DEMO.email,
      email_verified: true,
      firebase: { identities: { email: [DEMO.email] }, sign_in_provider: 'password' },
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(body.localId).toBe(operator.uid);
  });

  it('refuses a wrong password and an unknown e-mail with the same 400 INVALID_LOGIN_CREDENTIALS', async () => {
    for (const [email, password] of [
      [DEMO.email, 'wrong-password'],
      ['nobody@store.test', DEMO.password],
    ]) {
      const response = await identitySignIn(email, password);
      expect(response.status).toBe(400);
      await expect(response.json()).resolves.toEqual({
        error: {
          code: 400,
          message: 'INVALID_LOGIN_CREDENTIALS',
          errors: [{ message: 'INVALID_LOGIN_CREDENTIALS', domain: 'global', reason: 'invalid' }],
        },
      });
    }
  });

  it('matches the e-mail case-insensitively, like Firebase', async () => {
    const response = await identitySignIn('Demo@Store.TEST', DEMO.password);
    expect(response.status).toBe(200);
  });

  it('describes the account behind an ID token (accounts:lookup → users[0])', async () => {
    const { idToken } = (await (await identitySignIn(DEMO.email, DEMO.password)).json()) as { idToken: string };
    const response = await postJson(identityUrl('lookup'), { idToken });
    expect(response.status).toBe(200);
    const { users } = (await response.json()) as { users: Array<Record<string, unknown>> };
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: DEMO.email, emailVerified: true, providerUserInfo: [{ providerId: 'password', email: DEMO.email }] });
    expect(Number(users[0].lastLoginAt)).toBeGreaterThan(Number(users[0].createdAt));

    const bad = await postJson(identityUrl('lookup'), { idToken: 'not-a-jwt' });
    expect(bad.status).toBe(400);
    await expect(bad.json()).resolves.toMatchObject({ error: { message: 'INVALID_ID_TOKEN' } });
  });

  it('refreshes an ID token with a form-encoded refresh token', async () => {
    const { refreshToken, localId } = (await (await identitySignIn(DEMO.email, DEMO.password)).json()) as Record<string, string>;
    const response = await fetch(secureTokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${refreshToken}`,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, string>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: '3600', refresh_token: refreshToken, user_id: localId, project_id: 'console-mock' });
    expect(body.id_token).toBe(body.access_token);
    expect(decodeUnsignedJwt(body.id_token)).toMatchObject({ email: DEMO.email });

    const unknown = await fetch(secureTokenUrl, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'nope' }) });
    expect(unknown.status).toBe(400);
    await expect(unknown.json()).resolves.toMatchObject({ error: { message: 'INVALID_REFRESH_TOKEN' } });
  });

  it('accepts a password-reset request for any well-formed address', async () => {
    const response = await postJson(identityUrl('sendOobCode'), { requestType: 'PASSWORD_RESET', email: 'someone@store.test' });
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toMatchObject({ email: 'someone@store.test' });
    const invalid = await postJson(identityUrl('sendOobCode'), { requestType: 'PASSWORD_RESET', email: 'not an address' });
    expect(invalid.status).toBe(400);
  });

  it('needs the API key like the real endpoint', async () => {
    const response = await postJson('https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', { email: DEMO.email, password: DEMO.password });
    expect(response.status).toBe(400);
  });
});

describe('the real Firebase Auth SDK against the mock', () => {
  it('signs in, reads the user from accounts:lookup and refuses a wrong password', async () => {
    // Imported after server.listen() (beforeAll): the SDK captures fetch when it loads.
    const { initializeApp, deleteApp } = await import('firebase/app');
    const { initializeAuth, inMemoryPersistence, signInWithEmailAndPassword } = await import('firebase/auth');
    const app = initializeApp({ apiKey: 'mock-api-key', authDomain: 'console-mock.firebaseapp.com', projectId: 'console-mock', appId: '1:000000000000:web:mock' }, 'mock-test');
    try {
      const auth = initializeAuth(app, { persistence: inMemoryPersistence });
      const credential = await signInWithEmailAndPassword(auth, DEMO.email, DEMO.password);
      expect(credential.user.email).toBe(DEMO.email);
      expect(credential.user.emailVerified).toBe(true);
      const idToken = await credential.user.getIdToken();
      expect(decodeUnsignedJwt(idToken)).toMatchObject({ email: DEMO.email });
      const refreshed = await credential.user.getIdToken(true);
      expect(decodeUnsignedJwt(refreshed)).toMatchObject({ email: DEMO.email });

      await expect(signInWithEmailAndPassword(auth, DEMO.email, 'wrong')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
    } finally {
      await deleteApp(app);
    }
  });
});
