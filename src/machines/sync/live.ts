import { fromPromise } from 'xstate';
import { syncOrders } from '../../api/crm-sync';
import { now } from '../../lib/clock';
import type { Journal } from '../journal/journal';
import { syncMachine } from './machine';
import { describeError as describe } from '../shared/describe-error';

/**
 * The CRM synchronisation machine with its real call. It lives beside the machine, not in
 * live.ts, so that it is pulled in only by the lazily loaded Synchronization screen.
 */
export function liveSyncMachine({ journal }: { journal: Journal }) {
  return syncMachine.provide({
    actors: {
      syncOrders: fromPromise(({ input }: { input: { since: number } }) => syncOrders(input.since)),
    },
    actions: {
      recordSynchronized: (_, { sync }) => journal.append({ type: 'orders.synchronized', at: now(), sync }),
      // The screen says what happened (offline, timeout, the server's answer); the log keeps the details.
      logSyncFailure: (_, { error }) => console.info('Orders did not synchronise with the CRM', describe(error)),
    },
  });
}
