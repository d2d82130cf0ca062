import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Order, OrderStatusCode } from '../../src/api/orders';
import type { HomeData } from '../../src/api/stores';
// Aliased: the name `setClock` trips the React hooks lint rule, and this is no hook.
import { manualClock, setClock } from '../../src/lib/clock';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal } from '../../src/machines/journal/journal';
import { selectConfirmingOrderCancel, selectOrderBusy, selectOrderPagePhase } from '../../src/machines/orders/page.machine';
import { liveOrderPageMachine } from '../../src/machines/orders/live';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { MONDAY_9AM, MONDAY_9AM_SECONDS } from '../../src/machines/path-model/fixtures';
import { order } from '../../src/machines/orders/list.paths';

/**
 * The live order page machine (real journal and record/notify actions) with scripted server
 * effects: every call waits on a deferred the test settles.
 */
function harness(orderId = 20001) {
  const journal = createJournal();
  const notices: SnackbarRequest[] = [];
  const calls = {
    load: [] as Array<{ orderId: number; reply: Deferred<Order> }>,
    status: [] as Array<{ id: number; status: OrderStatusCode; reply: Deferred<Order> }>,
    cancel: [] as Array<{ id: number; reply: Deferred<Order> }>,
  };
  const machine = liveOrderPageMachine({ journal, notify: (m) => notices.push(m) }).provide({
    actors: {
      loadOrder: fromPromise<Order, { orderId: number }>(({ input }) => {
        const reply = deferred<Order>();
        calls.load.push({ orderId: input.orderId, reply });
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
  const actor = createActor(machine, { input: { orderId } });
  const events: DomainEvent[] = [];
  journal.subscribe((event) => events.push(event));
  const shown = () => actor.getSnapshot().context.order;
  return { journal, notices, calls, actor, events, shown };
}

const PENDING = order(20001);
const PICKED_UP = order(20001, { status: 1, pickup_date: MONDAY_9AM_SECONDS - 600 });

/** A harness whose order (pending unless told) is on screen. */
async function loaded(shownOrder: Order = PENDING) {
  const h = harness(shownOrder.id);
  h.actor.start();
  h.calls.load[0].reply.resolve(shownOrder);
  await settle();
  expect(selectOrderPagePhase(h.actor.getSnapshot())).toBe('ready');
  return h;
}

const home = (overrides: Partial<HomeData> = {}): HomeData => ({
  offers_qty: 3,
  today_sales: 45,
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
  ...overrides,
});

describe('order page machine', () => {
  let restoreClock: () => void;
  beforeEach(() => {
    restoreClock = setClock(manualClock(MONDAY_9AM));
    // The live machine logs failed loads (spec section 8); these tests fail loads on purpose.
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    restoreClock();
    vi.restoreAllMocks();
  });

  it('loads the order the URL names; a failure is the failed state, and Retry loads again', async () => {
    const h = harness(20001);
    h.actor.start();
    expect(selectOrderPagePhase(h.actor.getSnapshot())).toBe('loading');
    expect(h.calls.load.map((c) => c.orderId)).toEqual([20001]);
    h.calls.load[0].reply.reject(new Error('404'));
    await settle();
    expect(selectOrderPagePhase(h.actor.getSnapshot())).toBe('failed');
    expect(console.info).toHaveBeenCalledWith('Order did not load', expect.any(Error));
    h.actor.send({ type: 'order.retry' });
    expect(selectOrderPagePhase(h.actor.getSnapshot())).toBe('loading');
    expect(h.calls.load.map((c) => c.orderId)).toEqual([20001, 20001]);
    h.calls.load[1].reply.resolve(PENDING);
    await settle();
    expect(selectOrderPagePhase(h.actor.getSnapshot())).toBe('ready');
    expect(h.shown()).toEqual(PENDING);
    // Loading an order is not a journal fact.
    expect(h.events).toEqual([]);
  });

  describe('status', () => {
    it('picked up shows at once (status 1, picked up now), then keeps the server answer', async () => {
      const h = await loaded();
      h.actor.send({ type: 'order.setStatus', status: 1 });
      expect(h.shown()).toEqual({ ...PENDING, status: 1, pickup_date: MONDAY_9AM });
      expect(selectOrderBusy(h.actor.getSnapshot())).toBe(true);
      expect(h.events).toEqual([{ type: 'order.statusChanged', at: MONDAY_9AM, order: PENDING, status: 1 }]);
      expect(h.calls.status.map(({ id, status }) => ({ id, status }))).toEqual([{ id: 20001, status: 1 }]);
      const answer = order(20001, { status: 1, pickup_date: MONDAY_9AM_SECONDS + 2, audit_update_date: MONDAY_9AM_SECONDS + 2 });
      h.calls.status[0].reply.resolve(answer);
      await settle();
      expect(h.shown()).toEqual(answer);
      expect(selectOrderBusy(h.actor.getSnapshot())).toBe(false);
      expect(h.actor.getSnapshot().context).toMatchObject({ before: null, attempted: null });
      expect(h.notices).toEqual([]);
      expect(h.events).toHaveLength(1);
    });

    it('a refusal puts the order back exactly as it was, records changeRefused and says "Error on change status"', async () => {
      const h = await loaded();
      h.actor.send({ type: 'order.setStatus', status: 1 });
      h.calls.status[0].reply.reject(new Error('409'));
      await settle();
      expect(h.shown()).toEqual(PENDING);
      expect(h.events.at(-1)).toEqual({ type: 'order.changeRefused', at: MONDAY_9AM, order: PENDING, attempted: 1 });
      expect(h.notices).toEqual([{ key: 'orders.statusFailed', severity: 'error' }]);
      expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
      expect(h.actor.getSnapshot().context).toMatchObject({ before: null, attempted: null });
    });

    it('a picked-up order goes back to pending (due by the end of its pickup window again)', async () => {
      const h = await loaded(PICKED_UP);
      h.actor.send({ type: 'order.setStatus', status: 0 });
      expect(h.shown()).toEqual({ ...PICKED_UP, status: 0, pickup_date: PICKED_UP.pickup_until });
      expect(h.events).toEqual([{ type: 'order.statusChanged', at: MONDAY_9AM, order: PICKED_UP, status: 0 }]);
      expect(h.calls.status.map(({ id, status }) => ({ id, status }))).toEqual([{ id: 20001, status: 0 }]);
      h.calls.status[0].reply.reject(new Error('500'));
      await settle();
      expect(h.shown()).toEqual(PICKED_UP);
      expect(h.events.at(-1)).toMatchObject({ type: 'order.changeRefused', order: PICKED_UP, attempted: 0 });
    });

    it('the overview figures follow the change and its refusal', async () => {
      const h = await loaded();
      h.journal.append({ type: 'store.homeLoaded', at: MONDAY_9AM, home: home() });
      h.actor.send({ type: 'order.setStatus', status: 1 });
      expect(h.journal.state().store.home).toMatchObject({ received_orders: 10, today_sales: 45, pickedup_orders: 5 });
      h.calls.status[0].reply.reject(new Error('409'));
      await settle();
      expect(h.journal.state().store.home).toEqual(home());
    });

    it('cannot set the status the order already has, nor change a cancelled order', async () => {
      const pending = await loaded();
      pending.actor.send({ type: 'order.setStatus', status: 0 });
      const picked = await loaded(PICKED_UP);
      picked.actor.send({ type: 'order.setStatus', status: 1 });
      for (const status of [2, 3]) {
        const cancelled = await loaded(order(20001, { status }));
        cancelled.actor.send({ type: 'order.setStatus', status: 1 });
        cancelled.actor.send({ type: 'order.setStatus', status: 0 });
        expect(cancelled.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
        expect(cancelled.calls.status).toEqual([]);
        expect(cancelled.events).toEqual([]);
      }
      for (const h of [pending, picked]) {
        expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
        expect(h.calls.status).toEqual([]);
        expect(h.events).toEqual([]);
      }
    });

    it('nothing changes while a change is under way', async () => {
      const h = await loaded();
      h.actor.send({ type: 'order.setStatus', status: 1 });
      h.actor.send({ type: 'order.setStatus', status: 0 });
      h.actor.send({ type: 'order.askCancel' });
      expect(h.actor.getSnapshot().matches({ ready: 'changingStatus' })).toBe(true);
      expect(h.calls.status).toHaveLength(1);
      expect(h.events).toHaveLength(1);
    });
  });

  describe('cancel', () => {
    it('cannot cancel a picked-up or a cancelled order', async () => {
      for (const status of [1, 2, 3]) {
        const h = await loaded(order(20001, { status }));
        h.actor.send({ type: 'order.askCancel' });
        expect(selectConfirmingOrderCancel(h.actor.getSnapshot())).toBe(false);
        h.actor.send({ type: 'order.confirmCancel' });
        expect(h.calls.cancel).toEqual([]);
        expect(h.events).toEqual([]);
      }
    });

    it('asks first; dismissing the confirmation changes nothing', async () => {
      const h = await loaded();
      h.actor.send({ type: 'order.askCancel' });
      expect(selectConfirmingOrderCancel(h.actor.getSnapshot())).toBe(true);
      h.actor.send({ type: 'order.dismissCancel' });
      expect(selectConfirmingOrderCancel(h.actor.getSnapshot())).toBe(false);
      expect(h.shown()).toEqual(PENDING);
      expect(h.calls.cancel).toEqual([]);
      expect(h.events).toEqual([]);
    });

    it('confirmed, the order shows cancelled at once and keeps the server answer', async () => {
      const h = await loaded();
      h.actor.send({ type: 'order.askCancel' });
      h.actor.send({ type: 'order.confirmCancel' });
      expect(h.shown()).toEqual({ ...PENDING, status: 3 });
      expect(selectOrderBusy(h.actor.getSnapshot())).toBe(true);
      expect(h.events).toEqual([{ type: 'order.cancelled', at: MONDAY_9AM, order: PENDING }]);
      expect(h.calls.cancel.map((c) => c.id)).toEqual([20001]);
      const answer = order(20001, { status: 3, audit_update_date: MONDAY_9AM_SECONDS + 1 });
      h.calls.cancel[0].reply.resolve(answer);
      await settle();
      expect(h.shown()).toEqual(answer);
      expect(h.notices).toEqual([]);
    });

    it('a refusal restores the order, records changeRefused with attempted 3 and says "Error on cancel"', async () => {
      const h = await loaded();
      h.journal.append({ type: 'store.homeLoaded', at: MONDAY_9AM, home: home() });
      h.actor.send({ type: 'order.askCancel' });
      h.actor.send({ type: 'order.confirmCancel' });
      expect(h.journal.state().store.home).toMatchObject({ received_orders: 9, today_sales: 40.5 });
      h.calls.cancel[0].reply.reject(new Error('409'));
      await settle();
      expect(h.shown()).toEqual(PENDING);
      expect(h.events.at(-1)).toEqual({ type: 'order.changeRefused', at: MONDAY_9AM, order: PENDING, attempted: 3 });
      expect(h.notices).toEqual([{ key: 'orders.cancelFailed', severity: 'error' }]);
      expect(h.journal.state().store.home).toEqual(home());
    });
  });
});
