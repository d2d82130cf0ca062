import type { AccountKindFilter, AccountsFilter } from '../../machines/accounts/list.machine';

/**
 * User/Devices' URL: /accounts?kind=device&q=till&page=2. Reload, back and forward restore it; a
 * value that does not parse is ignored.
 */
export const ACCOUNT_KINDS: readonly AccountKindFilter[] = ['all', 'operator', 'device'];

export function accountsFilterFromUrl(params: URLSearchParams): AccountsFilter {
  const kind = params.get('kind');
  return {
    kind: kind === 'operator' || kind === 'device' ? kind : 'all',
    search: (params.get('q') ?? '').trim(),
  };
}

export function accountsPageFromUrl(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/** The query for a filter and a 0-based page; defaults are left out. */
export function accountsQueryFor(filter: AccountsFilter, page: number): Record<string, string> {
  return {
    ...(filter.kind !== 'all' ? { kind: filter.kind } : {}),
    ...(filter.search !== '' ? { q: filter.search } : {}),
    ...(page > 0 ? { page: String(page + 1) } : {}),
  };
}
