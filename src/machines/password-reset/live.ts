import { fromPromise, waitFor } from 'xstate';
import { confirmPasswordResetLink, verifyPasswordResetLink } from '../../api/identity';
import { passwordResetMachine } from './machine';
import type { SessionActor } from '../session/live';

/**
 * The password-reset machine with its real effects: the identity provider checks the
 * link and saves the password (src/api/identity.ts); the sign-in is the session's own, so it is
 * journalled, stored and announced exactly as one from the sign-in form, and the public pages'
 * guard takes the operator on to the console.
 *
 * Logs name the kind of failure only: never the link's code, the e-mail or the password.
 */
const describe = (error: unknown) => ((error as { reason?: string } | null)?.reason ?? (error instanceof Error ? error.name : 'unknown error'));

/**
 * Signs in through the session and settles on its outcome: resolves once it is signed in, rejects
 * if it ends signed out (the session has said why, in its own message). A session that is not
 * signed out ignores the request, which ends the same way.
 */
export async function signInThroughSession(session: SessionActor, credentials: { email: string; password: string }, signal?: AbortSignal): Promise<void> {
  session.send({ type: 'session.signIn', ...credentials });
  const settled = await waitFor(session, (s) => !s.matches('signingIn'), { signal });
  if (!settled.matches('signedIn')) throw new Error('The session did not sign in');
}

export function livePasswordResetMachine({ session }: { session: SessionActor }) {
  return passwordResetMachine.provide({
    actors: {
      verifyLink: fromPromise(({ input }: { input: { oobCode: string } }) => verifyPasswordResetLink(input.oobCode)),
      savePassword: fromPromise(({ input }: { input: { oobCode: string; password: string } }) => confirmPasswordResetLink(input.oobCode, input.password)),
      signIn: fromPromise(({ input, signal }: { input: { email: string; password: string }; signal: AbortSignal }) => signInThroughSession(session, input, signal)),
    },
    actions: {
      logFailure: (_, { error }) => console.info('Password reset call failed', describe(error)),
    },
  });
}
