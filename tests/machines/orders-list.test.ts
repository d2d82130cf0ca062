import { holdsPage } from '../../src/machines/journal/projections';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PagedList } from '../../src/api/codecs';
import type { Order, OrdersListFilter, OrderStatusCode } from '../../src/api/orders';
// Aliased: the name `setClock` trips the React hooks lint rule, and this is no hook.
import { manualClock, setClock } from '../../src/lib/clock';
import { PAST_ORDERS_POLL_MS } from '../../src/lib/constants';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal, type Journal } from '../../src/machines/journal/journal';
import {
  ORDERS_POLL_MAX_MS,
  ordersPollDelayMs,
  selectConfirmingCancel,
  selectOrdersMutating,
  selectOrdersPhase,
  type OrdersPageRequest,
} from '../../src/machines/orders/list.machine';
import { liveOrdersListMachine } from '../../src/machines/orders/live';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { MONDAY_9AM } from '../../src/machines/path-model/fixtures';
import { order, ordersPageOf, PENDING_FILTER, SOLD_FILTER } from '../../src/machines/orders/list.paths';

/**
 * The live orders list machine (real journal, real pageDiffers guard and record/notify actions)
 * with scripted server effects: every call waits on a deferred the test settles, so each test
 * says what the server answered and when.
 */
const PENDING: OrdersListFilter = { tab: 'pending', statuses: [], from: null, to: null, search: '', sort: 'pickup' };

function harness(input: { filter?: OrdersListFilter; page?: number } = {}) {
  const journal = createJournal();
  const notices: SnackbarRequest[] = [];
  const calls = {
    load: [] as Array<{ input: OrdersPageRequest; reply: Deferred<PagedList<Order>> }>,
    status: [] as Array<{ id: number; status: OrderStatusCode; reply: Deferred<Order> }>,
    cancel: [] as Array<{ id: number; reply: Deferred<Order> }>,
  };
  const machine = liveOrdersListMachine({ journal, notify: (m) => notices.push(m) }).provide({
    actors: {
      loadPage: fromPromise<PagedList<Order>, OrdersPageRequest>(({ input: request }) => {
        const reply = deferred<PagedList<Order>>();
        calls.load.push({ input: request, reply });
        return reply.promise;
      }),
      setStatus: fromPromise<Order, { id: number; status: OrderStatusCode }>(({ input: { id, status } }) => {
        const reply = deferred<Order>();
        calls.status.push({ id, status, reply });
        return reply.promise;
      }),
      cancelOrder: fromPromise<Order, { id: number }>(({ input: { id } }) => {
        const reply = deferred<Order>();
        calls.cancel.push({ id, reply });
        return reply.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { filter: input.filter ?? PENDING, page: input.page ?? 0 } });
  const events: DomainEvent[] = [];
  journal.subscribe((event) => events.push(event));
  const lastLoad = () => calls.load[calls.load.length - 1];
  return { journal, notices, calls, actor, events, lastLoad };
}

const ordersOf = (journal: Journal) => journal.state().orders;
const ids = (journal: Journal) => ordersOf(journal).items.map((o) => o.id);
const THREE = () => ordersPageOf([order(20001), order(20002), order(20003)], 3);
const SOLD_THREE = () => ordersPageOf([order(20001, { status: 1 }), order(20002, { status: 1 }), order(20003, { status: 2 })], 3);

/** A harness whose first page (three orders) arrived. */
async function loaded(filter: OrdersListFilter = PENDING, first = filter.tab === 'sold' ? SOLD_THREE() : THREE()) {
  const h = harness({ filter });
  h.actor.start();
  expect(selectOrdersPhase(h.actor.getSnapshot())).toBe('loading');
  h.lastLoad().reply.resolve(first);
  await settle();
  expect(selectOrdersPhase(h.actor.getSnapshot())).toBe('ready');
  return h;
}

describe('orders list machine', () => {
  let restoreClock: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    restoreClock = setClock(manualClock(MONDAY_9AM));
    // The live machine logs failed loads (spec section 8); these tests fail loads on purpose.
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    restoreClock();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  describe('the page', () => {
    it('loads the page the input names and records it in the orders projection', async () => {
      const h = harness({ filter: PENDING_FILTER, page: 2 });
      h.actor.start();
      expect(h.calls.load.map((c) => c.input)).toEqual([{ filter: PENDING_FILTER, limit: 10, offset: 20 }]);
      h.lastLoad().reply.resolve(ordersPageOf([order(20021)], 21, 20));
      await settle();
      expect(h.events).toEqual([{ type: 'orders.loaded', at: MONDAY_9AM, filter: PENDING_FILTER, page: ordersPageOf([order(20021)], 21, 20) }]);
      expect(ordersOf(h.journal)).toMatchObject({ filter: PENDING_FILTER, offset: 20, total: 21, loaded: true });
    });

    it('a negative page from a hand-edited URL loads the first page', () => {
      const h = harness({ page: -3 });
      h.actor.start();
      expect(h.lastLoad().input.offset).toBe(0);
      h.actor.stop();
    });

    it('a failed load is the failed state (logged, not recorded), and Retry loads again', async () => {
      const h = harness();
      h.actor.start();
      h.lastLoad().reply.reject(new Error('500'));
      await settle();
      expect(selectOrdersPhase(h.actor.getSnapshot())).toBe('failed');
      expect(console.info).toHaveBeenCalledWith('Orders did not load', expect.any(Error));
      expect(h.events).toEqual([]);
      h.actor.send({ type: 'orders.retry' });
      expect(h.calls.load).toHaveLength(2);
      h.lastLoad().reply.resolve(THREE());
      await settle();
      expect(selectOrdersPhase(h.actor.getSnapshot())).toBe('ready');
      expect(ids(h.journal)).toEqual([20001, 20002, 20003]);
    });

    it('the pending tab does not poll', async () => {
      const h = await loaded(PENDING);
      expect(h.actor.getSnapshot().matches({ list: { ready: 'still' } })).toBe(true);
      vi.advanceTimersByTime(10 * PAST_ORDERS_POLL_MS);
      expect(h.calls.load).toHaveLength(1);
      h.actor.stop();
    });

    it('the sold tab polls every 10 s', async () => {
      expect(PAST_ORDERS_POLL_MS).toBe(10_000);
      const h = await loaded(SOLD_FILTER);
      for (const n of [2, 3]) {
        vi.advanceTimersByTime(PAST_ORDERS_POLL_MS - 1);
        expect(h.calls.load).toHaveLength(n - 1);
        vi.advanceTimersByTime(1);
        expect(h.calls.load).toHaveLength(n);
        expect(h.lastLoad().input).toEqual({ filter: SOLD_FILTER, limit: 10, offset: 0 });
        // The page stays on screen while it is polled.
        expect(selectOrdersPhase(h.actor.getSnapshot())).toBe('ready');
        h.lastLoad().reply.resolve(SOLD_THREE());
        await settle();
      }
      h.actor.stop();
    });

    it('failed polls keep the page and back off 10 s → 20 s → 40 s, capped; a good poll resets it', async () => {
      expect([0, 1, 2, 3, 9].map(ordersPollDelayMs)).toEqual([10_000, 20_000, 40_000, 40_000, 40_000]);
      expect(ORDERS_POLL_MAX_MS).toBe(40_000);
      const h = await loaded(SOLD_FILTER);
      const pollAfter = async (wait: number, answer: 'fail' | 'ok') => {
        vi.advanceTimersByTime(wait - 1);
        expect(h.actor.getSnapshot().matches({ list: { ready: 'waiting' } })).toBe(true);
        vi.advanceTimersByTime(1);
        expect(h.actor.getSnapshot().matches({ list: { ready: 'polling' } })).toBe(true);
        if (answer === 'fail') h.lastLoad().reply.reject(new Error('offline'));
        else h.lastLoad().reply.resolve(SOLD_THREE());
        await settle();
      };
      await pollAfter(10_000, 'fail');
      expect(h.actor.getSnapshot().context.failures).toBe(1);
      expect(ids(h.journal)).toEqual([20001, 20002, 20003]);
      expect(console.info).toHaveBeenCalledWith('Orders poll failed; keeping the last page', expect.any(Error));
      await pollAfter(20_000, 'fail');
      await pollAfter(40_000, 'fail');
      await pollAfter(40_000, 'fail');
      expect(h.actor.getSnapshot().context.failures).toBe(2);
      await pollAfter(40_000, 'ok');
      expect(h.actor.getSnapshot().context.failures).toBe(0);
      await pollAfter(10_000, 'ok');
      expect(h.events.map((e) => e.type)).toEqual(['orders.loaded']);
      h.actor.stop();
    });

    it('pauses while the tab is hidden and polls at once when it shows again', async () => {
      const h = await loaded(SOLD_FILTER);
      h.actor.send({ type: 'orders.pause' });
      expect(h.actor.getSnapshot().matches({ list: { ready: 'paused' } })).toBe(true);
      vi.advanceTimersByTime(10 * PAST_ORDERS_POLL_MS);
      expect(h.calls.load).toHaveLength(1);
      h.actor.send({ type: 'orders.resume' });
      expect(h.calls.load).toHaveLength(2);
      expect(h.actor.getSnapshot().matches({ list: { ready: 'polling' } })).toBe(true);
      h.lastLoad().reply.resolve(SOLD_THREE());
      await settle();
      expect(h.actor.getSnapshot().matches({ list: { ready: 'waiting' } })).toBe(true);
      h.actor.stop();
    });

    it('hidden before the first page arrives: loads it, then waits for the tab', async () => {
      const h = harness({ filter: SOLD_FILTER });
      h.actor.start();
      h.actor.send({ type: 'orders.pause' });
      h.lastLoad().reply.resolve(SOLD_THREE());
      await settle();
      expect(h.actor.getSnapshot().matches({ list: { ready: 'paused' } })).toBe(true);
      vi.advanceTimersByTime(10 * PAST_ORDERS_POLL_MS);
      expect(h.calls.load).toHaveLength(1);
    });

    it('an identical poll records nothing; a changed one records the new page', async () => {
      const h = await loaded(SOLD_FILTER);
      vi.advanceTimersByTime(PAST_ORDERS_POLL_MS);
      // The same orders, as fresh objects: equality is structural, not by reference.
      h.lastLoad().reply.resolve(SOLD_THREE());
      await settle();
      expect(h.events).toHaveLength(1);

      vi.advanceTimersByTime(PAST_ORDERS_POLL_MS);
      const changed = ordersPageOf([order(20004, { status: 1 }), ...SOLD_THREE().data], 4);
      h.lastLoad().reply.resolve(changed);
      await settle();
      expect(h.events.map((e) => e.type)).toEqual(['orders.loaded', 'orders.loaded']);
      expect(ids(h.journal)).toEqual([20004, 20001, 20002, 20003]);
      h.actor.stop();
    });

    it('orders.show replaces a running load (its late answer is dropped) and forgets earlier failures', async () => {
      const h = await loaded(SOLD_FILTER);
      vi.advanceTimersByTime(PAST_ORDERS_POLL_MS);
      h.lastLoad().reply.reject(new Error('offline'));
      await settle();
      expect(h.actor.getSnapshot().context.failures).toBe(1);

      const stale = h.lastLoad();
      vi.advanceTimersByTime(ordersPollDelayMs(1));
      expect(h.calls.load).toHaveLength(3);
      h.actor.send({ type: 'orders.show', filter: PENDING_FILTER, page: 1 });
      const replaced = h.calls.load[2];
      h.actor.send({ type: 'orders.show', filter: PENDING, page: 0 });
      expect(h.calls.load.map((c) => c.input)).toEqual([
        { filter: SOLD_FILTER, limit: 10, offset: 0 },
        { filter: SOLD_FILTER, limit: 10, offset: 0 },
        { filter: SOLD_FILTER, limit: 10, offset: 0 },
        { filter: PENDING_FILTER, limit: 10, offset: 10 },
        { filter: PENDING, limit: 10, offset: 0 },
      ]);
      expect(h.actor.getSnapshot().context).toMatchObject({ filter: PENDING, page: 0, failures: 0 });
      expect(selectOrdersPhase(h.actor.getSnapshot())).toBe('loading');

      // The answers to the replaced requests arrive late: nothing of theirs is recorded.
      replaced.reply.resolve(ordersPageOf([order(20011)], 11, 10));
      h.calls.load[3].reply.resolve(ordersPageOf([order(20011)], 11, 10));
      stale.reply.resolve(SOLD_THREE());
      await settle();
      expect(h.events.map((e) => e.type)).toEqual(['orders.loaded']);
      h.lastLoad().reply.resolve(THREE());
      await settle();
      expect(ordersOf(h.journal)).toMatchObject({ filter: PENDING, offset: 0, total: 3 });
      expect(h.actor.getSnapshot().matches({ list: { ready: 'still' } })).toBe(true);
    });

    it('stops polling when the actor stops (the screen unmounts)', async () => {
      const h = await loaded(SOLD_FILTER);
      h.actor.stop();
      vi.advanceTimersByTime(10 * PAST_ORDERS_POLL_MS);
      expect(h.calls.load).toHaveLength(1);
    });
  });

  describe('picked up', () => {
    it('records order.statusChanged at once: the order leaves the pending page and the total drops', async () => {
      const h = await loaded();
      const [, second] = ordersOf(h.journal).items;
      h.actor.send({ type: 'orders.setStatus', order: second, status: 1 });
      expect(selectOrdersMutating(h.actor.getSnapshot())).toBe(true);
      expect(h.actor.getSnapshot().hasTag('mutating')).toBe(true);
      expect(h.events.at(-1)).toEqual({ type: 'order.statusChanged', at: MONDAY_9AM, order: second, status: 1 });
      expect(ids(h.journal)).toEqual([20001, 20003]);
      expect(ordersOf(h.journal).total).toBe(2);
      expect(h.calls.status.map(({ id, status }) => ({ id, status }))).toEqual([{ id: 20002, status: 1 }]);
      h.actor.stop();
    });

    it('a refusal records changeRefused with attempted 1, puts the order back and says "Error on change status"', async () => {
      const h = await loaded();
      const [, second] = ordersOf(h.journal).items;
      h.actor.send({ type: 'orders.setStatus', order: second, status: 1 });
      h.calls.status[0].reply.reject(new Error('409'));
      await settle();
      expect(h.events.map((e) => e.type)).toEqual(['orders.loaded', 'order.statusChanged', 'order.changeRefused']);
      expect(h.events.at(-1)).toEqual({ type: 'order.changeRefused', at: MONDAY_9AM, order: second, attempted: 1 });
      expect(ids(h.journal)).toEqual([20001, 20002, 20003]);
      expect(ordersOf(h.journal).total).toBe(3);
      expect(h.notices).toEqual([{ key: 'orders.statusFailed', severity: 'error' }]);
      expect(selectOrdersMutating(h.actor.getSnapshot())).toBe(false);
      expect(h.actor.getSnapshot().context.changing).toBeNull();
      // No refresh after a refusal.
      expect(h.calls.load).toHaveLength(1);
    });

    it('success raises a refresh: the same page is fetched again at once, even on the pending tab', async () => {
      const h = await loaded();
      const [first] = ordersOf(h.journal).items;
      h.actor.send({ type: 'orders.setStatus', order: first, status: 1 });
      h.calls.status[0].reply.resolve(order(20001, { status: 1 }));
      await settle();
      expect(h.notices).toEqual([]);
      expect(h.calls.load).toHaveLength(2);
      expect(h.lastLoad().input).toEqual({ filter: PENDING, limit: 10, offset: 0 });
      expect(h.actor.getSnapshot().matches({ list: { ready: 'polling' }, mutation: 'idle' })).toBe(true);
      // The next order moved up onto the page.
      h.lastLoad().reply.resolve(ordersPageOf([order(20002), order(20003), order(20004)], 3));
      await settle();
      expect(ids(h.journal)).toEqual([20002, 20003, 20004]);
      expect(h.actor.getSnapshot().matches({ list: { ready: 'still' } })).toBe(true);
    });

    it('on the sold tab, back to pending leaves the page; picked up again stays with its new status', async () => {
      const h = await loaded(SOLD_FILTER);
      const [first] = ordersOf(h.journal).items;
      h.actor.send({ type: 'orders.setStatus', order: first, status: 0 });
      expect(ids(h.journal)).toEqual([20002, 20003]);
      h.calls.status[0].reply.reject(new Error('500'));
      await settle();
      expect(ordersOf(h.journal).items[0]).toEqual(first);
      h.actor.stop();
    });

    it('a poll answered while a change is under way is not recorded (it may predate the change)', async () => {
      const h = await loaded(SOLD_FILTER);
      vi.advanceTimersByTime(PAST_ORDERS_POLL_MS);
      const [first] = ordersOf(h.journal).items;
      h.actor.send({ type: 'orders.setStatus', order: first, status: 0 });
      h.lastLoad().reply.resolve(ordersPageOf([order(20009, { status: 1 }), ...SOLD_THREE().data], 4));
      await settle();
      expect(ids(h.journal)).toEqual([20002, 20003]);
      expect(h.actor.getSnapshot().context.failures).toBe(0);
      h.actor.stop();
    });
  });

  describe('cancel', () => {
    it('needs a confirmation; dismissing it records and sends nothing', async () => {
      const h = await loaded();
      const [first] = ordersOf(h.journal).items;
      h.actor.send({ type: 'orders.askCancel', order: first });
      expect(selectConfirmingCancel(h.actor.getSnapshot())).toEqual(first);
      expect(h.events).toHaveLength(1);
      h.actor.send({ type: 'orders.dismissCancel' });
      expect(selectConfirmingCancel(h.actor.getSnapshot())).toBeNull();
      expect(h.actor.getSnapshot().context.cancelling).toBeNull();
      expect(h.calls.cancel).toEqual([]);
      expect(h.events).toHaveLength(1);
      expect(ids(h.journal)).toEqual([20001, 20002, 20003]);
      h.actor.stop();
    });

    it('confirming records order.cancelled at once and sends the cancel; success refreshes the page', async () => {
      const h = await loaded();
      const [, , third] = ordersOf(h.journal).items;
      h.actor.send({ type: 'orders.askCancel', order: third });
      h.actor.send({ type: 'orders.confirmCancel' });
      expect(h.events.at(-1)).toEqual({ type: 'order.cancelled', at: MONDAY_9AM, order: third });
      expect(ids(h.journal)).toEqual([20001, 20002]);
      expect(h.calls.cancel.map((c) => c.id)).toEqual([20003]);
      expect(selectOrdersMutating(h.actor.getSnapshot())).toBe(true);
      h.calls.cancel[0].reply.resolve(order(20003, { status: 3 }));
      await settle();
      expect(h.notices).toEqual([]);
      expect(h.calls.load).toHaveLength(2);
      expect(h.actor.getSnapshot().matches({ list: { ready: 'polling' }, mutation: 'idle' })).toBe(true);
      h.actor.stop();
    });

    it('a refusal records changeRefused with attempted 3, puts the order back and says "Error on cancel"', async () => {
      const h = await loaded();
      const [, , third] = ordersOf(h.journal).items;
      h.actor.send({ type: 'orders.askCancel', order: third });
      h.actor.send({ type: 'orders.confirmCancel' });
      h.calls.cancel[0].reply.reject(new Error('409'));
      await settle();
      expect(h.events.map((e) => e.type)).toEqual(['orders.loaded', 'order.cancelled', 'order.changeRefused']);
      expect(h.events.at(-1)).toEqual({ type: 'order.changeRefused', at: MONDAY_9AM, order: third, attempted: 3 });
      expect(ids(h.journal)).toEqual([20001, 20002, 20003]);
      expect(h.notices).toEqual([{ key: 'orders.cancelFailed', severity: 'error' }]);
      expect(h.actor.getSnapshot().context.cancelling).toBeNull();
      expect(h.calls.load).toHaveLength(1);
    });

    it('a tab change while a cancel runs keeps the cancel', async () => {
      const h = await loaded();
      const [first] = ordersOf(h.journal).items;
      h.actor.send({ type: 'orders.askCancel', order: first });
      h.actor.send({ type: 'orders.confirmCancel' });
      h.actor.send({ type: 'orders.show', filter: SOLD_FILTER, page: 0 });
      expect(h.actor.getSnapshot().matches({ list: 'loading', mutation: 'cancelling' })).toBe(true);
      h.calls.cancel[0].reply.reject(new Error('500'));
      await settle();
      expect(h.notices).toEqual([{ key: 'orders.cancelFailed', severity: 'error' }]);
      h.actor.stop();
    });
  });

  it('holdsPage compares filter, paging and every field', () => {
    const journal = createJournal();
    const page = THREE();
    expect(holdsPage(journal.state().orders, PENDING, page)).toBe(false);
    journal.append({ type: 'orders.loaded', at: 0, filter: PENDING, page });
    expect(holdsPage(journal.state().orders, { ...PENDING }, THREE())).toBe(true);
    expect(holdsPage(journal.state().orders, { ...PENDING, search: 'ana' }, page)).toBe(false);
    expect(holdsPage(journal.state().orders, PENDING, ordersPageOf([order(20001), order(20002), order(20003, { rating: 4 })], 3))).toBe(false);
    expect(holdsPage(journal.state().orders, PENDING, ordersPageOf(THREE().data, 13))).toBe(false);
    expect(holdsPage(journal.state().orders, PENDING, ordersPageOf(THREE().data, 3, 10))).toBe(false);
  });
});
