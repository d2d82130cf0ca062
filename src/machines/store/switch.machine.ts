import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Account } from '../../api/accounts';
import type { SessionUser } from '../../api/session';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The store switcher in the settings popover: load the operator's accounts, choose one,
 * POST /stores/operator/chacc, and reload the page on success (spec section 4).
 */
export interface StoreSwitchInput {
  currentStoreId: number;
}

interface StoreSwitchContext extends LoadFailureContext {
  currentStoreId: number;
  accounts: Account[];
  chosenStoreId: number | null;
}

export type StoreSwitchEvent =
  | { type: 'storeSwitch.open' }
  | { type: 'storeSwitch.retry' }
  | { type: 'storeSwitch.choose'; storeId: number };

export const storeSwitchMachine = setup({
  types: {
    input: {} as StoreSwitchInput,
    context: {} as StoreSwitchContext,
    events: {} as StoreSwitchEvent,
  },
  actors: {
    loadAccounts: promiseNotProvided<Account[], void>('loadAccounts'),
    switchStore: promiseNotProvided<SessionUser, { currentAccount: number; newAccount: number }>('switchStore'),
  },
  actions: {
    /** Appends accounts.loaded to the journal. */
    recordAccountsLoaded: (_, _params: { accounts: Account[] }) => {},
    logAccountsFailure: (_, _params: { error: unknown }) => {},
    /** Appends store.switched, stores the updated user. */
    recordSwitched: (_, _params: { fromStoreId: number; user: SessionUser }) => {},
    notifySwitchFailed: () => {},
    reloadPage: () => {},
  },
  guards: {
    isAnotherStore: ({ context }, params: { storeId: number }) =>
      params.storeId !== context.currentStoreId && context.accounts.some((a) => a.store_id === params.storeId),
  },
}).createMachine({
  id: 'storeSwitch',
  context: ({ input }) => ({ currentStoreId: input.currentStoreId, accounts: [], chosenStoreId: null, loadFailure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'storeSwitch.open': 'loadingAccounts' },
    },
    loadingAccounts: {
      tags: 'loading',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        onDone: {
          target: 'choosing',
          actions: [
            assign({ accounts: ({ event }) => event.output }),
            { type: 'recordAccountsLoaded', params: ({ event }) => ({ accounts: event.output }) },
          ],
        },
        onError: { target: 'loadFailed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logAccountsFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    loadFailed: {
      on: { 'storeSwitch.retry': 'loadingAccounts' },
    },
    choosing: {
      on: {
        'storeSwitch.open': 'loadingAccounts',
        'storeSwitch.choose': {
          guard: { type: 'isAnotherStore', params: ({ event }) => ({ storeId: event.storeId }) },
          target: 'switching',
          actions: assign({ chosenStoreId: ({ event }) => event.storeId }),
        },
      },
    },
    switching: {
      tags: ['busy', 'blocking'],
      invoke: {
        id: 'switchStore',
        src: 'switchStore',
        input: ({ context }) => ({ currentAccount: context.currentStoreId, newAccount: context.chosenStoreId! }),
        onDone: {
          target: 'switched',
          actions: [
            { type: 'recordSwitched', params: ({ context, event }) => ({ fromStoreId: context.currentStoreId, user: event.output }) },
            'reloadPage',
          ],
        },
        onError: { target: 'choosing', actions: [assign({ chosenStoreId: null }), 'notifySwitchFailed'] },
      },
    },
    switched: {
      description: 'The page reloads into the new store.',
      tags: 'blocking',
      type: 'final',
    },
  },
});

type StoreSwitchSnapshot = SnapshotFrom<typeof storeSwitchMachine>;

/** What the switcher's popover shows. */
export interface StoreSwitchView {
  loading: boolean;
  failed: boolean;
  blocking: boolean;
  accounts: Account[];
}

/** A new object each call: read it with `sameStoreSwitchView`, so the popover re-renders only when a field changes. */
export const selectStoreSwitchView = (s: StoreSwitchSnapshot): StoreSwitchView => ({
  loading: s.hasTag('loading'),
  failed: s.matches('loadFailed'),
  blocking: s.hasTag('blocking'),
  accounts: s.context.accounts,
});
export const sameStoreSwitchView = (a: StoreSwitchView, b: StoreSwitchView) =>
  a.loading === b.loading && a.failed === b.failed && a.blocking === b.blocking && a.accounts === b.accounts;
