import { assign, setup } from 'xstate';
import type { SignInFailureReason } from '../../api/identity';
import type { SessionGrant } from '../../api/session';
import { SESSION_STALE_AFTER_MS } from '../../lib/constants';
import { now } from '../../lib/clock';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The operator's session: from boot (restoring a stored session or one the identity provider
 * remembers) through sign-in, the 3-minute freshness window and its refresh, to sign-out.
 * Effects are injected actors; journal entries, storage and snackbars are named actions.
 */
export interface StoredSession {
  grant: SessionGrant;
  startedAt: number;
}

export type SignInFailure = { reason: SignInFailureReason; email: string };

export interface SessionContext {
  token: string | null;
  startedAt: number | null;
  grant: SessionGrant | null;
  /** Set while signing out, so the sign-out can say why (expired vs. chosen). */
  signOutReason: 'user' | 'expired' | null;
  /** The e-mail of the sign-in under way, for the guest record if it fails. */
  signInEmail: string | null;
  /** While signing out: the token the session had, for the logout call alone (no other call gets it). */
  logoutToken: string | null;
  /**
   * The roles the platform granted in its last answer (sign-in, resume, refresh, verification).
   * null for a session restored from storage: its stored user is a cache the operator can edit, so
   * no role of it unlocks anything until the platform has answered (session.verify).
   */
  serverRoles: string[] | null;
  /** A role switch asked for before the platform answered: applied if its roles list holds it. */
  pendingRole: string | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; email: string; password: string }
  | { type: 'session.signOut' }
  /** A call needs a token; in a stale session this starts the (single, shared) refresh. */
  | { type: 'session.tokenNeeded' }
  /** The server refused `token` with a 401. Refreshes once unless a newer token already exists. */
  | { type: 'session.tokenRejected'; token: string }
  /** The refreshed token was refused too: the session is over. */
  | { type: 'session.expired' }
  | { type: 'session.switchRole'; role: string }
  /** A page that needs the role the platform grants (a role-restricted route) asks for it. */
  | { type: 'session.verify' };

/**
 * The platform's answer, acting in the role the operator chose if the platform grants it (a switch
 * made before, or asked for while it answered), otherwise in the role the platform gives.
 */
export function withGrantedRole(answer: SessionGrant, ...wanted: Array<string | null | undefined>): SessionGrant {
  const granted = answer.user.operator.rolesList.roles;
  const role = wanted.find((candidate): candidate is string => !!candidate && granted.includes(candidate)) ?? answer.user.operator.role;
  return role === answer.user.operator.role ? answer : { ...answer, user: { ...answer.user, operator: { ...answer.user.operator, role } } };
}

const serverRolesOf = (answer: SessionGrant) => answer.user.operator.rolesList.roles;

export const isStaleAt = (startedAt: number | null, at: number) =>
  startedAt !== null && at - startedAt > SESSION_STALE_AFTER_MS;

const recordSignedOut = {
  type: 'recordSignedOut',
  params: ({ context }: { context: SessionContext }) => ({ reason: context.signOutReason ?? 'user' }),
} as const;
const logSignOutFailure = {
  type: 'logSignOutFailure',
  params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Reads the stored session (token in sessionStorage, user in localStorage). */
    restoreSession: promiseNotProvided<StoredSession | null, void>('restoreSession'),
    /** The provider still knows the user but this tab has no session: POST users/login. */
    resumeWithProvider: promiseNotProvided<SessionGrant | null, void>('resumeWithProvider'),
    /** Provider sign-in with e-mail/password, then POST /stores/signin. */
    signIn: promiseNotProvided<SessionGrant, { email: string; password: string }>('signIn'),
    /** A fresh provider ID token exchanged for a new session token. */
    refreshSession: promiseNotProvided<SessionGrant, void>('refreshSession'),
    /** A restored session asks the platform who the operator is: a fresh provider ID token exchanged. */
    verifySession: promiseNotProvided<SessionGrant, void>('verifySession'),
    /**
     * Tells the identity provider and the platform (the logout call, with the token the session
     * had: it is dropped here before the call starts). Failures are only logged.
     */
    signOut: promiseNotProvided<void, { token: string | null }>('signOut'),
  },
  actions: {
    /** Appends session.signedIn to the journal and stores token and user. */
    recordSignedIn: (_, _params: { grant: SessionGrant; startedAt: number; via: 'password' | 'provider' | 'restored' }) => {},
    recordRefreshed: (_, _params: { grant: SessionGrant; startedAt: number }) => {},
    /** The platform's answer replaces the stored user: journal (session.signedIn via the provider) and storage. */
    recordVerified: (_, _params: { grant: SessionGrant; startedAt: number }) => {},
    /** Appends session.signInFailed (the guest with an error flag). */
    recordSignInFailed: (_, _params: SignInFailure) => {},
    notifySignInFailed: (_, _params: SignInFailure) => {},
    recordRoleSwitched: (_, _params: { role: string }) => {},
    /** Appends session.signedOut and clears every piece of client storage the app wrote. */
    recordSignedOut: (_, _params: { reason: 'user' | 'expired' }) => {},
    notifySessionExpired: () => {},
    /** Signed out: fetch the identity SDK in the background so the next sign-in does not wait for it. */
    prepareSignIn: () => {},
    /**
     * After an operator's own sign-out the page restarts on /auth/login: nothing of the session
     * survives in memory, and storage the identity SDK keeps open (its IndexedDB) is released.
     */
    restartAtSignIn: () => {},
    logSignOutFailure: (_, _params: { error: unknown }) => {},
    logResumeFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasStoredSession: (_, params: { stored: StoredSession | null }) => params.stored !== null,
    providerResumed: (_, params: { grant: SessionGrant | null }) => params.grant !== null,
    isStale: ({ context }) => isStaleAt(context.startedAt, now()),
    isCurrentToken: ({ context }, params: { token: string }) => params.token === context.token,
    signOutWasExpiry: ({ context }) => context.signOutReason === 'expired',
    // Only a role the platform granted: never the stored (editable) copy's roles list.
    canActAsRole: ({ context }, params: { role: string }) =>
      !!context.grant && context.serverRoles !== null && context.grant.user.operator.role !== params.role && context.serverRoles.includes(params.role),
    unverified: ({ context }) => context.serverRoles === null,
  },
  delays: {
    untilStale: ({ context }) => Math.max(0, (context.startedAt ?? now()) + SESSION_STALE_AFTER_MS + 1 - now()),
  },
}).createMachine({
  id: 'session',
  context: { token: null, startedAt: null, grant: null, signOutReason: null, signInEmail: null, logoutToken: null, serverRoles: null, pendingRole: null },
  initial: 'restoring',
  states: {
    restoring: {
      description:
        'Boot: a session stored by this tab is adopted without a network call, unverified: its role unlocks no role-restricted page until the platform answers (signedIn.verifying).',
      tags: 'busy',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => ({ stored: event.output }) },
            target: 'signedIn',
            actions: [
              assign(({ event }) => ({ token: event.output!.grant.token, startedAt: event.output!.startedAt, grant: event.output!.grant, serverRoles: null })),
              { type: 'recordSignedIn', params: ({ event }) => ({ ...event.output!, via: 'restored' as const }) },
            ],
          },
          { target: 'resuming' },
        ],
        onError: { target: 'resuming' },
      },
    },
    resuming: {
      description: 'No session in this tab; if the identity provider still knows the user, POST users/login.',
      tags: 'busy',
      invoke: {
        id: 'resumeWithProvider',
        src: 'resumeWithProvider',
        onDone: [
          {
            guard: { type: 'providerResumed', params: ({ event }) => ({ grant: event.output }) },
            target: 'signedIn',
            actions: [
              assign(({ event }) => ({ token: event.output!.token, startedAt: now(), grant: event.output!, serverRoles: serverRolesOf(event.output!) })),
              { type: 'recordSignedIn', params: ({ context }) => ({ grant: context.grant!, startedAt: context.startedAt!, via: 'provider' as const }) },
            ],
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', actions: { type: 'logResumeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedOut: {
      entry: [assign({ token: null, startedAt: null, grant: null, signOutReason: null, logoutToken: null, serverRoles: null, pendingRole: null }), 'prepareSignIn'],
      on: { 'session.signIn': { target: 'signingIn', actions: assign({ signInEmail: ({ event }) => event.email }) } },
    },
    signingIn: {
      tags: 'busy',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          const { email, password } = event as Extract<SessionEvent, { type: 'session.signIn' }>;
          return { email, password };
        },
        onDone: {
          target: 'signedIn',
          actions: [
            assign(({ event }) => ({ token: event.output.token, startedAt: now(), grant: event.output, serverRoles: serverRolesOf(event.output) })),
            { type: 'recordSignedIn', params: ({ context }) => ({ grant: context.grant!, startedAt: context.startedAt!, via: 'password' as const }) },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'recordSignInFailed', params: ({ context, event }) => failure(event.error, context.signInEmail) },
            { type: 'notifySignInFailed', params: ({ context, event }) => failure(event.error, context.signInEmail) },
          ],
        },
      },
    },
    signedIn: {
      initial: 'fresh',
      on: {
        'session.signOut': { target: 'signingOut', actions: assign({ signOutReason: 'user' }) },
        'session.expired': { target: 'signingOut', actions: assign({ signOutReason: 'expired' }) },
        'session.switchRole': [
          {
            guard: { type: 'canActAsRole', params: ({ event }) => ({ role: event.role }) },
            actions: [
              assign(({ context, event }) => ({
                grant: { ...context.grant!, user: { ...context.grant!.user, operator: { ...context.grant!.user.operator, role: event.role } } },
              })),
              { type: 'recordRoleSwitched', params: ({ event }) => ({ role: event.role }) },
            ],
          },
          // A restored session does not know which roles the platform grants yet: it asks first.
          { guard: 'unverified', target: '.verifying', actions: assign({ pendingRole: ({ event }) => event.role }) },
        ],
      },
      states: {
        fresh: {
          description: 'Started at most 3 minutes ago: calls use the token as it is.',
          always: { guard: 'isStale', target: 'stale' },
          after: { untilStale: 'stale' },
          on: {
            'session.verify': { guard: 'unverified', target: 'verifying' },
            'session.tokenNeeded': { guard: 'isStale', target: 'refreshing' },
            'session.tokenRejected': {
              guard: { type: 'isCurrentToken', params: ({ event }) => ({ token: event.token }) },
              target: 'refreshing',
            },
          },
        },
        stale: {
          description: 'More than 3 minutes old: the next call refreshes the token first.',
          on: {
            'session.verify': { guard: 'unverified', target: 'verifying' },
            'session.tokenNeeded': 'refreshing',
            'session.tokenRejected': {
              guard: { type: 'isCurrentToken', params: ({ event }) => ({ token: event.token }) },
              target: 'refreshing',
            },
          },
        },
        refreshing: {
          description: 'One refresh shared by every waiting call.',
          tags: 'busy',
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            onDone: {
              target: 'fresh',
              actions: [
                // The platform's answer, still acting in the role the operator switched to if it grants it.
                assign(({ context, event }) => {
                  const answer = context.serverRoles === null ? event.output : withGrantedRole(event.output, context.grant?.user.operator.role);
                  return { token: answer.token, startedAt: now(), grant: answer, serverRoles: serverRolesOf(answer) };
                }),
                { type: 'recordRefreshed', params: ({ context }) => ({ grant: context.grant!, startedAt: context.startedAt! }) },
              ],
            },
            onError: { target: '#session.signingOut', actions: assign({ signOutReason: 'expired' }) },
          },
        },
        verifying: {
          description:
            'A restored session asks the platform who the operator is; its answer replaces the stored user, and a stored or asked-for role is kept only if the platform grants it.',
          tags: 'busy',
          // The verification brings a fresh token: calls needing one wait for it (no refresh here).
          on: { 'session.switchRole': { actions: assign({ pendingRole: ({ event }) => event.role }) } },
          invoke: {
            id: 'verifySession',
            src: 'verifySession',
            onDone: {
              target: 'fresh',
              actions: [
                assign(({ context, event }) => {
                  const answer = withGrantedRole(event.output, context.pendingRole, context.grant?.user.operator.role);
                  return { token: answer.token, startedAt: now(), grant: answer, serverRoles: serverRolesOf(answer), pendingRole: null };
                }),
                { type: 'recordVerified', params: ({ context }) => ({ grant: context.grant!, startedAt: context.startedAt! }) },
              ],
            },
            onError: { target: '#session.signingOut', actions: assign({ signOutReason: 'expired', pendingRole: null }) },
          },
        },
      },
    },
    signingOut: {
      description:
        'The session ends here first (journal, storage, token), then the provider and the platform are told: a slow or failed logout call never brings it back.',
      tags: 'busy',
      entry: [recordSignedOut, assign(({ context }) => ({ logoutToken: context.token, token: null, startedAt: null, grant: null }))],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ token: context.logoutToken }),
        onDone: [
          { guard: 'signOutWasExpiry', target: 'signedOut', actions: 'notifySessionExpired' },
          { target: 'signedOut', actions: 'restartAtSignIn' },
        ],
        // A failed logout call is only logged: locally the operator is signed out either way.
        onError: [
          { guard: 'signOutWasExpiry', target: 'signedOut', actions: [logSignOutFailure, 'notifySessionExpired'] },
          { target: 'signedOut', actions: [logSignOutFailure, 'restartAtSignIn'] },
        ],
      },
    },
  },
});

function failure(error: unknown, email: string | null): SignInFailure {
  const given = (error as { reason?: string } | undefined)?.reason;
  const reason: SignInFailureReason = given === 'unavailable' || given === 'unreadable' ? given : 'credentials';
  return { reason, email: email ?? '' };
}
