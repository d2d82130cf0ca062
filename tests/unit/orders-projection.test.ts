import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order, OrdersListFilter } from '../../src/api/orders';
import type { HomeData } from '../../src/api/stores';
import type { DomainEvent } from '../../src/machines/journal/events';
import { initialProjectionState, reduceEvents } from '../../src/machines/journal/journal';
import { belongsToTab, type OrdersView } from '../../src/machines/journal/projections';
import { MONDAY_9AM, MONDAY_9AM_SECONDS } from '../../src/machines/path-model/fixtures';
import { order, ordersPageOf } from '../../src/machines/orders/list.paths';

/**
 * The orders projection (one page of the orders list, edited in place by the journal's order
 * facts) and the overview figures those facts move (the store projection's home data).
 */
const AT = MONDAY_9AM;
const PENDING: OrdersListFilter = { tab: 'pending', statuses: [], from: null, to: null, search: '', sort: 'pickup' };
const SOLD: OrdersListFilter = { tab: 'sold', statuses: [], from: null, to: null, search: '', sort: 'newest' };

const loaded = (filter: OrdersListFilter, orders: Order[], total = orders.length): DomainEvent => ({ type: 'orders.loaded', at: AT, filter, page: ordersPageOf(orders, total) });
const statusChanged = (o: Order, status: number): DomainEvent => ({ type: 'order.statusChanged', at: AT, order: o, status });
const cancelled = (o: Order): DomainEvent => ({ type: 'order.cancelled', at: AT, order: o });
const refused = (o: Order, attempted: number): DomainEvent => ({ type: 'order.changeRefused', at: AT, order: o, attempted });

const ordersAfter = (...events: DomainEvent[]): OrdersView => reduceEvents(events).orders;
const ids = (view: OrdersView) => view.items.map((o) => o.id);

const [A, B, C] = [order(20001), order(20002), order(20003)];
const PENDING_PAGE = loaded(PENDING, [A, B, C], 13);
const SOLD_ORDERS = [order(20011, { status: 1, pickup_date: MONDAY_9AM_SECONDS - 600 }), order(20012, { status: 2 }), order(20013, { status: 1 })];
const SOLD_PAGE = loaded(SOLD, SOLD_ORDERS, 23);

describe('orders projection', () => {
  it('holds the page as loaded', () => {
    expect(ordersAfter()).toMatchObject({ items: [], loaded: false });
    expect(ordersAfter(PENDING_PAGE)).toEqual({ filter: PENDING, items: [A, B, C], limit: 10, offset: 0, total: 13, loaded: true, takenFrom: {} });
  });

  it('belongsToTab: pending holds code 0, sold every other code', () => {
    expect([0, 1, 2, 3].map((s) => belongsToTab('pending', s))).toEqual([true, false, false, false]);
    expect([0, 1, 2, 3].map((s) => belongsToTab('sold', s))).toEqual([false, true, true, true]);
  });

  describe('the pending tab', () => {
    it('a picked-up order leaves the page and the total drops', () => {
      const view = ordersAfter(PENDING_PAGE, statusChanged(B, 1));
      expect(ids(view)).toEqual([20001, 20003]);
      expect(view.total).toBe(12);
    });

    it('a cancelled order leaves the page too', () => {
      const view = ordersAfter(PENDING_PAGE, cancelled(A));
      expect(ids(view)).toEqual([20002, 20003]);
      expect(view.total).toBe(12);
    });

    it('a refusal puts the order back at its index, as it was, and the total back', () => {
      const before = ordersAfter(PENDING_PAGE);
      expect(ordersAfter(PENDING_PAGE, statusChanged(B, 1), refused(B, 1))).toEqual(before);
      expect(ordersAfter(PENDING_PAGE, cancelled(C), refused(C, 3))).toEqual(before);
      expect(ordersAfter(PENDING_PAGE, cancelled(A), refused(A, 3))).toEqual(before);
    });

    it('a refusal for an order another page showed does not add it to this one', () => {
      // The order page refuses "picked up" for an order that is not on the pending page on file.
      const elsewhere = order(20099);
      expect(ordersAfter(PENDING_PAGE, statusChanged(elsewhere, 1), refused(elsewhere, 1))).toEqual(ordersAfter(PENDING_PAGE));
    });

    it('changes for orders not on the page leave it as it is', () => {
      const before = ordersAfter(PENDING_PAGE);
      expect(ordersAfter(PENDING_PAGE, statusChanged(order(20099), 1))).toEqual(before);
      expect(ordersAfter(PENDING_PAGE, cancelled(order(20099)))).toEqual(before);
    });
  });

  describe('the sold tab', () => {
    it('a cancel changes the row in place; the other rows stay the same objects', () => {
      const before = reduceEvents([SOLD_PAGE]);
      const view = reduceEvents([cancelled(SOLD_ORDERS[0])], before).orders;
      expect(ids(view)).toEqual([20011, 20012, 20013]);
      expect(view.total).toBe(23);
      expect(view.items[0]).toEqual({ ...SOLD_ORDERS[0], status: 3 });
      expect(view.items[1]).toBe(before.orders.items[1]);
      expect(view.items[2]).toBe(before.orders.items[2]);
    });

    it('picked up again records the time it happened', () => {
      const view = ordersAfter(SOLD_PAGE, statusChanged(SOLD_ORDERS[1], 1));
      expect(view.items[1]).toEqual({ ...SOLD_ORDERS[1], status: 1, pickup_date: AT });
    });

    it('back to pending leaves the sold tab; a refusal puts it back', () => {
      const view = ordersAfter(SOLD_PAGE, statusChanged(SOLD_ORDERS[0], 0));
      expect(ids(view)).toEqual([20012, 20013]);
      expect(view.total).toBe(22);
      expect(ordersAfter(SOLD_PAGE, statusChanged(SOLD_ORDERS[0], 0), refused(SOLD_ORDERS[0], 0))).toEqual(ordersAfter(SOLD_PAGE));
    });

    it('a refused in-place change restores the row as it was', () => {
      expect(ordersAfter(SOLD_PAGE, cancelled(SOLD_ORDERS[2]), refused(SOLD_ORDERS[2], 3))).toEqual(ordersAfter(SOLD_PAGE));
    });
  });

  it('a refusal before any page arrived changes nothing', () => {
    expect(ordersAfter(refused(A, 1))).toEqual(initialProjectionState().orders);
  });

  it('a store switch forgets the page', () => {
    expect(ordersAfter(PENDING_PAGE, { type: 'store.switched', at: AT, fromStoreId: 1, toStoreId: 2 })).toEqual(initialProjectionState().orders);
  });
});

// ---- the overview figures -------------------------------------------------------------------

const HOME: HomeData = {
  offers_qty: 3,
  today_sales: 45.3,
  received_orders: 10,
  pickedup_orders: 4,
  current_Offers: 2,
  rating: 4.5,
  rating_qty: 8,
  reviews: [],
  annual_income: 1000,
  new_customers: 2,
  sales_ratio: 50,
  value: 0,
  items_rescued: 12,
};
const homeLoaded = (home: HomeData = HOME): DomainEvent => ({ type: 'store.homeLoaded', at: AT, home });
const homeAfter = (...events: DomainEvent[]) => reduceEvents([homeLoaded(), ...events]).store.home;

/** Bought today at 08:00 for 4.5, still to collect. */
const TODAY = order(20001, { total_price: 4.5 });
const YESTERDAY = order(20002, { date: MONDAY_9AM_SECONDS - 86_400, total_price: 4.5 });
const PICKED_TODAY = order(20003, { status: 1, pickup_date: MONDAY_9AM_SECONDS - 60, total_price: 6 });

const cents = (n: number) => n / 100;

describe('overview figures', () => {
  it('picking up an order of today raises pickedup_orders (it was already a sale)', () => {
    expect(homeAfter(statusChanged(TODAY, 1))).toEqual({ ...HOME, pickedup_orders: 5 });
  });

  it('back to pending lowers pickedup_orders', () => {
    expect(homeAfter(statusChanged(PICKED_TODAY, 0))).toEqual({ ...HOME, pickedup_orders: 3 });
  });

  it('cancelling an order of today lowers received_orders and today_sales by its price', () => {
    expect(homeAfter(cancelled(TODAY))).toEqual({ ...HOME, received_orders: 9, today_sales: 40.8 });
    expect(homeAfter(cancelled(PICKED_TODAY))).toEqual({ ...HOME, received_orders: 9, today_sales: 39.3, pickedup_orders: 3 });
  });

  it('orders of another day leave today’s figures alone', () => {
    expect(homeAfter(statusChanged(YESTERDAY, 1))).toEqual(HOME);
    expect(homeAfter(cancelled(YESTERDAY))).toEqual(HOME);
    expect(homeAfter(cancelled(YESTERDAY), refused(YESTERDAY, 3))).toEqual(HOME);
  });

  it('"today" is the local day of the change, not of the test run', () => {
    const late: DomainEvent = { type: 'order.statusChanged', at: MONDAY_9AM + 86_400_000, order: TODAY, status: 1 };
    expect(homeAfter(late)).toEqual(HOME);
  });

  it('a refusal undoes exactly what the change did', () => {
    expect(homeAfter(statusChanged(TODAY, 1), refused(TODAY, 1))).toEqual(HOME);
    expect(homeAfter(cancelled(TODAY), refused(TODAY, 3))).toEqual(HOME);
    expect(homeAfter(statusChanged(PICKED_TODAY, 0), refused(PICKED_TODAY, 0))).toEqual(HOME);
  });

  it('without figures loaded, nothing is made up', () => {
    expect(reduceEvents([statusChanged(TODAY, 1), cancelled(TODAY)]).store.home).toBeNull();
  });

  it('any change of an order of today, then its refusal, leaves consistent figures as they were', () => {
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom(0, 1),
          attempted: fc.constantFrom(0, 1, 3),
          price: fc.integer({ min: 0, max: 5000 }).map(cents),
          extraSales: fc.integer({ min: 0, max: 100_000 }).map(cents),
          received: fc.integer({ min: 1, max: 200 }),
          picked: fc.integer({ min: 1, max: 200 }),
          minutes: fc.integer({ min: 0, max: 14 * 60 }),
        }),
        ({ status, attempted, price, extraSales, received, picked, minutes }) => {
          // Consistent figures: the order itself counts in them.
          const home = { ...HOME, received_orders: received, pickedup_orders: picked, today_sales: Math.round((price + extraSales) * 100) / 100 };
          const o = order(20001, { status, total_price: price, date: MONDAY_9AM_SECONDS - 9 * 3600 + minutes * 60 });
          const change = attempted === 3 ? cancelled(o) : statusChanged(o, attempted);
          expect(reduceEvents([homeLoaded(home), change, refused(o, attempted)]).store.home).toEqual(home);
        },
      ),
    );
  });
});
