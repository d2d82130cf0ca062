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
  /** An identity provider speaking Firebase's emulator protocol (the rehearsal, the live journeys). */
  authEmulatorUrl?: string;
}

/**
 * Why a sign-in failed: 'credentials', the provider or the platform refused the e-mail/password;
 * 'unavailable', one of them could not be reached; 'unreadable', the platform answered with
 * something this console cannot read (a contract problem, not the operator's network).
 */
export type SignInFailureReason = 'credentials' | 'unavailable' | 'unreadable';

/** A refusal or failure of the identity provider, with the reason the console words it by. */
class ReasonedError<Reason extends string> extends Error {
  readonly reason: Reason;
  constructor(reason: Reason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export class IdentityError extends ReasonedError<SignInFailureReason> {
  override name = 'IdentityError';
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
    const [{ initializeApp }, { initializeAuth, browserLocalPersistence, connectAuthEmulator }] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
      ready?.(),
    ]);
    const { authEmulatorUrl, ...appOptions } = appConfig;
    // localStorage persistence (not IndexedDB) so sign-out demonstrably leaves nothing behind.
    const started = initializeAuth(initializeApp(appOptions), { persistence: browserLocalPersistence });
    // Firebase's own switch: every identity call then goes to {url}/identitytoolkit.googleapis.com/…
    // and {url}/securetoken.googleapis.com/…; the banner would cover the console's own UI.
    if (authEmulatorUrl) connectAuthEmulator(started, authEmulatorUrl, { disableWarnings: true });
    return started;
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

/**
 * Why the provider refused a password-reset link or the new password chosen with it:
 * - 'expired': the link is past its time (auth/expired-action-code);
 * - 'invalid': used already, replaced, cut short when copied (auth/invalid-action-code);
 * - 'account': the account is disabled or no longer exists (auth/user-disabled, auth/user-not-found);
 * - 'weakPassword': the provider's password rules refuse it (auth/weak-password, or a project's
 *   password policy: auth/password-does-not-meet-requirements);
 * - 'unavailable': the provider could not be reached (auth/network-request-failed, …).
 */
export type PasswordResetRefusal = 'expired' | 'invalid' | 'account' | 'weakPassword' | 'unavailable';

export class PasswordResetError extends ReasonedError<PasswordResetRefusal> {
  override name = 'PasswordResetError';
}

const passwordResetRefusals: Readonly<Record<string, PasswordResetRefusal>> = {
  'auth/expired-action-code': 'expired',
  'auth/invalid-action-code': 'invalid',
  'auth/user-disabled': 'account',
  'auth/user-not-found': 'account',
  // The SDK's reading of USER_NOT_FOUND on any endpoint (a password reset carries no token to expire).
  'auth/user-token-expired': 'account',
  'auth/weak-password': 'weakPassword',
  'auth/password-does-not-meet-requirements': 'weakPassword',
};

function passwordResetError(error: unknown, fallback: string): PasswordResetError {
  const code = (error as { code?: string }).code ?? '';
  // Anything else (the provider out of reach, an answer the SDK cannot read) is worth a retry.
  return new PasswordResetError(passwordResetRefusals[code] ?? 'unavailable', code || fallback);
}

/**
 * The e-mail of the account a password-reset link is for (the link's `oobCode`), without using
 * the link up: POST identitytoolkit accounts:resetPassword `{ oobCode }`. Rejects with a
 * PasswordResetError.
 */
export async function verifyPasswordResetLink(oobCode: string): Promise<string> {
  const current = await loadAuth();
  const { verifyPasswordResetCode } = await import('firebase/auth');
  try {
    return await verifyPasswordResetCode(current, oobCode);
  } catch (error) {
    throw passwordResetError(error, 'password reset link refused');
  }
}

/**
 * Sets the account's new password with a password-reset link, which this uses up: POST
 * identitytoolkit accounts:resetPassword `{ oobCode, newPassword }`. Signs nobody in. Rejects with
 * a PasswordResetError.
 */
export async function confirmPasswordResetLink(oobCode: string, newPassword: string): Promise<void> {
  const current = await loadAuth();
  const { confirmPasswordReset } = await import('firebase/auth');
  try {
    await confirmPasswordReset(current, oobCode, newPassword);
  } catch (error) {
    throw passwordResetError(error, 'new password refused');
  }
}
