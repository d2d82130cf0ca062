import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionGrant } from '../../src/api/session';
import { manualClock, now, setClock } from '../../src/lib/clock';
import { GUEST_ROLE, SESSION_STALE_AFTER_MS } from '../../src/lib/constants';
import { createJournal } from '../../src/machines/journal/journal';
import { sessionMachine, type StoredSession } from '../../src/machines/session/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { grant, MONDAY_9AM, sessionUser } from '../../src/machines/path-model/fixtures';

const MINUTE = 60_000;
const signedInGrant = grant('token-1');
const refreshedGrant = grant('token-2');

interface Fakes {
  restoreSession?: () => Promise<StoredSession | null>;
  resumeWithProvider?: () => Promise<SessionGrant | null>;
  signIn?: (input: { email: string; password: string }) => Promise<SessionGrant>;
  refreshSession?: () => Promise<SessionGrant>;
  verifySession?: () => Promise<SessionGrant>;
  signOut?: (input: { token: string | null }) => Promise<void>;
}

/**
 * A session actor wired like the app wires it: record* actions append to a real journal, notify*
 * actions raise what the operator would see, log* actions write to a log. Effects not given
 * default to "nothing stored, provider knows nobody".
 */
function startSession(fakes: Fakes = {}) {
  const journal = createJournal();
  const notices: string[] = [];
  const logged: unknown[] = [];
  const refreshCalls: Array<Deferred<SessionGrant>> = [];
  const signInInputs: Array<{ email: string; password: string }> = [];
  const failures: Array<{ reason: string; email: string }> = [];

  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(() => fakes.restoreSession?.() ?? Promise.resolve(null)),
      resumeWithProvider: fromPromise(() => fakes.resumeWithProvider?.() ?? Promise.resolve(null)),
      signIn: fromPromise(({ input }: { input: { email: string; password: string } }) => {
        signInInputs.push(input);
        return fakes.signIn?.(input) ?? Promise.resolve(signedInGrant);
      }),
      refreshSession: fromPromise(() => {
        // Every invocation is a refresh request the identity provider would see.
        const call = deferred<SessionGrant>();
        refreshCalls.push(call);
        return fakes.refreshSession?.() ?? call.promise;
      }),
      verifySession: fromPromise(() => fakes.verifySession?.() ?? Promise.resolve(refreshedGrant)),
      signOut: fromPromise(({ input }: { input: { token: string | null } }) => fakes.signOut?.(input) ?? Promise.resolve()),
    },
    actions: {
      recordSignedIn: (_, params) =>
        journal.append({ type: 'session.signedIn', at: params.startedAt, user: params.grant.user, via: params.via }),
      recordRefreshed: (_, { startedAt }) => journal.append({ type: 'session.refreshed', at: startedAt }),
      recordVerified: (_, { grant: verified, startedAt }) => journal.append({ type: 'session.signedIn', at: startedAt, user: verified.user, via: 'provider' }),
      recordSignInFailed: (_, params) => {
        failures.push(params);
        journal.append({ type: 'session.signInFailed', at: now(), ...params });
      },
      notifySignInFailed: (_, { reason }) => notices.push(`sign-in failed: ${reason}`),
      recordRoleSwitched: (_, { role }) => journal.append({ type: 'session.roleSwitched', at: now(), role }),
      recordSignedOut: (_, { reason }) => journal.append({ type: 'session.signedOut', at: now(), reason }),
      notifySessionExpired: () => notices.push('session expired'),
      logSignOutFailure: (_, { error }) => logged.push(error),
      logResumeFailure: (_, { error }) => logged.push(error),
    },
  });
  const actor = createActor(machine);
  actor.start();
  return {
    actor,
    journal,
    notices,
    logged,
    refreshCalls,
    signInInputs,
    failures,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    /** Wall clock and timers move together, as they do in a tab that stays awake. */
    async passTime(ms: number) {
      clock.advance(ms);
      await vi.advanceTimersByTimeAsync(ms);
    },
  };
}

let clock: ReturnType<typeof manualClock>;
let restoreClock: () => void;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  clock = manualClock(MONDAY_9AM);
  restoreClock = setClock(clock);
});
afterEach(() => {
  restoreClock();
  vi.useRealTimers();
});

const stored = (ageMs: number): StoredSession => ({ grant: signedInGrant, startedAt: MONDAY_9AM - ageMs });

async function signedInSession(fakes: Fakes = {}) {
  const session = startSession(fakes);
  await settle();
  session.actor.send({ type: 'session.signIn', email: 'ana@store.test', password: 'pw' });
  await settle();
  expect(session.state()).toEqual({ signedIn: 'fresh' });
  return session;
}

describe('session machine: boot', () => {
  it('adopts a fresh stored session without signing in again', async () => {
    const session = startSession({ restoreSession: async () => stored(1 * MINUTE) });
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    expect(session.context()).toMatchObject({ token: 'token-1', startedAt: MONDAY_9AM - MINUTE });
    expect(session.journal.state().session).toMatchObject({ user: signedInGrant.user, signedInAt: MONDAY_9AM - MINUTE });
    expect(session.journal.events().map((e) => e.type === 'session.signedIn' && e.via)).toEqual(['restored']);
  });

  it('adopts a stored session older than 3 minutes as stale', async () => {
    const session = startSession({ restoreSession: async () => stored(3 * MINUTE + 1) });
    await settle();
    expect(session.state()).toEqual({ signedIn: 'stale' });
  });

  it('counts a stored session exactly 3 minutes old as still fresh', async () => {
    const session = startSession({ restoreSession: async () => stored(3 * MINUTE) });
    await settle();
    expect(session.state()).toEqual({ signedIn: 'fresh' });
  });

  it('with no stored session, resumes with the identity provider (users/login) and signs in', async () => {
    const providerGrant = grant('token-p', sessionUser({ email: 'luis@store.test' }));
    const session = startSession({ restoreSession: async () => null, resumeWithProvider: async () => providerGrant });
    await settle();
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    expect(session.context()).toMatchObject({ token: 'token-p', startedAt: MONDAY_9AM });
    expect(session.journal.state().session.user?.operator.email).toBe('luis@store.test');
    expect(session.journal.events()).toMatchObject([{ type: 'session.signedIn', via: 'provider', at: MONDAY_9AM }]);
  });

  it('is signed out when neither the tab nor the provider knows the operator', async () => {
    const session = startSession({ restoreSession: async () => null, resumeWithProvider: async () => null });
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.journal.events()).toEqual([]);
  });

  it('treats unreadable storage like no stored session, and logs a failed resume', async () => {
    const providerDown = new Error('provider unreachable');
    const session = startSession({
      restoreSession: () => Promise.reject(new Error('storage disabled')),
      resumeWithProvider: () => Promise.reject(providerDown),
    });
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.logged).toEqual([providerDown]);
    expect(session.notices).toEqual([]);
  });
});

describe('session machine: freshness', () => {
  it('stays fresh for exactly 3 minutes and turns stale only after that', async () => {
    const session = await signedInSession();
    await session.passTime(3 * MINUTE);
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    // A call exactly at the 3-minute mark uses the token as it is.
    session.actor.send({ type: 'session.tokenNeeded' });
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    expect(session.refreshCalls).toHaveLength(0);

    await session.passTime(1);
    expect(session.state()).toEqual({ signedIn: 'stale' });
  });

  it('refreshes on the next call when the clock passed 3 minutes but the timer did not fire (a suspended tab)', async () => {
    const session = await signedInSession();
    clock.advance(3 * MINUTE + 1);
    session.actor.send({ type: 'session.tokenNeeded' });
    expect(session.state()).toEqual({ signedIn: 'refreshing' });
    expect(session.refreshCalls).toHaveLength(1);
  });

  it('in a stale session, the next call refreshes first and the session is fresh again with the new token', async () => {
    const session = await signedInSession();
    await session.passTime(4 * MINUTE);
    expect(session.state()).toEqual({ signedIn: 'stale' });

    session.actor.send({ type: 'session.tokenNeeded' });
    expect(session.state()).toEqual({ signedIn: 'refreshing' });
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);

    session.refreshCalls[0].resolve(refreshedGrant);
    await settle();
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    expect(session.context()).toMatchObject({ token: 'token-2', startedAt: MONDAY_9AM + 4 * MINUTE });
    expect(session.journal.state().session.refreshedAt).toBe(MONDAY_9AM + 4 * MINUTE);

    // The refreshed session gets its own 3 minutes.
    await session.passTime(3 * MINUTE);
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    await session.passTime(1);
    expect(session.state()).toEqual({ signedIn: 'stale' });
  });

  it('20 calls needing a token at once share a single refresh', async () => {
    const session = await signedInSession();
    await session.passTime(4 * MINUTE);
    for (let i = 0; i < 20; i++) session.actor.send({ type: 'session.tokenNeeded' });
    expect(session.refreshCalls).toHaveLength(1);

    session.refreshCalls[0].resolve(refreshedGrant);
    await settle();
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    expect(session.refreshCalls).toHaveLength(1);
  });

  it('20 calls refused (401) with the same token share a single refresh', async () => {
    const session = await signedInSession();
    for (let i = 0; i < 20; i++) session.actor.send({ type: 'session.tokenRejected', token: 'token-1' });
    expect(session.state()).toEqual({ signedIn: 'refreshing' });
    expect(session.refreshCalls).toHaveLength(1);

    session.refreshCalls[0].resolve(refreshedGrant);
    await settle();
    // Late 401s for the old token arrive after the refresh: the new token stands.
    for (let i = 0; i < 20; i++) session.actor.send({ type: 'session.tokenRejected', token: 'token-1' });
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    expect(session.context().token).toBe('token-2');
    expect(session.refreshCalls).toHaveLength(1);
  });

  it('a 401 for a token that is not the current one does not refresh', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.tokenRejected', token: 'token-0' });
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    await session.passTime(4 * MINUTE);
    session.actor.send({ type: 'session.tokenRejected', token: 'token-0' });
    expect(session.state()).toEqual({ signedIn: 'stale' });
    expect(session.refreshCalls).toHaveLength(0);
  });
});

describe('session machine: signing out', () => {
  it('a failed refresh signs the operator out and says the session expired', async () => {
    const logout = deferred<void>();
    const session = await signedInSession({ signOut: () => logout.promise });
    session.actor.send({ type: 'session.tokenRejected', token: 'token-1' });
    session.refreshCalls[0].reject(new Error('provider refused'));
    await settle();
    expect(session.state()).toBe('signingOut');
    expect(session.notices).toEqual([]);

    logout.resolve();
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.context()).toMatchObject({ token: null, grant: null, startedAt: null, signOutReason: null });
    expect(session.notices).toEqual(['session expired']);
    expect(session.journal.events().at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'expired' });
    expect(session.journal.state().session.user).toBeNull();
  });

  it('a sign-out ends the session here before the logout call answers: journal told, token dropped, the call given the token', async () => {
    const logoutInputs: Array<{ token: string | null }> = [];
    const session = await signedInSession({
      signOut: (input) => {
        logoutInputs.push(input);
        return new Promise<void>(() => {});
      },
    });
    session.actor.send({ type: 'session.signOut' });
    await settle();
    expect(session.state()).toBe('signingOut');
    expect(session.journal.events().at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'user' });
    expect(session.journal.state().session.user).toBeNull();
    expect(session.context()).toMatchObject({ token: null, grant: null });
    expect(logoutInputs).toEqual([{ token: 'token-1' }]);
  });

  it('session.expired (the refreshed token was refused too) signs out with the expired notice', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.expired' });
    expect(session.state()).toBe('signingOut');
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.notices).toEqual(['session expired']);
    expect(session.journal.events().at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'expired' });
  });

  it('a chosen sign-out ends signed out without the expired notice', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.signOut' });
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.notices).toEqual([]);
    expect(session.journal.events().at(-1)).toMatchObject({ type: 'session.signedOut', reason: 'user' });
  });

  it('a failed logout call is only logged: the operator still ends signed out', async () => {
    const logoutDown = new Error('logout failed');
    const session = await signedInSession({ signOut: () => Promise.reject(logoutDown) });
    session.actor.send({ type: 'session.signOut' });
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.logged).toEqual([logoutDown]);
    expect(session.notices).toEqual([]);
    expect(session.journal.state().session.user).toBeNull();
  });

  it('a failed logout after expiry still says the session expired', async () => {
    const session = await signedInSession({ signOut: () => Promise.reject(new Error('logout failed')) });
    session.actor.send({ type: 'session.expired' });
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.notices).toEqual(['session expired']);
    expect(session.logged).toHaveLength(1);
  });

  it('signing out during a refresh abandons the refresh', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.tokenRejected', token: 'token-1' });
    session.actor.send({ type: 'session.signOut' });
    await settle();
    session.refreshCalls[0].resolve(refreshedGrant);
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.context().token).toBeNull();
  });
});

describe('session machine: signing in', () => {
  it('signs in with e-mail and password and starts a fresh session', async () => {
    const session = await signedInSession();
    expect(session.signInInputs).toEqual([{ email: 'ana@store.test', password: 'pw' }]);
    expect(session.context()).toMatchObject({ token: 'token-1', startedAt: MONDAY_9AM, grant: signedInGrant });
    expect(session.journal.events()).toMatchObject([{ type: 'session.signedIn', via: 'password' }]);
  });

  it.each([
    ['credentials', { reason: 'credentials' }],
    ['unavailable', { reason: 'unavailable' }],
    ['credentials', new Error('anything else')],
  ] as const)('a failed sign-in leaves a guest with an error flag (%s)', async (reason, error) => {
    const session = startSession({ signIn: () => Promise.reject(error) });
    await settle();
    session.actor.send({ type: 'session.signIn', email: 'eva@store.test', password: 'wrong' });
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.failures).toEqual([{ reason, email: 'eva@store.test' }]);
    expect(session.notices).toEqual([`sign-in failed: ${reason}`]);
    expect(session.journal.state().session.guest).toEqual({ role: GUEST_ROLE, error: true, email: 'eva@store.test', reason });
  });

  it('a guest can try again and sign in', async () => {
    let attempt = 0;
    const session = startSession({
      signIn: () => (++attempt === 1 ? Promise.reject({ reason: 'credentials' }) : Promise.resolve(signedInGrant)),
    });
    await settle();
    session.actor.send({ type: 'session.signIn', email: 'ana@store.test', password: 'typo' });
    await settle();
    session.actor.send({ type: 'session.signIn', email: 'ana@store.test', password: 'pw' });
    await settle();
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    expect(session.journal.state().session).toMatchObject({ guest: null, user: signedInGrant.user });
  });
});

describe('session machine: roles', () => {
  it('switches to a role the operator holds', async () => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.switchRole', role: 'MANAGER' });
    expect(session.context().grant?.user.operator.role).toBe('MANAGER');
    expect(session.journal.state().session.user?.operator.role).toBe('MANAGER');
  });

  it.each([
    ['a role the operator does not hold', 'ADMIN'],
    ['the role already in use', 'OPERATOR'],
  ])('ignores a switch to %s', async (_, role) => {
    const session = await signedInSession();
    session.actor.send({ type: 'session.switchRole', role });
    expect(session.context().grant?.user.operator.role).toBe('OPERATOR');
    expect(session.journal.events().map((e) => e.type)).toEqual(['session.signedIn']);
  });

  it('cannot switch roles while signed out', async () => {
    const session = startSession();
    await settle();
    session.actor.send({ type: 'session.switchRole', role: 'MANAGER' });
    expect(session.state()).toBe('signedOut');
    expect(session.journal.events()).toEqual([]);
  });
});

/** A stored user, maybe edited by hand (acting in a role the platform never granted). */
const edited = (role: string, roles: string[]): StoredSession => ({ grant: grant('token-1', sessionUser({ role, roles })), startedAt: MONDAY_9AM - MINUTE });
const platformSays = (role: string, roles: string[]) => grant('token-v', sessionUser({ role, roles }));
const role = (session: ReturnType<typeof startSession>) => session.context().grant?.user.operator.role;

describe('session machine: the role the platform grants (issue 23)', () => {

  it('a restored session is unverified; verifying replaces the stored role with the one the platform grants', async () => {
    const session = startSession({ restoreSession: async () => edited('ADMIN', ['OPERATOR', 'ADMIN']), verifySession: async () => platformSays('OPERATOR', ['OPERATOR']) });
    await settle();
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    expect(session.context().serverRoles).toBeNull();
    session.actor.send({ type: 'session.verify' });
    expect(session.state()).toEqual({ signedIn: 'verifying' });
    await settle();
    expect(session.state()).toEqual({ signedIn: 'fresh' });
    expect(role(session)).toBe('OPERATOR');
    expect(session.context()).toMatchObject({ token: 'token-v', serverRoles: ['OPERATOR'] });
    expect(session.journal.state().session.user?.operator).toMatchObject({ role: 'OPERATOR', rolesList: { roles: ['OPERATOR'] } });
  });

  it('keeps a stored acting role the platform does grant (a role switched to before the reload)', async () => {
    const session = startSession({ restoreSession: async () => edited('MANAGER', ['OPERATOR', 'MANAGER']), verifySession: async () => platformSays('OPERATOR', ['OPERATOR', 'MANAGER']) });
    await settle();
    session.actor.send({ type: 'session.verify' });
    await settle();
    expect(role(session)).toBe('MANAGER');
    expect(session.journal.state().session.user?.operator.role).toBe('MANAGER');
  });

  it('a role switch in a restored session checks the platform\'s roles list, not the stored one', async () => {
    const session = startSession({ restoreSession: async () => edited('OPERATOR', ['OPERATOR', 'ADMIN']), verifySession: async () => platformSays('OPERATOR', ['OPERATOR']) });
    await settle();
    session.actor.send({ type: 'session.switchRole', role: 'ADMIN' });
    expect(role(session)).toBe('OPERATOR');
    expect(session.state()).toEqual({ signedIn: 'verifying' });
    await settle();
    expect(role(session)).toBe('OPERATOR');
    expect(session.journal.events().some((event) => event.type === 'session.roleSwitched')).toBe(false);
    // Verified now: a role the platform did not grant is still refused.
    session.actor.send({ type: 'session.switchRole', role: 'ADMIN' });
    expect(role(session)).toBe('OPERATOR');
  });

  it('a role switch to a role the platform grants goes through once verified', async () => {
    const session = startSession({ restoreSession: async () => edited('OPERATOR', ['OPERATOR']), verifySession: async () => platformSays('OPERATOR', ['OPERATOR', 'MANAGER']) });
    await settle();
    session.actor.send({ type: 'session.switchRole', role: 'MANAGER' });
    await settle();
    expect(role(session)).toBe('MANAGER');
    expect(session.journal.state().session.user?.operator.role).toBe('MANAGER');
  });

  it('a signed-in session holds the platform\'s roles at once', async () => {
    const session = await signedInSession();
    expect(session.context().serverRoles).toEqual(['OPERATOR', 'MANAGER']);
  });

  it('a verification the platform refuses ends the session (expired)', async () => {
    const session = startSession({ restoreSession: async () => edited('ADMIN', ['ADMIN']), verifySession: () => Promise.reject(new Error('provider forgot the user')) });
    await settle();
    session.actor.send({ type: 'session.verify' });
    await settle();
    expect(session.state()).toBe('signedOut');
    expect(session.notices).toEqual(['session expired']);
    expect(session.journal.state().session.user).toBeNull();
  });
});

it('the stale threshold the tests use is the business rule', () => {
  expect(SESSION_STALE_AFTER_MS).toBe(3 * MINUTE);
});
