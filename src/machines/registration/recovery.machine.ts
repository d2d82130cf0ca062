import { assign, setup, type SnapshotFrom } from 'xstate';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * Password recovery: the identity provider sends the reset e-mail.
 *
 *   editing ─recovery.send→ sending ─→ sent          (the same confirmation whether or not the address has an account)
 *                                   ├→ notAnEmail    (the provider says it is not an e-mail address)
 *                                   └→ unreachable   (the provider could not be reached: Retry)
 *   sent ─recovery.again→ editing
 *
 * The form stays on screen, with what was typed, in every state but `sent`.
 */
export interface RecoveryContext {
  email: string;
}

export type RecoveryEvent =
  | { type: 'recovery.send'; email: string }
  /** After a provider that could not be reached: the same address again. */
  | { type: 'recovery.retry' }
  /** From the confirmation: another address, or the same one again. */
  | { type: 'recovery.again' };

/** What sendPasswordReset rejects with (src/api/identity.ts): 'credentials' means "not an e-mail address". */
const isNotAnEmail = (error: unknown) => (error as { reason?: string } | null)?.reason === 'credentials';

export const recoveryMachine = setup({
  types: {
    input: {} as { email?: string },
    context: {} as RecoveryContext,
    events: {} as RecoveryEvent,
  },
  actors: {
    sendReset: promiseNotProvided<void, { email: string }>('sendReset'),
  },
  actions: {
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    notAnEmail: (_, params: { error: unknown }) => isNotAnEmail(params.error),
  },
}).createMachine({
  id: 'recovery',
  context: ({ input }) => ({ email: input.email ?? '' }),
  initial: 'editing',
  states: {
    editing: {
      tags: 'form',
      on: { 'recovery.send': { target: 'sending', actions: assign({ email: ({ event }) => event.email.trim() }) } },
    },
    sending: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'sendReset',
        src: 'sendReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        onError: [
          { guard: { type: 'notAnEmail', params: ({ event }) => ({ error: event.error }) }, target: 'notAnEmail' },
          { target: 'unreachable', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    sent: {
      description: '"If an account uses this address, a reset link is on its way": said the same way for any address.',
      on: { 'recovery.again': 'editing' },
    },
    notAnEmail: {
      description: 'The provider does not read the address as an e-mail address.',
      tags: 'form',
      on: { 'recovery.send': { target: 'sending', actions: assign({ email: ({ event }) => event.email.trim() }) } },
    },
    unreachable: {
      description: 'The identity provider could not be reached: Retry sends to the same address.',
      tags: 'form',
      on: {
        'recovery.send': { target: 'sending', actions: assign({ email: ({ event }) => event.email.trim() }) },
        'recovery.retry': 'sending',
      },
    },
  },
});

export type RecoverySnapshot = SnapshotFrom<typeof recoveryMachine>;
export type RecoveryStep = 'editing' | 'sending' | 'sent' | 'notAnEmail' | 'unreachable';
export const selectRecoveryStep = (s: RecoverySnapshot): RecoveryStep => s.value as RecoveryStep;
/** The address the link is (or was last) asked for. */
export const selectRecoveryEmail = (s: RecoverySnapshot) => s.context.email;
