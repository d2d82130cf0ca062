import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { ApiError, isCallMissing } from '../../api/errors';
import type { HttpSession } from '../../api/http';
import { currentIdToken, IDENTITY_SDK_DATABASES, IdentityError, prefetchIdentitySdk, signInWithPassword, signOutOfProvider } from '../../api/identity';
import type { SessionGrant } from '../../api/session';
import { now } from '../../lib/clock';
import { clearAppStorage, readJson, remove, storageKeys, writeJson } from '../../lib/storage';
import type { Journal } from '../journal/journal';
import type { SnackbarRequest } from '../snackbar/machine';
import { isStaleAt, sessionMachine } from './machine';
import { SIGN_IN_ERROR_AUTO_HIDE_MS } from '../../lib/constants';
import { afterFirstMove } from '../../lib/first-move';
import { afterFirstContentfulPaint } from '../../lib/first-paint';

/**
 * The session machine with its real effects: Firebase for the identity provider, the platform's
 * session calls, web storage (token in sessionStorage, user in localStorage) and the journal.
 */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** The session calls and the stored session's check, with zod: fetched when first needed, not with the sign-in page (decision 015). */
const sessionCalls = () => import('./session-calls');

/**
 * A reload of a remembered operator's page needs the session's calls at once (restoring, then
 * announcing the operator, decision 021): the entry point fetches them beside the console's code.
 */
export function prefetchSessionCalls(): void {
  sessionCalls().catch(() => {});
}

function storeSession(grant: SessionGrant, startedAt: number): void {
  writeJson('session', storageKeys.session, { token: grant.token, startedAt });
  writeJson('local', storageKeys.user, grant.user);
}

export interface LiveSessionDeps {
  journal: Journal;
  notify: (message: SnackbarRequest) => void;
  /**
   * The remembered operator's console code (shell and page, fetched at boot by the entry point):
   * the resume waits for it, and for its paint, before it brings in its own downloads.
   */
  consoleReady?: Promise<unknown>;
}

export function createLiveSessionMachine({ journal, notify, consoleReady }: LiveSessionDeps) {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        // No session token in this tab (a first visit, a new tab): nothing to check, so the
        // session calls (and zod) are not fetched for it; the sign-in page stays lighter.
        if (readJson('session', storageKeys.session) === undefined) return null;
        return (await sessionCalls()).readStoredSession();
      }),
      resumeWithProvider: fromPromise(async () => {
        // Only an operator who signed in before (user stored) is resumed; this avoids a provider
        // round-trip for every anonymous visit to the sign-in page.
        if (readJson('local', storageKeys.user) === undefined) return null;
        const calls = await sessionCalls();
        // Their console shows meanwhile (decision 021): the shell and the page render with the
        // operator this browser remembers, and their calls wait for the session (httpSessionFor).
        const remembered = calls.readRememberedUser();
        if (remembered) {
          journal.append({ type: 'session.resuming', at: now(), user: remembered });
          // Let the console arrive and paint before the resume's downloads (the identity SDK, in
          // mock mode the backend's kit) take the network and the main thread: on a slow phone the
          // operator sees it sooner.
          await consoleReady?.catch(() => undefined);
          await afterFirstContentfulPaint();
        }
        const notResumed = () => {
          if (remembered) journal.append({ type: 'session.notResumed', at: now() });
        };
        try {
          const idToken = await currentIdToken();
          if (!idToken) {
            remove('local', storageKeys.user);
            notResumed();
            return null;
          }
          return await calls.loginWithIdToken(idToken);
        } catch (error) {
          notResumed();
          throw error;
        }
      }),
      signIn: fromPromise(async ({ input }: { input: { email: string; password: string } }) => {
        const [idToken, { exchangeIdToken }] = await Promise.all([signInWithPassword(input.email, input.password), sessionCalls()]);
        try {
          return await exchangeIdToken(idToken);
        } catch (error) {
          // The spec's "login exchange failure": the server refused the ID token. An answer the
          // console cannot read is a contract problem, not a network one: it says so.
          const reason = !(error instanceof ApiError) ? 'unavailable' : error.kind === 'http' ? 'credentials' : error.kind === 'unexpected-response' ? 'unreadable' : 'unavailable';
          if (reason === 'unreadable') console.warn(`Sign-in: ${error instanceof Error ? error.message : 'unreadable answer'}`);
          throw new IdentityError(reason, error instanceof Error ? error.message : 'exchange failed');
        }
      }),
      verifySession: fromPromise(async () => {
        // Asked for by a role-restricted page (or a role switch) after a reload: the platform says
        // who the operator is and which roles they hold. Ordinary pages never wait for it, and the
        // identity SDK it needs is fetched only then (decision 021's fast path stays).
        const idToken = await currentIdToken();
        if (!idToken) throw new Error('The identity provider no longer knows the user');
        return (await sessionCalls()).exchangeIdToken(idToken);
      }),
      refreshSession: fromPromise(async () => {
        const idToken = await currentIdToken(true);
        if (!idToken) throw new Error('The identity provider no longer knows the user');
        return (await sessionCalls()).exchangeIdToken(idToken);
      }),
      signOut: fromPromise(async ({ input }: { input: { token: string | null } }) => {
        // The session already ended here (recordSignedOut): the provider forgets the operator next,
        // a local step, so a reload during a slow logout call has nobody to resume.
        try {
          await signOutOfProvider();
        } finally {
          if (input.token !== null) await logoutFromPlatform(input.token);
        }
      }),
    },
    actions: {
      recordSignedIn: (_, { grant, startedAt, via }) => {
        storeSession(grant, startedAt);
        journal.append({ type: 'session.signedIn', at: now(), user: grant.user, via });
      },
      recordVerified: (_, { grant, startedAt }) => {
        // The platform's user replaces the stored copy (and the projections' remembered one).
        storeSession(grant, startedAt);
        journal.append({ type: 'session.signedIn', at: now(), user: grant.user, via: 'provider' });
      },
      recordRefreshed: (_, { grant, startedAt }) => {
        storeSession(grant, startedAt);
        journal.append({ type: 'session.refreshed', at: now() });
      },
      recordSignInFailed: (_, { email, reason }) => {
        journal.append({ type: 'session.signInFailed', at: now(), email, reason });
      },
      notifySignInFailed: (_, { reason }) => {
        const key = reason === 'credentials' ? 'auth.signIn.invalid' : reason === 'unreadable' ? 'auth.signIn.unreadable' : 'auth.signIn.unavailable';
        notify({ key, severity: 'error', autoHideMs: SIGN_IN_ERROR_AUTO_HIDE_MS });
      },
      recordRoleSwitched: (_, { role }) => {
        // The stored operator is the console's own writing (checked when a session is restored).
        const user = readJson('local', storageKeys.user) as SessionGrant['user'] | undefined;
        if (user?.operator) writeJson('local', storageKeys.user, { ...user, operator: { ...user.operator, role } });
        journal.append({ type: 'session.roleSwitched', at: now(), role });
      },
      recordSignedOut: (_, { reason }) => {
        clearAppStorage();
        forgetIdentitySdkDatabases();
        journal.append({ type: 'session.signedOut', at: now(), reason });
      },
      restartAtSignIn: () => window.location.replace('/auth/login'),
      notifySessionExpired: () => notify({ key: 'session.expired', severity: 'warning' }),
      // Not on a page only being looked at: once the operator starts filling in the form.
      prepareSignIn: () =>
        afterFirstMove(() => {
          prefetchIdentitySdk();
          // A failed prefetch costs nothing: signing in imports again and reports its own failure.
          sessionCalls().catch(() => {});
        }),
      logSignOutFailure: (_, { error }) => console.info('Logout call failed; signed out locally.', describe(error)),
      logResumeFailure: (_, { error }) => console.info('Could not resume the session with the identity provider.', describe(error)),
    },
  });
}

/** The platform's logout call with the token the ended session had; a platform without the call is no failure. */
async function logoutFromPlatform(token: string): Promise<void> {
  try {
    await (await sessionCalls()).logout(token);
  } catch (error) {
    // The spec does not show the logout path (POST /stores/logout is our reading): a platform
    // without it answers 404 or 405, which is no failure; signing out is local either way.
    if (!isCallMissing(error)) throw error;
    console.info('The platform has no logout call; signed out locally.', describe(error));
  }
}

/**
 * The Firebase SDK keeps a heartbeat record in IndexedDB. Deleting it is queued now and completes
 * once the SDK's open connection closes (the restart on sign-out, or closing the tab).
 */
function forgetIdentitySdkDatabases(): void {
  if (typeof indexedDB === 'undefined') return;
  for (const name of IDENTITY_SDK_DATABASES) indexedDB.deleteDatabase(name);
}

function describe(error: unknown): unknown {
  return error instanceof ApiError ? error.toJSON() : error instanceof Error ? error.message : error;
}

/**
 * Plugs the session into the http client: every store call asks for a token (refreshing a stale
 * session first; concurrent callers wait for the same refresh), and a 401 triggers one refresh.
 */
const sessionEnded = () => new ApiError({ kind: 'http', status: 401, operation: 'session', message: 'The session has ended' });

export function httpSessionFor(session: SessionActor): HttpSession {
  return {
    async accessToken() {
      const snapshot = session.getSnapshot();
      // Signing out: the session has ended here, so no call carries its token any more.
      if (snapshot.matches('signingOut')) return undefined;
      if (snapshot.matches('restoring') || snapshot.matches('resuming')) {
        // Only a remembered operator's console calls before the session is back (decision 021):
        // the call waits for it, and is not made at all if the session does not come back.
        const settled = await waitFor(session, (s) => !s.matches('restoring') && !s.matches('resuming'));
        if (!settled.matches('signedIn')) throw sessionEnded();
        return settled.context.token ?? undefined;
      }
      if (!snapshot.matches('signedIn')) return undefined;
      // A restored session being verified: its token stays good meanwhile (ordinary calls do not wait).
      const usable = snapshot.matches({ signedIn: 'fresh' }) || snapshot.matches({ signedIn: 'verifying' });
      if (usable && !isStaleAt(snapshot.context.startedAt, now())) return snapshot.context.token ?? undefined;
      session.send({ type: 'session.tokenNeeded' });
      const settled = await waitFor(session, (s) => s.matches({ signedIn: 'fresh' }) || !s.matches('signedIn'));
      if (!settled.matches('signedIn')) throw sessionEnded();
      return settled.context.token ?? undefined;
    },
    async tokenRejected(token) {
      session.send({ type: 'session.tokenRejected', token });
      const settled = await waitFor(
        session,
        // Settled once a token other than the refused one is in place (this refresh's, or one a
        // concurrent caller's refresh already brought), or the session is gone.
        (s) => (s.matches('signedIn') && !s.matches({ signedIn: 'refreshing' }) && s.context.token !== token) || !s.matches('signedIn'),
      );
      if (!settled.matches('signedIn') || !settled.context.token) throw sessionEnded();
      return settled.context.token;
    },
    sessionExpired() {
      session.send({ type: 'session.expired' });
    },
  };
}

export function startSession(deps: LiveSessionDeps): SessionActor {
  return createActor(createLiveSessionMachine(deps)).start();
}
