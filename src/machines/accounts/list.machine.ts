import { setup, type SnapshotFrom } from 'xstate';
import type { Account } from '../../api/accounts';
import type { PagedList } from '../../api/codecs';
import type { LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';
import { pagedListStates, pageWindow } from '../shared/paged-list';

/**
 * User/Devices (/accounts): the current store's operator and device accounts, paged, searched and
 * narrowed by kind, all from the URL. The page stays in this machine (like the reviews list and
 * Settings → Operators): nothing else in the console reads it, so it is not journalled. The page
 * on screen stays while the next one loads, so paging does not flash skeletons.
 */
export const ACCOUNTS_PAGE_SIZE = 10;

export type AccountKindFilter = 'all' | NonNullable<Account['kind']>;

export interface AccountsFilter {
  kind: AccountKindFilter;
  /** '' for none. */
  search: string;
}

export interface AccountsPageRequest {
  filter: AccountsFilter;
  limit: number;
  offset: number;
}

interface AccountsListContext extends LoadFailureContext {
  filter: AccountsFilter;
  /** 0-based; the URL shows it 1-based. */
  page: number;
  /** The last page loaded (kept while another loads); null before the first. */
  list: PagedList<Account> | null;
}

export type AccountsListEvent = { type: 'accounts.show'; filter: AccountsFilter; page: number } | { type: 'accounts.retry' };

const list = pagedListStates<AccountsListContext, AccountsListEvent>();

export const accountsListMachine = setup({
  types: {
    input: {} as { filter: AccountsFilter; page: number },
    context: {} as AccountsListContext,
    events: {} as AccountsListEvent,
  },
  actors: {
    loadPage: promiseNotProvided<PagedList<Account>, AccountsPageRequest>('loadPage'),
  },
  actions: {
    logLoadFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'accountsList',
  context: ({ input }) => ({ filter: input.filter, page: Math.max(0, input.page), list: null, loadFailure: null }),
  ...list.region({
    show: 'accounts.show',
    shown: (event) => ({ filter: event.filter, page: Math.max(0, event.page) }),
    retry: 'accounts.retry',
    input: ({ context }) => ({ filter: context.filter, ...pageWindow(context.page, ACCOUNTS_PAGE_SIZE) }),
    loaded: list.keepLoaded((page: PagedList<Account>) => ({ list: page })),
  }),
});

type AccountsListSnapshot = SnapshotFrom<typeof accountsListMachine>;
export const selectAccountsPhase = (s: AccountsListSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
export const selectAccountsList = (s: AccountsListSnapshot) => s.context.list;
