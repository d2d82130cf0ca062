import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { dayEnd, dayStart, defaultSortFor, OrderFiltersWireSchema, ordersFilterBody, type OrdersListFilter, type OrdersTab } from '../../src/api/orders';
import { activeFilterCount, filterFromUrl, pageFromUrl, queryFor, STATUSES_BY_TAB } from '../../src/screens/orders/orders-url';

/**
 * The orders list's filter on its two boundaries: the request body of
 * POST /stores/orders/pagination/filters, and the URL that reload and back restore it from.
 */
const filter = (overrides: Partial<OrdersListFilter> = {}): OrdersListFilter => ({
  tab: 'sold',
  statuses: [],
  from: null,
  to: null,
  search: '',
  sort: 'newest',
  ...overrides,
});

const seconds = (ms: number) => ms / 1000;
const localMidnight = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();

const tabArbitrary = fc.constantFrom<OrdersTab>('pending', 'sold');
/** Any real day from 2020 to 2030, as YYYY-MM-DD. */
const dayArbitrary = fc.date({ min: new Date(2020, 0, 1), max: new Date(2030, 11, 31), noInvalidDate: true }).map((d) =>
  [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('-'),
);
/** A filter the drawer can produce: statuses of its tab, no repeats, a trimmed search. */
const validFilter: fc.Arbitrary<OrdersListFilter> = tabArbitrary.chain((tab) =>
  fc.record({
    tab: fc.constant(tab),
    statuses: fc.uniqueArray(fc.constantFrom(...STATUSES_BY_TAB[tab])),
    from: fc.option(dayArbitrary, { nil: null }),
    to: fc.option(dayArbitrary, { nil: null }),
    search: fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => s.trim()),
    sort: fc.constantFrom('newest' as const, 'oldest' as const, 'pickup' as const),
  }),
);

describe('dayStart and dayEnd', () => {
  it('a day is local midnight to its last second', () => {
    expect(dayStart('2026-11-15')).toBe(localMidnight(2026, 11, 15));
    expect(dayEnd('2026-11-15')).toBe(localMidnight(2026, 11, 16) - 1000);
    expect(dayEnd('2026-12-31')).toBe(localMidnight(2027, 1, 1) - 1000);
    expect(dayStart('2024-02-29')).toBe(localMidnight(2024, 2, 29));
  });

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-2-3', '26-02-03', '2026-02-03T00:00', ' 2026-02-03', 'today', ''])(
    'rejects %j',
    (day) => {
      expect(dayStart(day)).toBeNull();
      expect(dayEnd(day)).toBeNull();
    },
  );

  describe('in a zone with daylight saving time', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it('the 23-hour and the 25-hour day end at their last second', () => {
      process.env.TZ = 'Europe/Madrid';
      // Clocks go forward on 2026-03-29 and back on 2026-10-25.
      expect((dayEnd('2026-03-29')! + 1000 - dayStart('2026-03-29')!) / 3600_000).toBe(23);
      expect((dayEnd('2026-10-25')! + 1000 - dayStart('2026-10-25')!) / 3600_000).toBe(25);
      expect(dayEnd('2026-03-29')! + 1000).toBe(dayStart('2026-03-30'));
    });
  });
});

describe('ordersFilterBody', () => {
  it('the tab and the sort alone when nothing is chosen', () => {
    expect(ordersFilterBody(filter())).toEqual({ tab: 'sold', sort: 'newest' });
    expect(ordersFilterBody(filter({ tab: 'pending', sort: 'pickup' }))).toEqual({ tab: 'pending', sort: 'pickup' });
  });

  it('days become unix seconds: the start of the first day to the last second of the last', () => {
    const body = ordersFilterBody(filter({ from: '2026-11-15', to: '2026-11-22' }));
    expect(body).toEqual({ tab: 'sold', date_from: seconds(localMidnight(2026, 11, 15)), date_to: seconds(localMidnight(2026, 11, 23)) - 1, sort: 'newest' });
    expect(Number.isInteger(body.date_from)).toBe(true);
    expect(ordersFilterBody(filter({ from: '2026-11-15' }))).toEqual({ tab: 'sold', date_from: seconds(localMidnight(2026, 11, 15)), sort: 'newest' });
    expect(ordersFilterBody(filter({ to: '2026-11-15' }))).toEqual({ tab: 'sold', date_to: seconds(localMidnight(2026, 11, 16)) - 1, sort: 'newest' });
  });

  it('statuses are sent as chosen; the search is trimmed, and left out when blank', () => {
    expect(ordersFilterBody(filter({ statuses: ['PICKED_UP', 'CANCELLED'], search: '  ana  ', sort: 'oldest' }))).toEqual({
      tab: 'sold',
      statuses: ['PICKED_UP', 'CANCELLED'],
      search: 'ana',
      sort: 'oldest',
    });
    expect(ordersFilterBody(filter({ search: ' \t ' }))).toEqual({ tab: 'sold', sort: 'newest' });
  });

  it('a day that is not a real day is left out rather than sent', () => {
    expect(ordersFilterBody(filter({ from: '2026-02-30', to: 'soon' }))).toEqual({ tab: 'sold', sort: 'newest' });
  });

  it('the body does not share the filter arrays (the journal holds the filter)', () => {
    const chosen = filter({ statuses: ['PICKED_UP'] });
    const body = ordersFilterBody(chosen);
    body.statuses!.push('CANCELLED');
    expect(chosen.statuses).toEqual(['PICKED_UP']);
  });

  it('every body is one the server accepts, and its dates follow the days', () => {
    fc.assert(
      fc.property(validFilter, (f) => {
        const body = ordersFilterBody(f);
        expect(OrderFiltersWireSchema.parse(body)).toEqual(body);
        expect(body.tab).toBe(f.tab);
        expect(body.sort).toBe(f.sort);
        expect('statuses' in body).toBe(f.statuses.length > 0);
        expect(body.date_from).toBe(f.from === null ? undefined : seconds(dayStart(f.from)!));
        expect(body.date_to).toBe(f.to === null ? undefined : seconds(dayEnd(f.to)!));
        const inOrder = f.from !== null && f.to !== null && f.from <= f.to;
        expect(!inOrder || body.date_from! < body.date_to!).toBe(true);
      }),
    );
  });
});

// ---- the URL --------------------------------------------------------------------------------

const url = (query: Record<string, string>) => new URLSearchParams(query);

describe('the orders URL', () => {
  it('round trip: the filter and page a URL was made for are what it reads back', () => {
    fc.assert(
      fc.property(validFilter, fc.nat({ max: 500 }), (f, page) => {
        // Through the address bar's text, as a reload would.
        const params = new URLSearchParams(url(queryFor(f, page)).toString());
        expect(filterFromUrl(f.tab, params)).toEqual(f);
        expect(pageFromUrl(params)).toBe(page);
      }),
    );
  });

  it('defaults are left out of the URL', () => {
    expect(queryFor(filter({ tab: 'sold', sort: defaultSortFor('sold') }), 0)).toEqual({});
    expect(queryFor(filter({ tab: 'pending', sort: defaultSortFor('pending') }), 0)).toEqual({});
    expect(queryFor(filter({ statuses: ['PICKED_UP', 'CANCELLED'], from: '2026-11-15', to: '2026-11-22', search: 'ana', sort: 'oldest' }), 1)).toEqual({
      status: 'PICKED_UP,CANCELLED',
      from: '2026-11-15',
      to: '2026-11-22',
      q: 'ana',
      sort: 'oldest',
      page: '2',
    });
  });

  it('a bare URL opens each tab with its default sort', () => {
    expect(filterFromUrl('pending', url({}))).toEqual(filter({ tab: 'pending', sort: 'pickup' }));
    expect(filterFromUrl('sold', url({}))).toEqual(filter({ tab: 'sold', sort: 'newest' }));
  });

  it('values that do not parse are ignored, not errors', () => {
    const read = filterFromUrl('sold', url({ status: 'BOGUS,,PICKED_UP,picked_up', from: '2026-02-30', to: '22/11/2026', sort: 'cheapest', q: '  ana  ' }));
    expect(read).toEqual(filter({ statuses: ['PICKED_UP'], search: 'ana' }));
    for (const page of ['abc', '0', '-2', '1.5', '', '1e3x']) expect(pageFromUrl(url({ page }))).toBe(0);
    expect(pageFromUrl(url({ page: '3' }))).toBe(2);
  });

  it('statuses the tab cannot hold are dropped, repeats kept once', () => {
    expect(filterFromUrl('pending', url({ status: 'PICKED_UP,PENDING,CANCELLED,PENDING' })).statuses).toEqual(['PENDING']);
    expect(filterFromUrl('sold', url({ status: 'PENDING,NON_PICKED_UP,CANCELLED_BY_STORE' })).statuses).toEqual(['CANCELLED_BY_STORE']);
  });

  it('any URL reads as a valid filter of its tab', () => {
    fc.assert(
      fc.property(tabArbitrary, fc.dictionary(fc.constantFrom('status', 'from', 'to', 'q', 'sort', 'page', 'other'), fc.string({ maxLength: 40 })), (tab, query) => {
        const read = filterFromUrl(tab, url(query));
        expect(read.tab).toBe(tab);
        for (const status of read.statuses) expect(STATUSES_BY_TAB[tab]).toContain(status);
        expect(new Set(read.statuses).size).toBe(read.statuses.length);
        expect([read.from, read.to].filter((day) => day !== null).map(dayStart)).not.toContain(null);
        expect(read.search).toBe(read.search.trim());
        expect(['newest', 'oldest', 'pickup']).toContain(read.sort);
        expect(Number.isInteger(pageFromUrl(url(query)))).toBe(true);
      }),
    );
  });

  it('the Filters badge counts statuses, the date range and a non-default sort (not the search)', () => {
    expect(activeFilterCount(filter())).toBe(0);
    expect(activeFilterCount(filter({ search: 'ana' }))).toBe(0);
    expect(activeFilterCount(filter({ statuses: ['PICKED_UP'], from: '2026-11-15', to: '2026-11-22', sort: 'oldest' }))).toBe(3);
    expect(activeFilterCount(filter({ to: '2026-11-22' }))).toBe(1);
  });
});
