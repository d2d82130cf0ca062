import type { AccountKindFilter, AccountsFilter } from '../../machines/accounts';
import { pageQuery } from '../shared/url-paged-list';

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

/** The query for a filter and a 0-based page; defaults are left out. */
export function accountsQueryFor(filter: AccountsFilter, page: number): Record<string, string> {
  return {
    ...(filter.kind !== 'all' ? { kind: filter.kind } : {}),
    ...(filter.search !== '' ? { q: filter.search } : {}),
    ...pageQuery(page),
  };
}
