import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { TEST_CONFIG } from '../../mocks/node';
import { configureHttp } from '../../src/api/http';
import { configureIdentity, currentIdToken } from '../../src/api/identity';
import { clearAppStorage, notificationReadMarksKey } from '../../src/lib/storage';
import { createJournal } from '../../src/machines/journal/journal';
import { httpSessionFor, startSession, type SessionActor } from '../../src/machines/session/live';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { deferred } from '../support/deferred';
import { API, DEMO, setupTestBackend } from '../mocks/support';

/**
 * Sign-out when the platform has no logout call (issue 22): the spec does not show the logout
 * path, so POST /stores/logout is our reading and a platform may answer it 404 or 405. The live
 * session machine (Firebase SDK, the app's http client, web storage) against the mock backend:
 * the operator still ends signed out, with nothing the console stored left behind and no error
 * shown; the log says why.
 */
const backend = setupTestBackend();
const journal = createJournal();
const notices: SnackbarRequest[] = [];
let session: SessionActor;

beforeAll(() => {
  configureIdentity(TEST_CONFIG.firebase);
  session = startSession({ journal, notify: (message) => notices.push(message) });
  configureHttp({ baseURL: API, session: httpSessionFor(session) });
});

afterEach(() => vi.restoreAllMocks());

afterAll(() => {
  session.stop();
  clearAppStorage();
});

/** Every key the console wrote to web storage. */
const consoleKeys = () => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => key.startsWith('console.')).sort();

describe('sign-out on a platform without the logout call', () => {
  it.each([404, 405])('POST /stores/logout answers %i: signed out locally all the same, nothing left behind, no error shown', async (status) => {
    const restart = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await waitFor(session, (s) => s.matches('signedOut'), { timeout: 10_000 });
    session.send({ type: 'session.signIn', email: DEMO.email, password: DEMO.password });
    await waitFor(session, (s) => s.matches({ signedIn: 'fresh' }), { timeout: 10_000 });
    // What a signed-in console keeps: the session, the operator and their notification read marks.
    localStorage.setItem(notificationReadMarksKey(DEMO.email), JSON.stringify({ 1: [1, 2] }));
    expect(consoleKeys()).toEqual(expect.arrayContaining(['console.session', 'console.user', `console.notifications-read.${DEMO.email}`]));
    notices.length = 0;

    backend.current.devkit.fail('POST /stores/logout', status);
    session.send({ type: 'session.signOut' });
    await waitFor(session, (s) => s.matches('signedOut'), { timeout: 10_000 });

    expect(journal.events().at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'user' });
    expect(journal.state().session.user).toBeNull();
    expect(consoleKeys()).toEqual([]);
    expect(restart).toHaveBeenCalledWith('/auth/login');
    expect(notices).toEqual([]);
    expect(info).toHaveBeenCalledWith('The platform has no logout call; signed out locally.', expect.objectContaining({ kind: 'http', status }));
    expect(info).not.toHaveBeenCalledWith('Logout call failed; signed out locally.', expect.anything());
  });

  it('any other failure of the logout call is still only logged as a failure (spec section 8), and signs out', async () => {
    const restart = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await waitFor(session, (s) => s.matches('signedOut'), { timeout: 10_000 });
    session.send({ type: 'session.signIn', email: DEMO.email, password: DEMO.password });
    await waitFor(session, (s) => s.matches({ signedIn: 'fresh' }), { timeout: 10_000 });
    notices.length = 0;

    backend.current.devkit.fail('POST /stores/logout', 500);
    session.send({ type: 'session.signOut' });
    await waitFor(session, (s) => s.matches('signedOut'), { timeout: 10_000 });
    expect(consoleKeys()).toEqual([]);
    expect(restart).toHaveBeenCalledWith('/auth/login');
    expect(notices).toEqual([]);
    expect(info).toHaveBeenCalledWith('Logout call failed; signed out locally.', expect.objectContaining({ kind: 'http', status: 500 }));
  });
});

describe('sign-out with a slow logout call (issue 23, point 16)', () => {
  it('ends the session here before the platform answers: nothing stored, so a reload cannot sign the operator back in', async () => {
    vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    await waitFor(session, (s) => s.matches('signedOut'), { timeout: 10_000 });
    session.send({ type: 'session.signIn', email: DEMO.email, password: DEMO.password });
    await waitFor(session, (s) => s.matches({ signedIn: 'fresh' }), { timeout: 10_000 });
    expect(await currentIdToken()).toBeTruthy();

    // The platform's answer is held back until the end of the test; the call itself arrives with the token.
    const answer = deferred<void>();
    const arrived = deferred<string | null>();
    backend.current.server.use(
      http.post(`${API}/stores/logout`, async ({ request }) => {
        arrived.resolve(request.headers.get('X-Access-Token'));
        await answer.promise;
        return HttpResponse.json({ ok: true });
      }),
    );
    const token = session.getSnapshot().context.token;
    session.send({ type: 'session.signOut' });
    expect(await arrived.promise).toBe(token);

    expect(session.getSnapshot().matches('signingOut')).toBe(true);
    expect(consoleKeys()).toEqual([]);
    // Signed out of the identity provider too: a reload has nobody to resume.
    expect(await currentIdToken()).toBeUndefined();
    expect(journal.state().session.user).toBeNull();

    answer.resolve();
    await waitFor(session, (s) => s.matches('signedOut'), { timeout: 10_000 });
    backend.current.server.resetHandlers();
  });
});
