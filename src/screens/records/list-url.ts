import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { sameValue } from '../../lib/same-value';
import type { RecordListPhase } from '../../machines/shared/record-list.machine';
import { pageFromUrl, searchQuery, useUrlPagedList } from '../shared/url-paged-list';
import type { RecordListView } from './record-list-parts';

/**
 * The trucks and pickup locations lists keep their search (?q=) and 1-based page (?page=) in the
 * URL, so reload and back restore them. The page is the screen's: the list arrives whole, and the
 * machine holds only the query (the search, and for trucks the status tab of the path).
 */

/** The search and page the URL names, read before the list's actor starts (its input). */
export function useListUrl() {
  const [params] = useSearchParams();
  return { search: params.get('q') ?? '', page: pageFromUrl(params) };
}

/** The record list machine loads a query; another page of the same query asks it nothing. */
const RECORD_LIST = {
  shows: <TQuery>({ context }: { context: { query: TQuery } }, query: TQuery) => sameValue(context.query, query),
  show: <TQuery>(query: TQuery) => ({ type: 'list.show' as const, query }),
};

const recordListQuery = ({ search }: { search: string }, page: number) => searchQuery(search, page);

/**
 * The shared URL wiring (src/screens/shared/url-paged-list.ts) for a list that arrives whole:
 * `query` is what the URL names (one object per URL), the page's rows are counted here.
 */
export function useRecordListUrl<TQuery extends { search: string }>({
  actor,
  query,
  page,
  phase,
  view,
}: {
  actor: { getSnapshot(): { context: { query: TQuery } }; send(event: { type: 'list.show'; query: TQuery }): void };
  query: TQuery;
  page: number;
  phase: RecordListPhase;
  view: RecordListView<unknown>;
}) {
  const [, setParams] = useSearchParams();
  const limit = Math.max(1, view.limit);
  const rows = Math.max(0, Math.min(limit, view.total - page * limit));
  const loaded = phase === 'ready' && view.loaded ? { total: view.total, limit: view.limit, rows } : null;
  const { show, filterRef, onPage } = useUrlPagedList({ actor, machine: RECORD_LIST, filter: query, page, queryFor: recordListQuery, setParams, loaded });
  // A new search starts on the first page; typing does not fill the history.
  const setSearch = useCallback((search: string) => show({ ...filterRef.current, search }, 0, true), [show, filterRef]);
  return { setSearch, onPage };
}
