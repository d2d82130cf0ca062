import { PasswordResetError } from '../../api/identity';
import { passwordResetMachine } from './machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the password-reset machine (issue 22) is explored with: the link's code from the
 * e-mail, the new password typed (the form has checked it), and each of the identity provider's
 * answers — checked, saved, refused for each reason the page words differently, out of reach — and
 * the session's sign-in, through or not.
 */
export const PATH_RESET_CODE = 'c0de5eed0ddba11c0de5eed0ddba11c0de5eed0ddba11';
export const PATH_RESET_EMAIL = 'marta@fornnou.test';
export const PATH_NEW_PASSWORD = 'Nou-forn-2026!';

const refused = (actor: 'verifyLink' | 'savePassword', reason: PasswordResetError['reason'], code: string) =>
  ({ type: `xstate.error.actor.${actor}`, error: new PasswordResetError(reason, code) }) as const;

export const passwordResetPathEvents = [
  { type: 'passwordReset.submit', password: PATH_NEW_PASSWORD },
  { type: 'passwordReset.retry' },
  { type: 'xstate.done.actor.verifyLink', output: PATH_RESET_EMAIL },
  refused('verifyLink', 'expired', 'auth/expired-action-code'),
  refused('verifyLink', 'invalid', 'auth/invalid-action-code'),
  refused('verifyLink', 'account', 'auth/user-disabled'),
  refused('verifyLink', 'unavailable', 'auth/network-request-failed'),
  { type: 'xstate.done.actor.savePassword' },
  refused('savePassword', 'weakPassword', 'auth/weak-password'),
  refused('savePassword', 'expired', 'auth/expired-action-code'),
  refused('savePassword', 'invalid', 'auth/invalid-action-code'),
  refused('savePassword', 'account', 'auth/user-not-found'),
  refused('savePassword', 'unavailable', 'auth/network-request-failed'),
  { type: 'xstate.done.actor.signIn' },
  { type: 'xstate.error.actor.signIn', error: new Error('The session did not sign in') },
] satisfies readonly PathEvent<typeof passwordResetMachine>[];

/** /auth/recovery?mode=resetPassword&oobCode=…: the reset e-mail's link. */
export const passwordResetPathModel: PathModel<typeof passwordResetMachine> = {
  machine: passwordResetMachine,
  input: { oobCode: PATH_RESET_CODE },
  events: passwordResetPathEvents,
};
