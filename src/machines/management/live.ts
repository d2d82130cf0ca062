import { fromPromise } from 'xstate';
import { ApiError } from '../../api/errors';
import { getManagementCustomers, getManagementInfo, getManagementSales } from '../../api/management';
import { managementMachine } from './machine';

const describe = (error: unknown) => (error instanceof ApiError ? error.toJSON() : error);

/**
 * The Management Information dashboard's machine with its real calls. It lives beside the machine,
 * not in live.ts, so that the API module is pulled in only by the lazily loaded dashboard chunk.
 */
export function liveManagementMachine() {
  return managementMachine.provide({
    actors: {
      loadInfo: fromPromise(() => getManagementInfo()),
      loadSales: fromPromise(() => getManagementSales()),
      loadCustomers: fromPromise(() => getManagementCustomers()),
    },
    actions: {
      // The screen shows the part's message (spec section 8); the log keeps the details (status, operation).
      logLoadFailure: (_, { part, error }) => console.info(`Management ${part} did not load`, describe(error)),
    },
  });
}
