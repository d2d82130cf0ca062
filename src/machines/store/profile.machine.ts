import { setup } from 'xstate';
import type { StoreProfile } from '../../api/stores';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * Loads the current store's profile for the shell (avatar, name, notifications). A failure is
 * only logged (spec section 8: list loads) and can be retried; the shell keeps working with the
 * name and avatar the session already carries.
 */
export const storeProfileMachine = setup({
  types: {
    input: {} as { storeId: number },
    context: {} as { storeId: number },
    events: {} as { type: 'storeProfile.reload' },
  },
  actors: {
    loadProfile: promiseNotProvided<StoreProfile, { storeId: number }>('loadProfile'),
  },
  actions: {
    /** Appends store.profileLoaded to the journal. */
    recordProfileLoaded: (_, _params: { profile: StoreProfile }) => {},
    logLoadFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'storeProfile',
  context: ({ input }) => ({ storeId: input.storeId }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ storeId: context.storeId }),
        onDone: { target: 'loaded', actions: { type: 'recordProfileLoaded', params: ({ event }) => ({ profile: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { on: { 'storeProfile.reload': 'loading' } },
    failed: { on: { 'storeProfile.reload': 'loading' } },
  },
});
