import { ApiError } from '../../api/errors';
import { storeSwitchMachine } from './switch.machine';
import { account } from '../accounts/list.paths';
import { sessionUser } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the store switcher graph is explored with, for an operator in store 1 with access
 * to stores 1 and 2: open the popover, Retry a failed load, choose the current store (refused by
 * the guard), another store, and a store not in the list (refused); the switch done or refused.
 */
export const PATH_ACCOUNTS = [account(1, { store_id: 1 }), account(2, { store_id: 2, store_name: 'Bakery Luna' })];

export const storeSwitchPathEvents = [
  { type: 'storeSwitch.open' },
  { type: 'storeSwitch.retry' },
  { type: 'storeSwitch.choose', storeId: 1 },
  { type: 'storeSwitch.choose', storeId: 2 },
  { type: 'storeSwitch.choose', storeId: 3 },
  { type: 'xstate.done.actor.loadAccounts', output: PATH_ACCOUNTS },
  { type: 'xstate.error.actor.loadAccounts', error: new ApiError({ kind: 'http', status: 500, operation: 'GET /stores/operator/accounts', message: 'Internal error' }) },
  { type: 'xstate.done.actor.switchStore', output: sessionUser({ storeId: 2 }) },
  { type: 'xstate.error.actor.switchStore', error: new ApiError({ kind: 'http', status: 403, operation: 'POST /stores/operator/chacc', message: 'Forbidden' }) },
] satisfies readonly PathEvent<typeof storeSwitchMachine>[];

export const storeSwitchPathModel: PathModel<typeof storeSwitchMachine> = {
  machine: storeSwitchMachine,
  input: { currentStoreId: 1 },
  events: storeSwitchPathEvents,
};
