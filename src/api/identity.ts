import type { Auth } from 'firebase/auth';

/**
 * The identity provider (Firebase Authentication). In mock mode the mock backend answers the
 * provider's REST endpoints, so this same code runs in demos, tests and production.
 *
 * The SDK is loaded on first use (signing in, resuming a session, refreshing a token, signing
 * out), not at boot: a page that restores its session from storage, or shows the sign-in form,
 * neither downloads it nor lets it write to the browser's IndexedDB.
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

let config: IdentityConfig | undefined;
let auth: Promise<Auth> | undefined;
/** The SDK starts (and may call the provider) once this resolves: see HttpConfig.backendReady. */
let backendReady: (() => Promise<void>) | undefined;

export function configureIdentity(next: IdentityConfig, ready?: () => Promise<void>): void {
  config = next;
  backendReady = ready;
  auth = undefined;
}

function loadAuth(): Promise<Auth> {
  if (!config) throw new Error('configureIdentity() must run first');
  const appConfig = config;
  const ready = backendReady;
  auth ??= (async () => {
    const [{ initializeApp }, { initializeAuth, browserLocalPersistence }] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
      ready?.(),
    ]);
    // localStorage persistence (not IndexedDB) so sign-out demonstrably leaves nothing behind.
    return initializeAuth(initializeApp(appConfig), { persistence: browserLocalPersistence });
  })();
  return auth;
}

/**
 * Downloads the SDK without starting it (starting it would write its IndexedDB), so a sign-in
 * does not wait for the download. Called while the sign-in form is on screen. A prefetch that
 * fails costs nothing: signing in imports again and reports its own failure.
 */
export function prefetchIdentitySdk(): void {
  import('firebase/app').catch(() => {});
  import('firebase/auth').catch(() => {});
}

const unreachable = new Set(['auth/network-request-failed', 'auth/internal-error', 'auth/timeout']);

/** Email/password sign-in at the provider; resolves to an ID token for POST /stores/signin. */
export async function signInWithPassword(email: string, password: string): Promise<string> {
  const current = await loadAuth();
  const { signInWithEmailAndPassword } = await import('firebase/auth');
  try {
    const credential = await signInWithEmailAndPassword(current, email, password);
    return await credential.user.getIdToken();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (unreachable.has(code)) throw new IdentityError('unavailable', code);
    throw new IdentityError('credentials', code || 'sign-in refused');
  }
}

/**
 * Password reset e-mail from the provider (mock mode: its mocked sendOobCode endpoint). Resolves
 * the same whether or not the address has an account, so the page cannot be used to find out
 * which e-mails are registered; rejects only when the provider cannot be reached or the address
 * is not an e-mail ('credentials' then means "not an e-mail address").
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const current = await loadAuth();
  const { sendPasswordResetEmail } = await import('firebase/auth');
  try {
    await sendPasswordResetEmail(current, email.trim());
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'auth/user-not-found') return;
    if (code === 'auth/invalid-email' || code === 'auth/missing-email') throw new IdentityError('credentials', code);
    throw new IdentityError('unavailable', code || 'password reset failed');
  }
}

/** The ID token of the user the provider remembers, if any; `fresh` forces a new one. */
export async function currentIdToken(fresh = false): Promise<string | undefined> {
  const current = await loadAuth();
  await current.authStateReady();
  return current.currentUser ? current.currentUser.getIdToken(fresh) : undefined;
}

export async function signOutOfProvider(): Promise<void> {
  const current = await loadAuth();
  const { signOut } = await import('firebase/auth');
  await signOut(current);
}

/** IndexedDB databases the SDK writes (its heartbeat log), for sign-out to delete. */
export const IDENTITY_SDK_DATABASES = ['firebase-heartbeat-database'] as const;
