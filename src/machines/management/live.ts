import { fromPromise } from 'xstate';
import { getManagementCustomers, getManagementInfo, getManagementSales } from '../../api/management';
import { managementMachine } from './machine';
import { describeError as describe } from '../shared/describe-error';

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
