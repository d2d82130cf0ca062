import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { SetURLSearchParams, URLSearchParamsInit } from 'react-router-dom';
import { pageCount } from '../../lib/paging';
import { sameValue } from '../../lib/same-value';

/**
 * How every paged list keeps its place in the URL: the page 1-based (?page=2) and left out on the
 * first; whatever else a list names (a tab, a search, filters) beside it, with each list's own
 * parameter names. Reload, back and forward restore the page shown.
 */

/** The 0-based page of a 1-based ?page= (anything but a whole number from 1 up is the first page). */
export function pageFromUrl(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/** The ?page= of a 0-based page; none on the first, so URLs stay short. */
export function pageQuery(page: number): { page?: string } {
  return page > 0 ? { page: String(page + 1) } : {};
}

/** The query of a list with a search bar: ?q=van&page=2, both left out when empty or first. */
export function searchQuery(search: string, page: number): Record<string, string> {
  return { ...(search !== '' ? { q: search } : {}), ...pageQuery(page) };
}

/** `path` with the search and page of a list, e.g. /trucks/maintenance?q=van&page=2. */
export function listUrl(path: string, search: string, page = 0): string {
  const query = new URLSearchParams(searchQuery(search, page)).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * How a list's machine is told what to show, and asked whether it shows (or loads) it already.
 * Module-level functions, so the hook's effects and callbacks stay put.
 */
export interface PagedListMachine<TFilter, TSnapshot, TEvent> {
  shows: (snapshot: TSnapshot, filter: TFilter, page: number) => boolean;
  show: (filter: TFilter, page: number) => TEvent;
}

/** The machine of most lists: its context holds `filter` and `page`, and event `type` carries both. */
export function filterAndPage<TType extends string>(type: TType) {
  return {
    shows: <TFilter>({ context }: { context: { filter: TFilter; page: number } }, filter: TFilter, page: number) =>
      context.page === page && sameValue(context.filter, filter),
    show: <TFilter>(filter: TFilter, page: number) => ({ type, filter, page }),
  };
}

/** What a load answered for the page the URL names: how many rows that page has, of how many, `limit` a page. */
export interface LoadedPage {
  total: number;
  limit: number;
  rows: number;
}

export interface UrlPagedList<TFilter> {
  /** The operator's choice: to the machine at once (the request starts on the click) and to the URL. */
  show: (next: TFilter, nextPage?: number, replace?: boolean) => void;
  /** The filter the URL holds now, through a ref so memoised toolbars keep the same callbacks. */
  filterRef: RefObject<TFilter>;
  /** Another page of the same filter (a new history entry). */
  onPage: (page: number) => void;
  /** The URL names a page past the last: it is being replaced by the last, so a screen may show nothing meanwhile. */
  pastTheEnd: boolean;
}

/**
 * The URL ↔ machine wiring every paged list screen shares. The URL is the source of truth: back,
 * forward, reload and links reach the machine through it (an effect tells the machine when the URL
 * names what it does not show). The operator's own choices go to the machine first and to the URL
 * with them, so the router's transition finds the machine already showing it. A page past the end
 * (the only row of the last page deleted or handed over, a narrower filter, an old link) is
 * replaced by the last page, in place in the history.
 */
export function useUrlPagedList<TFilter, TSnapshot, TEvent>({
  actor,
  machine,
  filter,
  page,
  queryFor,
  setParams,
  loaded,
}: {
  // Method syntax: the actor's own send takes its whole event union, this one of them.
  actor: { getSnapshot(): TSnapshot; send(event: TEvent): void };
  machine: PagedListMachine<TFilter, TSnapshot, TEvent>;
  /**
   * What the URL names besides the page, and the 0-based page. One value per URL (memoised, or a
   * primitive): a new object every render would send the machine back to the URL's old view while
   * the router's transition to the operator's choice is still pending.
   */
  filter: TFilter;
  page: number;
  /** The query for a filter and a 0-based page (stable: a module-level function). */
  queryFor: (filter: TFilter, page: number) => URLSearchParamsInit;
  setParams: SetURLSearchParams;
  /** The load's answer for this filter and page, null while it loads or when it failed. */
  loaded: LoadedPage | null;
}): UrlPagedList<TFilter> {
  useEffect(() => {
    if (!machine.shows(actor.getSnapshot(), filter, page)) actor.send(machine.show(filter, page));
  }, [filter, page, actor, machine]);

  const show = useCallback(
    (next: TFilter, nextPage = 0, replace = false) => {
      if (!machine.shows(actor.getSnapshot(), next, nextPage)) actor.send(machine.show(next, nextPage));
      setParams(queryFor(next, nextPage), { replace });
    },
    [actor, machine, queryFor, setParams],
  );
  const filterRef = useRef(filter);
  useEffect(() => {
    filterRef.current = filter;
  }, [filter]);
  const onPage = useCallback((next: number) => show(filterRef.current, next), [show]);

  // An empty answer past the last page: the server's count says which page is the last.
  const lastPage = loaded === null ? 0 : Math.max(0, pageCount(loaded) - 1);
  const pastTheEnd = loaded !== null && loaded.rows === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) show(filterRef.current, lastPage, true);
  }, [pastTheEnd, lastPage, show]);

  return { show, filterRef, onPage, pastTheEnd };
}
