import { dayStart, defaultSortFor, OrdersSortSchema, PickupStatusFilterSchema, type OrdersListFilter, type OrdersTab, type PickupStatusFilter } from '../../api/orders';
import { pageQuery } from '../shared/url-paged-list';

/**
 * The orders list's URL: the tab in the path (/operations/orders/pending, /operations/orders/sold;
 * Past Orders opens /operations/orders/filter/sold), the drawer's choices and the page in the
 * query: ?status=PICKED_UP,CANCELLED_BY_STORE&from=2026-11-15&to=2026-11-22&q=ana&sort=oldest&page=2.
 * Reload and back restore all of it; a value that does not parse is ignored, not an error.
 */
export const ORDERS_TABS: readonly OrdersTab[] = ['pending', 'sold'];

/** The statuses each tab can hold, in the order the drawer lists them. */
export const STATUSES_BY_TAB: Record<OrdersTab, readonly PickupStatusFilter[]> = {
  pending: ['PENDING', 'NON_PICKED_UP'],
  sold: ['PICKED_UP', 'CANCELLED_BY_CONSUMER', 'CANCELLED_BY_STORE', 'CANCELLED'],
};

export const pathForTab = (tab: OrdersTab) => `/operations/orders/${tab}`;

function dayParam(value: string | null): string | null {
  return value !== null && dayStart(value) !== null ? value : null;
}

export function filterFromUrl(tab: OrdersTab, params: URLSearchParams): OrdersListFilter {
  const allowed = STATUSES_BY_TAB[tab];
  const statuses = (params.get('status') ?? '')
    .split(',')
    .map((s) => PickupStatusFilterSchema.safeParse(s))
    .flatMap((parsed) => (parsed.success && allowed.includes(parsed.data) ? [parsed.data] : []));
  const sort = OrdersSortSchema.safeParse(params.get('sort'));
  return {
    tab,
    statuses: [...new Set(statuses)],
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
    search: (params.get('q') ?? '').trim(),
    sort: sort.success ? sort.data : defaultSortFor(tab),
  };
}

export { pageFromUrl } from '../shared/url-paged-list';

/** The query for a filter and a 0-based page; defaults are left out so URLs stay short. */
export function queryFor(filter: OrdersListFilter, page: number): Record<string, string> {
  return {
    ...(filter.statuses.length > 0 ? { status: filter.statuses.join(',') } : {}),
    ...(filter.from !== null ? { from: filter.from } : {}),
    ...(filter.to !== null ? { to: filter.to } : {}),
    ...(filter.search !== '' ? { q: filter.search } : {}),
    ...(filter.sort !== defaultSortFor(filter.tab) ? { sort: filter.sort } : {}),
    ...pageQuery(page),
  };
}

/** How many drawer choices narrow the list (the Filters button's badge). */
export function activeFilterCount(filter: OrdersListFilter): number {
  return (filter.statuses.length > 0 ? 1 : 0) + (filter.from !== null || filter.to !== null ? 1 : 0) + (filter.sort !== defaultSortFor(filter.tab) ? 1 : 0);
}
