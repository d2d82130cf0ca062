import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { SessionUser } from '../api/session';
import { GUEST_ROLE } from '../lib/constants';
import { selectUser } from '../machines/selectors';
import type { SessionActor } from '../machines/session/live';
import { useProjection, useSession } from './hooks';
import { FullPageLoading } from '../ui/full-page-loading';

/** Roles that exist on the platform (the spec names none; docs/decisions/003-routes-and-roles.md). */
export const ROLES = { admin: 'STORE_ADMIN', operator: 'STORE_OPERATOR' } as const;
export const ALL_STORE_ROLES = [ROLES.admin, ROLES.operator];

/** Where a guard sends someone, as a pure rule (tested without React). */
export type GuardDecision = 'allow' | 'wait' | 'sign-in' | 'not-allowed';

export function decideAccess(state: { sessionSettling: boolean; role: string | null }, allowedRoles: readonly string[] | undefined): GuardDecision {
  if (state.sessionSettling) return 'wait';
  if (state.role === null || state.role === GUEST_ROLE) return 'sign-in';
  if (allowedRoles && !allowedRoles.includes(state.role)) return 'not-allowed';
  return 'allow';
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
  return { sessionSettling, role: (signedIn || remembered) && user ? user.operator.role : null };
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

/** Role guard: signed out → /auth/login; signed in without an allowed role → /errors/error-401. */
export function RequireRole({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const access = useAccessState();
  const decision = decideAccess(access, roles);
  if (decision === 'wait') return <FullPageLoading />;
  if (decision === 'sign-in') return <Navigate to="/auth/login" replace />;
  if (decision === 'not-allowed') return <Navigate to="/errors/error-401" replace />;
  return <>{children}</>;
}

/**
 * Public area: a signed-in operator is sent to / (issue 8). The one `from` honoured is the page
 * RequireSession sent a signed-out operator away from: it rides in the sign-in page's history
 * state, and this redirect is what takes the operator back there once signed in (the sign-in
 * screen does not navigate). Only that redirect sets `from`, so opening a public page while
 * signed in goes to /.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const settling = useSession((s) => s.matches('restoring') || s.matches('resuming'));
  const signedIn = useSession((s) => s.matches('signedIn'));
  const location = useLocation();
  if (settling) return <FullPageLoading />;
  if (signedIn) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from.startsWith('/') && !from.startsWith('/auth') ? from : '/'} replace />;
  }
  return <>{children}</>;
}
