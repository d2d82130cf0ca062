import { readAhead, readAheadKeys } from '../api/read-ahead';
import type { SessionActor } from '../machines/session/live';

type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

/**
 * A reload of a remembered operator's page: once the session is back, read what the landing page
 * will show, beside the shell's first render instead of after it — the store profile (the shell,
 * every page) and, on the overview, the home figures. Only the session this page load resumes:
 * after a sign-in with the password the screens ask for themselves.
 */
export function readAheadSignedInPage(session: SessionActor, pathname: string): void {
  /** True once the session has settled (signed in or not). */
  const settled = (snapshot: SessionSnapshot): boolean => {
    if (snapshot.matches('restoring') || snapshot.matches('resuming')) return false;
    const user = snapshot.matches('signedIn') ? snapshot.context.grant?.user : undefined;
    if (user) {
      const storeId = user.store.id;
      // The store calls (with their zod schemas) are not the sign-in page's code: imported here.
      const stores = import('../api/stores');
      readAhead(readAheadKeys.storeProfile(storeId), async () => (await stores).getStoreProfile(storeId));
      if (pathname === '/' || pathname === '/overview') readAhead(readAheadKeys.home, async () => (await stores).getHome());
    }
    return true;
  };
  if (settled(session.getSnapshot())) return;
  const subscription = session.subscribe((snapshot) => {
    if (settled(snapshot)) subscription.unsubscribe();
  });
}
