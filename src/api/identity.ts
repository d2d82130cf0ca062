import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
} from 'firebase/auth';

/**
 * The identity provider (Firebase Authentication). In mock mode the mock backend answers the
 * provider's REST endpoints, so this same code runs in demos, tests and production.
 */
export interface IdentityConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
}

export class IdentityError extends Error {
  /** 'credentials': the provider refused the e-mail/password; 'unavailable': it could not be reached. */
  readonly reason: 'credentials' | 'unavailable';
  constructor(reason: 'credentials' | 'unavailable', message: string) {
    super(message);
    this.name = 'IdentityError';
    this.reason = reason;
  }
}

let auth: Auth | undefined;

export function configureIdentity(config: IdentityConfig): void {
  const app: FirebaseApp = initializeApp(config);
  // localStorage persistence (not IndexedDB) so sign-out provably leaves nothing behind.
  auth = initializeAuth(app, { persistence: browserLocalPersistence });
}

function requireAuth(): Auth {
  if (!auth) throw new Error('configureIdentity() must run first');
  return auth;
}

/** Email/password sign-in at the provider; resolves to an ID token for POST /stores/signin. */
export async function signInWithPassword(email: string, password: string): Promise<string> {
  try {
    const credential = await signInWithEmailAndPassword(requireAuth(), email, password);
    return await credential.user.getIdToken();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'auth/network-request-failed' || code === 'auth/internal-error' || code === 'auth/timeout') {
      throw new IdentityError('unavailable', code);
    }
    throw new IdentityError('credentials', code || 'sign-in refused');
  }
}

/** The ID token of the user the provider remembers, if any; `fresh` forces a new one. */
export async function currentIdToken(fresh = false): Promise<string | undefined> {
  const current = requireAuth();
  await current.authStateReady();
  return current.currentUser ? current.currentUser.getIdToken(fresh) : undefined;
}

export async function signOutOfProvider(): Promise<void> {
  await signOut(requireAuth());
}
