import { ApiError } from '../../api/errors';
import type { OrdersSync } from '../../api/crm-sync';
import { syncMachine } from './machine';
import { MONDAY_9AM } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the CRM synchronisation graph is explored with: the operator's buttons (Synchronize
 * now, Full resync with its confirmation and cancel, Retry), a run the server answers, and a run
 * refused by the server (HTTP 500 with its message) or lost to the network.
 */
const OPERATION = 'GET /hubspot/app/orders';

/** What a run answers (ms, as the codec decodes it): two orders sent, one new deal and one updated. */
export const PATH_SYNC: OrdersSync = {
  synced_at: MONDAY_9AM + 60_000,
  since: 0,
  previous_synced_at: null,
  sent: 2,
  created: 1,
  updated: 1,
  orders: [
    { order_id: 20001, consumer_email: 'eva@store.test', total_price: 4.5, status: 1, action: 'created' },
    { order_id: 20002, consumer_email: 'leo@store.test', total_price: 9, status: 0, action: 'updated' },
  ],
};

export const PATH_SERVER_ERROR = new ApiError({ kind: 'http', status: 500, operation: OPERATION, message: 'HubSpot rejected the batch' });
export const PATH_NETWORK_ERROR = new ApiError({ kind: 'network', operation: OPERATION, message: `${OPERATION} could not reach the server` });

export const syncPathEvents = [
  { type: 'sync.run' },
  { type: 'sync.askFullResync' },
  { type: 'sync.confirmFullResync' },
  { type: 'sync.cancelFullResync' },
  { type: 'sync.retry' },
  { type: 'xstate.done.actor.syncOrders', output: PATH_SYNC },
  { type: 'xstate.error.actor.syncOrders', error: PATH_SERVER_ERROR },
  { type: 'xstate.error.actor.syncOrders', error: PATH_NETWORK_ERROR },
] satisfies readonly PathEvent<typeof syncMachine>[];

/** A session that has not synchronised yet (the crmSync projection is empty). */
export const syncPathModel: PathModel<typeof syncMachine> = {
  machine: syncMachine,
  input: { lastSyncedAt: null },
  events: syncPathEvents,
};
