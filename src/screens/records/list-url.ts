import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The trucks and pickup locations lists keep their search (?q=) and 1-based page (?page=) in the
 * URL, so reload and back restore them. The page is local: the list arrives whole.
 */
export function pageFromUrl(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

export function queryFor(search: string, page: number): Record<string, string> {
  return { ...(search !== '' ? { q: search } : {}), ...(page > 0 ? { page: String(page + 1) } : {}) };
}

/** `path` with the search and page of a list, e.g. /trucks/maintenance?q=van&page=2. */
export function listUrl(path: string, search: string, page = 0): string {
  const query = new URLSearchParams(queryFor(search, page)).toString();
  return query ? `${path}?${query}` : path;
}

export function useListUrl() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = pageFromUrl(params);
  // A new search starts on the first page; typing does not fill the history.
  const setSearch = useCallback((next: string) => setParams(queryFor(next, 0), { replace: true }), [setParams]);
  const setPage = useCallback((next: number, options: { replace?: boolean } = {}) => setParams(queryFor(search, next), options), [setParams, search]);
  return { search, page, setSearch, setPage };
}
