import { DeliveryStatusSchema } from '../../api/logistics';
import { isDay } from '../../lib/calendar-days';
import type { DeliveriesFilter } from '../../machines/journal/events';
import { pageQuery } from '../shared/url-paged-list';

/**
 * The delivery orders list's URL: /delivery-orders?status=assigned&from=2026-11-20&to=2026-11-22
 * &truck=Van%202&q=ana&page=2. Reload, back and forward restore all of it; a value that does not
 * parse is ignored, not an error.
 */
export const NO_DELIVERY_FILTER: DeliveriesFilter = { status: null, from: null, to: null, truck: null, text: '' };

const dayParam = (value: string | null): string | null => (value !== null && isDay(value) ? value : null);

export function deliveriesFilterFromUrl(params: URLSearchParams): DeliveriesFilter {
  const status = DeliveryStatusSchema.safeParse(params.get('status'));
  const truck = (params.get('truck') ?? '').trim();
  return {
    status: status.success ? status.data : null,
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
    truck: truck === '' ? null : truck,
    text: (params.get('q') ?? '').trim(),
  };
}

export { pageFromUrl } from '../shared/url-paged-list';

/** The query for a filter and a 0-based page; defaults are left out so URLs stay short. */
export function deliveriesQueryFor(filter: DeliveriesFilter, page: number): Record<string, string> {
  return {
    ...(filter.status !== null ? { status: filter.status } : {}),
    ...(filter.from !== null ? { from: filter.from } : {}),
    ...(filter.to !== null ? { to: filter.to } : {}),
    ...(filter.truck !== null ? { truck: filter.truck } : {}),
    ...(filter.text !== '' ? { q: filter.text } : {}),
    ...pageQuery(page),
  };
}

/** How many drawer choices narrow the list (the Filters button's badge); the text has its own bar. */
export function activeDeliveryFilterCount(filter: DeliveriesFilter): number {
  return (filter.status !== null ? 1 : 0) + (filter.from !== null || filter.to !== null ? 1 : 0) + (filter.truck !== null ? 1 : 0);
}

export const deliveryPath = (id: number, tab: DeliveryTab = 'summary') => `/delivery-order/${id}/${tab}`;

export const DELIVERY_TABS = ['summary', 'route'] as const;
export type DeliveryTab = (typeof DELIVERY_TABS)[number];
export const isDeliveryTab = (tab: string | undefined): tab is DeliveryTab => DELIVERY_TABS.includes(tab as DeliveryTab);
