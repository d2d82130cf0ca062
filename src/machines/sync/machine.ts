import { assign, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../api/errors';
import type { OrdersSync } from '../../api/crm-sync';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The CRM synchronisation (/synchronization): GET /hubspot/app/orders?t sends the store's orders
 * changed since t to HubSpot and reports what went.
 *
 * - "Synchronize now" sends the changes since the newest run this session knows (the crmSync
 *   projection, given as input and kept up to date here); with no run known yet it sends every
 *   order (t = 0), because the console cannot tell what the CRM already holds.
 * - "Full resync" always sends every order, after a confirmation: it re-sends the whole store.
 *
 * A run that succeeds appends orders.synchronized to the journal (the screen reads the summary and
 * the history from the projection). A run that fails keeps a machine-readable reason so the screen
 * can say what happened; Retry sends the same window again.
 */

/** Why a run failed, as the screen words it. */
export type SyncFailure =
  /** The request never reached the server (no connection, or the server is down). */
  | { reason: 'offline' }
  /** No answer within the client's timeout: the CRM call may or may not have gone through. */
  | { reason: 'timeout' }
  /** The server answered with an error status and (usually) a message. */
  | { reason: 'server'; status: number; message: string }
  /** An answer the client could not read, or a failure that is not an API error at all. */
  | { reason: 'unexpected' };

/** The failure of a run from whatever the actor rejected with. */
export function syncFailureOf(error: unknown): SyncFailure {
  if (!isApiError(error)) return { reason: 'unexpected' };
  switch (error.kind) {
    case 'network':
      return { reason: 'offline' };
    case 'timeout':
      return { reason: 'timeout' };
    case 'http':
      return { reason: 'server', status: error.status ?? 0, message: error.message };
    default:
      return { reason: 'unexpected' };
  }
}

export interface SyncContext {
  /** synced_at of the newest run this session knows (ms), null before the first. */
  lastSyncedAt: number | null;
  /** The window of the run under way or last attempted: orders changed after this time (ms); 0 = every order. */
  since: number;
  /** Why the last attempt failed; null once a run succeeds. */
  failure: SyncFailure | null;
}

export type SyncEvent =
  /** "Synchronize now": the changes since the last known run. */
  | { type: 'sync.run' }
  /** "Full resync": opens the confirmation. */
  | { type: 'sync.askFullResync' }
  | { type: 'sync.confirmFullResync' }
  | { type: 'sync.cancelFullResync' }
  /** Retry after a failure: the same window again. */
  | { type: 'sync.retry' };

export const syncMachine = setup({
  types: {
    input: {} as { lastSyncedAt: number | null },
    context: {} as SyncContext,
    events: {} as SyncEvent,
  },
  actors: {
    syncOrders: promiseNotProvided<OrdersSync, { since: number }>('syncOrders'),
  },
  actions: {
    /** The window "Synchronize now" asks for: the changes since the last known run, or everything. */
    aimAtChangesSinceLastRun: assign({ since: ({ context }) => context.lastSyncedAt ?? 0 }),
    /** Appends orders.synchronized to the journal. */
    recordSynchronized: (_, _params: { sync: OrdersSync }) => {},
    /** The screen says what happened; the log keeps the details (operation, status). */
    logSyncFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    lastAttemptFailed: ({ context }) => context.failure !== null,
  },
}).createMachine({
  id: 'sync',
  context: ({ input }) => ({ lastSyncedAt: input.lastSyncedAt, since: 0, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing run yet in this session, or the last run on screen.',
      on: {
        'sync.run': { target: 'syncing', actions: 'aimAtChangesSinceLastRun' },
        'sync.askFullResync': 'confirmingFullResync',
      },
    },
    confirmingFullResync: {
      description: 'The "Re-send every order?" dialog is open.',
      on: {
        'sync.confirmFullResync': { target: 'syncing', actions: assign({ since: 0 }) },
        // Back to where the operator was: a failure on screen stays on screen.
        'sync.cancelFullResync': [{ guard: 'lastAttemptFailed', target: 'failed' }, { target: 'idle' }],
      },
    },
    syncing: {
      tags: 'busy',
      invoke: {
        id: 'syncOrders',
        src: 'syncOrders',
        input: ({ context }) => ({ since: context.since }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ lastSyncedAt: ({ event }) => event.output.synced_at, failure: null }),
            { type: 'recordSynchronized', params: ({ event }) => ({ sync: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ failure: ({ event }) => syncFailureOf(event.error) }),
            { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: {
      description: 'The last attempt failed; its reason is on screen with Retry, the last run stays visible.',
      on: {
        'sync.retry': 'syncing',
        'sync.run': { target: 'syncing', actions: 'aimAtChangesSinceLastRun' },
        'sync.askFullResync': 'confirmingFullResync',
      },
    },
  },
});

export type SyncSnapshot = SnapshotFrom<typeof syncMachine>;

export type SyncPhase = 'idle' | 'confirmingFullResync' | 'syncing' | 'failed';
export const selectSyncPhase = (s: SyncSnapshot): SyncPhase =>
  s.matches('syncing') ? 'syncing' : s.matches('failed') ? 'failed' : s.matches('confirmingFullResync') ? 'confirmingFullResync' : 'idle';
export const selectSyncBusy = (s: SyncSnapshot) => s.hasTag('busy');
/** The failure to show: only while the machine is in `failed` (a retry hides it until it fails again). */
export const selectSyncFailure = (s: SyncSnapshot) => (s.matches('failed') ? s.context.failure : null);
/** The window of the run under way (ms; 0 = every order). */
export const selectSyncWindow = (s: SyncSnapshot) => s.context.since;
