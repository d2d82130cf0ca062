import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ALL_STORE_ROLES } from '../api/permissions';
import type { SessionUser } from '../api/session';
import { GUEST_ROLE } from '../lib/constants';
import { selectUser } from '../machines/journal/selectors';
import type { SessionActor } from '../machines/session';
import { useProjection, useSession } from './hooks';
import { useServices } from './services';
import { FullPageLoading } from '../ui/full-page-loading';

/**
 * Where a guard sends someone, as a pure rule (tested without React). 'verify': a role-restricted
 * page waits (loading) until the platform has said which role the operator holds.
 */
export type GuardDecision = 'allow' | 'wait' | 'verify' | 'sign-in' | 'not-allowed';

export interface AccessState {
  sessionSettling: boolean;
  /** The role the console shows (the session projection's: the stored copy until the platform answers). */
  role: string | null;
  /**
   * The role the platform granted (the session's, once it answered sign-in, resume, refresh or
   * verification); null while the session rests on a stored copy. Absent: taken as `role`.
   */
  grantedRole?: string | null;
}

/** Roles narrower than every store role: a route the platform's answer has to unlock. */
const restricts = (allowedRoles: readonly string[]) => !ALL_STORE_ROLES.every((role) => allowedRoles.includes(role));

export function decideAccess(state: AccessState, allowedRoles: readonly string[] | undefined): GuardDecision {
  if (state.sessionSettling) return 'wait';
  if (state.role === null || state.role === GUEST_ROLE) return 'sign-in';
  if (allowedRoles && !allowedRoles.includes(state.role)) return 'not-allowed';
  if (!allowedRoles || !restricts(allowedRoles)) return 'allow';
  // A role the platform did not grant never unlocks a route (a stored copy can be edited).
  const granted = state.grantedRole === undefined ? state.role : state.grantedRole;
  if (granted === null) return 'verify';
  return allowedRoles.includes(granted) ? 'allow' : 'not-allowed';
}

/**
 * While the session resumes in a new tab, the operator this browser remembers (the session
 * projection holds them from session.resuming) has their console already: the shell and the
 * page render, their calls wait for the session (decision 021). If it does not come back, the
 * projection forgets them and the guard sends the page to sign-in.
 */
function useAccessState() {
  const user = useProjection('session', selectUser);
  const resuming = useSession((s) => s.matches('resuming'));
  const sessionSettling = useSession((s) => isSessionSettling(s, user));
  const signedIn = useSession((s) => s.matches('signedIn'));
  const remembered = resuming && user !== null;
  const grantedRole = useSession((s) => (s.matches('signedIn') && s.context.serverRoles !== null ? (s.context.grant?.user.operator.role ?? null) : null));
  return { sessionSettling, role: (signedIn || remembered) && user ? user.operator.role : null, grantedRole };
}

/**
 * The session is still settling with no operator to show meanwhile (the guards' 'wait', the
 * loading screen): restoring, signing in, or resuming before the remembered operator has been
 * announced. Also main.tsx's: a remembered operator's first render waits until this is false.
 */
export function isSessionSettling(snapshot: ReturnType<SessionActor['getSnapshot']>, user: SessionUser | null): boolean {
  const settling = snapshot.matches('restoring') || snapshot.matches('resuming') || snapshot.matches('signingIn');
  return settling && !(snapshot.matches('resuming') && user !== null);
}

/** Main area: no session → /auth/login (remembering where the operator was going). */
export function RequireSession({ children }: { children: ReactNode }) {
  const access = useAccessState();
  const location = useLocation();
  const decision = decideAccess(access, undefined);
  if (decision === 'wait') return <FullPageLoading />;
  if (decision === 'sign-in') return <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/**
 * Role guard: signed out → /auth/login; signed in without an allowed role → /errors/error-401. A
 * route narrower than every store role opens only on the role the platform granted: a session
 * restored from storage shows the loading screen while it asks (session.verify).
 */
export function RequireRole({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const access = useAccessState();
  const { session } = useServices();
  const decision = decideAccess(access, roles);
  // The page asks the session for the platform's answer; the session machine makes the call.
  useEffect(() => {
    if (decision === 'verify') session.send({ type: 'session.verify' });
  }, [decision, session]);
  if (decision === 'wait' || decision === 'verify') return <FullPageLoading />;
  if (decision === 'sign-in') return <Navigate to="/auth/login" replace />;
  if (decision === 'not-allowed') return <Navigate to="/errors/error-401" replace />;
  return <>{children}</>;
}

/**
 * Public area: a signed-in operator is sent to /. The one `from` honoured is the page
 * RequireSession sent a signed-out operator away from: it rides in the sign-in page's history
 * state, and this redirect is what takes the operator back there once signed in (the sign-in
 * screen does not navigate). Only that redirect sets `from`, so opening a public page while
 * signed in goes to /.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const settling = useSession((s) => s.matches('restoring') || s.matches('resuming'));
  // An operator's own sign-out ends the session here at once, then restarts the page on the
  // sign-in form once the platform has been told: a form shown meanwhile would lose what is typed.
  const leaving = useSession((s) => s.matches('signingOut') && s.context.signOutReason === 'user');
  const signedIn = useSession((s) => s.matches('signedIn'));
  const location = useLocation();
  if (settling || leaving) return <FullPageLoading />;
  if (signedIn) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from.startsWith('/') && !from.startsWith('/auth') ? from : '/'} replace />;
  }
  return <>{children}</>;
}
