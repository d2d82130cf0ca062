import type { Account } from '../../api/accounts';
import type { PagedList } from '../../api/codecs';
import { ApiError } from '../../api/errors';
import { accountsListMachine, type AccountsFilter } from './list.machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the User/Devices list graph is explored with, from the first page of every kind:
 * the devices searching "till" on page 2 (one fixed filter), Retry; a page and a failure.
 */
export const account = (id: number, overrides: Partial<Account> = {}): Account => ({
  id,
  store_id: 1,
  store_name: 'Bakery Sol',
  kind: 'operator',
  holder: `op${id}@store.test`,
  ...overrides,
});

export const accountsPageOf = (accounts: Account[], total = accounts.length, offset = 0): PagedList<Account> => ({ data: accounts, limit: 10, offset, total });

export const ALL_ACCOUNTS: AccountsFilter = { kind: 'all', search: '' };
export const DEVICES_TILL: AccountsFilter = { kind: 'device', search: 'till' };

export const accountsListPathEvents = [
  { type: 'accounts.show', filter: DEVICES_TILL, page: 1 },
  { type: 'accounts.retry' },
  { type: 'xstate.done.actor.loadPage', output: accountsPageOf([account(1), account(2, { kind: 'device', holder: 'Till 1' })], 2) },
  { type: 'xstate.error.actor.loadPage', error: new ApiError({ kind: 'http', status: 503, operation: 'GET /stores/accounts', message: 'Unavailable' }) },
] satisfies readonly PathEvent<typeof accountsListMachine>[];

export const accountsListPathModel: PathModel<typeof accountsListMachine> = {
  machine: accountsListMachine,
  input: { filter: ALL_ACCOUNTS, page: 0 },
  events: accountsListPathEvents,
};
