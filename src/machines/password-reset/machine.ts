import { assign, setup, type SnapshotFrom } from 'xstate';
import type { PasswordResetRefusal } from '../../api/identity';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * Choosing a new password with the reset e-mail's link: /auth/recovery?mode=resetPassword&oobCode=….
 *
 *   verifying ─→ choosing                 (the link is good: the account's e-mail is shown)
 *             ├→ linkExpired / linkUsed / accountClosed
 *             └→ verifyUnreachable ─passwordReset.retry→ verifying
 *   choosing ─passwordReset.submit→ saving ─→ signingIn ─→ signedIn   (the session's own sign-in: on to /overview)
 *                                                       └→ signInFailed (the password is saved: sign in by hand)
 *                                          ├→ weakPassword            (the provider's rules refuse it)
 *                                          ├→ saveUnreachable ─passwordReset.retry→ saving
 *                                          └→ linkExpired / linkUsed / accountClosed
 *
 * The form stays on screen, with both passwords as typed, in every state tagged 'form'; the new
 * password is held here from the submit to the sign-in only (Retry sends it again, the sign-in
 * uses it), and dropped once it is saved and used.
 */
export interface PasswordResetContext {
  /** The link's one-use code. */
  oobCode: string;
  /** The account the link is for, as the provider names it once it has checked the link. */
  email: string;
  password: string;
}

export type PasswordResetEvent =
  | { type: 'passwordReset.submit'; password: string }
  /** After a provider out of reach: check the link again, or send the same password again. */
  | { type: 'passwordReset.retry' };

const refusalOf = (error: unknown): PasswordResetRefusal | undefined => (error as { reason?: PasswordResetRefusal } | null)?.reason;

type Params = { error: unknown };
const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** The refusals that end the link's use, whether met checking it or saving the password. */
const linkRefusals = [
  { guard: { type: 'linkExpired', params: errorParams }, target: 'linkExpired' },
  { guard: { type: 'linkUsed', params: errorParams }, target: 'linkUsed' },
  { guard: { type: 'accountClosed', params: errorParams }, target: 'accountClosed' },
] as const;

const logFailure = { type: 'logFailure', params: errorParams } as const;

export const passwordResetMachine = setup({
  types: {
    input: {} as { oobCode: string },
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
  },
  actors: {
    /** The account's e-mail, if the link is good (the provider does not use it up). */
    verifyLink: promiseNotProvided<string, { oobCode: string }>('verifyLink'),
    /** The new password, set with the link (which this uses up). */
    savePassword: promiseNotProvided<void, { oobCode: string; password: string }>('savePassword'),
    /** The session's normal sign-in with the new password; rejects if it ends signed out. */
    signIn: promiseNotProvided<void, { email: string; password: string }>('signIn'),
  },
  actions: {
    logFailure: (_, _params: Params) => {},
    takePassword: assign({ password: ({ event }) => (event.type === 'passwordReset.submit' ? event.password : '') }),
    dropPassword: assign({ password: '' }),
  },
  guards: {
    linkExpired: (_, { error }: Params) => refusalOf(error) === 'expired',
    linkUsed: (_, { error }: Params) => refusalOf(error) === 'invalid',
    accountClosed: (_, { error }: Params) => refusalOf(error) === 'account',
    weakPassword: (_, { error }: Params) => refusalOf(error) === 'weakPassword',
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ oobCode: input.oobCode, email: '', password: '' }),
  initial: 'verifying',
  states: {
    verifying: {
      description: 'The provider checks the link and names its account, without using it up.',
      tags: 'busy',
      invoke: {
        id: 'verifyLink',
        src: 'verifyLink',
        input: ({ context }) => ({ oobCode: context.oobCode }),
        onDone: { target: 'choosing', actions: assign({ email: ({ event }) => event.output }) },
        onError: [...linkRefusals, { target: 'verifyUnreachable', actions: logFailure }],
      },
    },
    verifyUnreachable: {
      description: 'The provider could not be reached to check the link: Retry.',
      on: { 'passwordReset.retry': 'verifying' },
    },
    choosing: {
      description: 'The new password, typed twice (the form checks the rules and that both match).',
      tags: 'form',
      on: { 'passwordReset.submit': { target: 'saving', actions: 'takePassword' } },
    },
    saving: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context }) => ({ oobCode: context.oobCode, password: context.password }),
        onDone: 'signingIn',
        onError: [
          { guard: { type: 'weakPassword', params: errorParams }, target: 'weakPassword', actions: 'dropPassword' },
          ...linkRefusals.map((refusal) => ({ ...refusal, actions: 'dropPassword' as const })),
          { target: 'saveUnreachable', actions: logFailure },
        ],
      },
    },
    weakPassword: {
      description: 'The provider’s password rules refuse the new password: the form says so on the field.',
      tags: 'form',
      on: { 'passwordReset.submit': { target: 'saving', actions: 'takePassword' } },
    },
    saveUnreachable: {
      description: 'The provider could not be reached to save the password: Retry sends the same one; the form keeps it.',
      tags: 'form',
      on: {
        'passwordReset.submit': { target: 'saving', actions: 'takePassword' },
        'passwordReset.retry': 'saving',
      },
    },
    signingIn: {
      description: 'The password is saved (the link is used up): the session signs in with it, as the sign-in form would.',
      tags: 'busy',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: { target: 'signedIn', actions: 'dropPassword' },
        onError: { target: 'signInFailed', actions: 'dropPassword' },
      },
    },
    signedIn: { type: 'final', description: 'Signed in: the public pages hand over to the console (/overview).' },
    signInFailed: { type: 'final', description: 'The password is saved but the sign-in did not go through: sign in by hand, the e-mail filled.' },
    linkExpired: { type: 'final', description: 'The link is past its time: ask for a new one.' },
    linkUsed: { type: 'final', description: 'The link was used already (or is not a link the provider issued): ask for a new one.' },
    accountClosed: { type: 'final', description: 'The account is disabled or no longer exists: no new link would help.' },
  },
});

export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;
export type PasswordResetStep =
  | 'verifying'
  | 'verifyUnreachable'
  | 'choosing'
  | 'saving'
  | 'weakPassword'
  | 'saveUnreachable'
  | 'signingIn'
  | 'signedIn'
  | 'signInFailed'
  | 'linkExpired'
  | 'linkUsed'
  | 'accountClosed';
export const selectPasswordResetStep = (s: PasswordResetSnapshot): PasswordResetStep => s.value as PasswordResetStep;
/** The account the link is for, once the provider has checked the link. */
export const selectPasswordResetEmail = (s: PasswordResetSnapshot) => s.context.email;
