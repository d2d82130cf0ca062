import { fromPromise } from 'xstate';
import { listAccounts } from '../../api/accounts';
import { accountsListMachine, type AccountsPageRequest } from './list.machine';
import { describeError as describe } from '../shared/describe-error';

/** User/Devices with its real call (GET /stores/accounts, scope 'store'). */

export function liveAccountsListMachine() {
  return accountsListMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: AccountsPageRequest }) =>
        listAccounts({
          scope: 'store',
          limit: input.limit,
          offset: input.offset,
          ...(input.filter.kind !== 'all' ? { kind: input.filter.kind } : {}),
          ...(input.filter.search !== '' ? { search: input.filter.search } : {}),
        }),
      ),
    },
    actions: { logLoadFailure: (_, { error }) => console.info('Accounts did not load', describe(error)) },
  });
}
