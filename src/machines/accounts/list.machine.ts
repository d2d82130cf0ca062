import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Account } from '../../api/accounts';
import type { PagedList } from '../../api/codecs';
import { offsetForPage } from '../../lib/paging';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

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
  initial: 'loading',
  on: {
    // A newer filter or page replaces a load still running (the invoke restarts).
    'accounts.show': {
      target: '.loading',
      actions: assign({ filter: ({ event }) => event.filter, page: ({ event }) => Math.max(0, event.page) }),
    },
  },
  states: {
    loading: {
      tags: 'busy',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, limit: ACCOUNTS_PAGE_SIZE, offset: offsetForPage(context.page, ACCOUNTS_PAGE_SIZE) }),
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    failed: {
      description: 'The failure and Retry.',
      on: { 'accounts.retry': 'loading' },
    },
    ready: {},
  },
});

type AccountsListSnapshot = SnapshotFrom<typeof accountsListMachine>;
export const selectAccountsPhase = (s: AccountsListSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
export const selectAccountsList = (s: AccountsListSnapshot) => s.context.list;
