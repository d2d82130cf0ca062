import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import { sameValue } from '../../lib/same-value';

/** A paged list machine shown from the URL: it holds a filter and a page and takes `{type}.show`. */
interface UrlListActor<TType extends string, TFilter> {
  getSnapshot(): { context: { filter: TFilter; page: number } };
  // Method syntax: the actor's own send takes its whole event union, this one of them.
  send(event: { type: TType; filter: TFilter; page: number }): void;
}

export interface UrlPagedList<TFilter> {
  /** The operator's choice: to the machine at once (the request starts on the click) and to the URL. */
  show: (next: TFilter, nextPage?: number, replace?: boolean) => void;
  /** The filter the URL holds now, through a ref so memoised toolbars keep the same callbacks. */
  filterRef: RefObject<TFilter>;
  onPage: (page: number) => void;
}

/**
 * The URL ↔ machine wiring every paged list screen shares (orders, delivery orders, User/Devices):
 * back, forward and reload reach the machine through the URL (an effect sends `{type}.show` when
 * the URL differs from what the machine shows); the operator's own choices go to the machine first
 * and to the URL with them, so the router's transition finds the machine already showing it.
 */
export function useUrlPagedList<TType extends string, TFilter>({
  actor,
  showEvent,
  filter,
  page,
  queryFor,
  setParams,
}: {
  actor: UrlListActor<TType, TFilter>;
  showEvent: TType;
  filter: TFilter;
  page: number;
  /** The query for a filter and a 0-based page (stable: a module-level function). */
  queryFor: (filter: TFilter, page: number) => Record<string, string>;
  setParams: SetURLSearchParams;
}): UrlPagedList<TFilter> {
  useEffect(() => {
    const { context } = actor.getSnapshot();
    if (!sameValue(context.filter, filter) || page !== context.page) actor.send({ type: showEvent, filter, page });
  }, [filter, page, actor, showEvent]);

  const show = useCallback(
    (next: TFilter, nextPage = 0, replace = false) => {
      actor.send({ type: showEvent, filter: next, page: nextPage });
      setParams(queryFor(next, nextPage), { replace });
    },
    [actor, showEvent, queryFor, setParams],
  );
  const filterRef = useRef(filter);
  useEffect(() => {
    filterRef.current = filter;
  }, [filter]);
  const onPage = useCallback((next: number) => show(filterRef.current, next), [show]);
  return { show, filterRef, onPage };
}
