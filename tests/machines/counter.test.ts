import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Order, OrderStatusCode } from '../../src/api/orders';
// Aliased: the name `setClock` trips the React hooks lint rule, and this is no hook.
import { manualClock, setClock } from '../../src/lib/clock';
import { PAST_ORDERS_POLL_MS } from '../../src/lib/constants';
import { COUNTER_UNDO_MS, selectCounterPhase, selectMatchCount, selectMatches, selectSending, selectUndoable } from '../../src/machines/orders/counter.machine';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal } from '../../src/machines/journal/journal';
import { liveCounterMachine } from '../../src/machines/orders/live';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { ANA_GIL, ANA_LOPEZ, ANA_RUIZ, JOSE, PATH_OPEN_ORDERS } from '../../src/machines/orders/counter.paths';
import { deferred, settle, type Deferred } from '../support/deferred';
import { MONDAY_9AM } from '../../src/machines/path-model/fixtures';
import { order } from '../../src/machines/orders/list.paths';

/**
 * The live counter machine (real journal and record/notify actions) with scripted server
 * effects: every call waits on a deferred the test settles. The open orders: Ana López, Ana Ruiz,
 * Ana Gil and José Pérez, in that order.
 */
function harness() {
  const journal = createJournal();
  const notices: SnackbarRequest[] = [];
  const calls = {
    load: [] as Array<{ storeId: number; reply: Deferred<Order[]> }>,
    status: [] as Array<{ id: number; status: OrderStatusCode; reply: Deferred<Order> }>,
  };
  const machine = liveCounterMachine({ journal, notify: (m) => notices.push(m) }).provide({
    actors: {
      loadOpenOrders: fromPromise<Order[], { storeId: number }>(({ input }) => {
        const reply = deferred<Order[]>();
        calls.load.push({ storeId: input.storeId, reply });
        return reply.promise;
      }),
      setStatus: fromPromise<Order, { id: number; status: OrderStatusCode }>(({ input: { id, status } }) => {
        const reply = deferred<Order>();
        calls.status.push({ id, status, reply });
        return reply.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { storeId: 1 } });
  const events: DomainEvent[] = [];
  journal.subscribe((event) => events.push(event));
  const context = () => actor.getSnapshot().context;
  const openIds = () => context().orders.map((o) => o.id);
  const lastLoad = () => calls.load[calls.load.length - 1];
  const lastStatus = () => calls.status[calls.status.length - 1];
  const sent = () => calls.status.map(({ id, status }) => ({ id, status }));
  return { journal, notices, calls, actor, events, context, openIds, lastLoad, lastStatus, sent };
}
type Harness = ReturnType<typeof harness>;

const ALL_IDS = PATH_OPEN_ORDERS.map((o) => o.id);

/** A harness whose open orders arrived. */
async function loaded() {
  const h = harness();
  h.actor.start();
  expect(selectCounterPhase(h.actor.getSnapshot())).toBe('loading');
  expect(h.calls.load.map((c) => c.storeId)).toEqual([1]);
  h.lastLoad().reply.resolve(PATH_OPEN_ORDERS);
  await settle();
  expect(selectCounterPhase(h.actor.getSnapshot())).toBe('ready');
  return h;
}

/** Types the query and presses Enter. */
function find(h: Harness, query: string) {
  h.actor.send({ type: 'counter.type', query });
  h.actor.send({ type: 'counter.submit' });
}

/** Selects José and hands him his order; the server has not answered yet. */
function handOverJose(h: Harness) {
  find(h, 'jose');
  h.actor.send({ type: 'counter.submit' });
}

/** José's order handed over and confirmed by the server: the undo window is open. */
async function joseHandedOver(h: Harness) {
  handOverJose(h);
  h.lastStatus().reply.resolve({ ...JOSE, status: 1, pickup_date: MONDAY_9AM });
  await settle();
  expect(selectUndoable(h.actor.getSnapshot())).toEqual(JOSE);
}

describe('counter machine', () => {
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

  describe('the desk', () => {
    it('a name with one match (any case, no accents needed) and Enter selects that order', async () => {
      const h = await loaded();
      h.actor.send({ type: 'counter.type', query: 'JOSE' });
      expect(selectMatches(h.actor.getSnapshot())).toEqual([JOSE]);
      h.actor.send({ type: 'counter.submit' });
      expect(h.actor.getSnapshot().matches({ desk: 'selected' })).toBe(true);
      expect(h.context()).toMatchObject({ query: 'JOSE', selected: JOSE, unresolved: null });
      expect(h.calls.status).toEqual([]);
      expect(h.events).toEqual([]);
      h.actor.stop();
    });

    it('an order number selects that order', async () => {
      const h = await loaded();
      find(h, '#20002');
      expect(h.context().selected).toEqual(ANA_RUIZ);
      h.actor.stop();
    });

    it('several matches: Enter says "several" and selects nothing', async () => {
      const h = await loaded();
      find(h, 'ana');
      expect(selectMatchCount(h.actor.getSnapshot())).toBe(3);
      expect(h.actor.getSnapshot().matches({ desk: 'searching' })).toBe(true);
      expect(h.context()).toMatchObject({ selected: null, unresolved: 'several' });
      // Typing on clears the message.
      h.actor.send({ type: 'counter.type', query: 'ana r' });
      expect(h.context().unresolved).toBeNull();
      expect(selectMatches(h.actor.getSnapshot())).toEqual([ANA_RUIZ]);
      h.actor.stop();
    });

    it('no match: Enter says "none"; an empty desk says the same', async () => {
      const h = await loaded();
      find(h, 'zzz');
      expect(h.context()).toMatchObject({ selected: null, unresolved: 'none' });
      h.actor.send({ type: 'counter.clear' });
      expect(h.context()).toMatchObject({ query: '', unresolved: null });
      h.actor.send({ type: 'counter.submit' });
      expect(h.context().unresolved).toBe('none');
      h.actor.stop();
    });

    it('choosing a match selects it; an order that is not open cannot be chosen', async () => {
      const h = await loaded();
      find(h, 'ana');
      h.actor.send({ type: 'counter.choose', orderId: ANA_GIL.id });
      expect(h.actor.getSnapshot().matches({ desk: 'selected' })).toBe(true);
      expect(h.context()).toMatchObject({ selected: ANA_GIL, unresolved: null });
      h.actor.send({ type: 'counter.clear' });
      h.actor.send({ type: 'counter.choose', orderId: 99_999 });
      expect(h.actor.getSnapshot().matches({ desk: 'searching' })).toBe(true);
      expect(h.context().selected).toBeNull();
      h.actor.stop();
    });

    it('Escape (clear) puts a selected order back down', async () => {
      const h = await loaded();
      find(h, 'jose');
      h.actor.send({ type: 'counter.clear' });
      expect(h.actor.getSnapshot().matches({ desk: 'searching' })).toBe(true);
      expect(h.context()).toMatchObject({ query: '', selected: null });
      h.actor.stop();
    });
  });

  describe('the handover', () => {
    it('Enter on the selected order sends status 1, clears the desk and takes the order out of the open orders at once', async () => {
      const h = await loaded();
      handOverJose(h);
      expect(h.sent()).toEqual([{ id: JOSE.id, status: 1 }]);
      expect(h.actor.getSnapshot().matches({ desk: 'searching', pickup: 'sending' })).toBe(true);
      expect(h.context()).toMatchObject({ query: '', selected: null, picked: { order: JOSE, index: 3 } });
      expect(h.openIds()).toEqual([20001, 20002, 20003]);
      expect(selectSending(h.actor.getSnapshot())).toBe(true);
      expect(h.events).toEqual([{ type: 'order.statusChanged', at: MONDAY_9AM, order: JOSE, status: 1 }]);
      h.lastStatus().reply.resolve({ ...JOSE, status: 1 });
      await settle();
      expect(selectSending(h.actor.getSnapshot())).toBe(false);
      expect(selectUndoable(h.actor.getSnapshot())).toEqual(JOSE);
      expect(h.notices).toEqual([]);
      h.actor.stop();
    });

    it('a refusal puts the order back at its index, records changeRefused and says "Error on change status"', async () => {
      const h = await loaded();
      find(h, 'ana l');
      h.actor.send({ type: 'counter.submit' });
      expect(h.openIds()).toEqual([20002, 20003, 20004]);
      h.lastStatus().reply.reject(new Error('409'));
      await settle();
      expect(h.openIds()).toEqual(ALL_IDS);
      expect(h.context().picked).toBeNull();
      expect(h.actor.getSnapshot().matches({ pickup: 'idle' })).toBe(true);
      expect(h.events.at(-1)).toEqual({ type: 'order.changeRefused', at: MONDAY_9AM, order: ANA_LOPEZ, attempted: 1 });
      expect(h.notices).toEqual([{ key: 'orders.statusFailed', severity: 'error' }]);
      h.actor.stop();
    });

    it('Enter while a handover is being sent is ignored: the next order stays on the desk', async () => {
      const h = await loaded();
      handOverJose(h);
      h.actor.send({ type: 'counter.choose', orderId: ANA_RUIZ.id });
      h.actor.send({ type: 'counter.submit' });
      expect(h.calls.status).toHaveLength(1);
      expect(h.actor.getSnapshot().matches({ desk: 'selected' })).toBe(true);
      expect(h.context().selected).toEqual(ANA_RUIZ);
      h.lastStatus().reply.resolve({ ...JOSE, status: 1 });
      await settle();
      h.actor.send({ type: 'counter.submit' });
      expect(h.sent()).toEqual([
        { id: JOSE.id, status: 1 },
        { id: ANA_RUIZ.id, status: 1 },
      ]);
      h.actor.stop();
    });
  });

  describe('undo', () => {
    it('within 8 s sends status 0 and puts the order back at its index at once', async () => {
      expect(COUNTER_UNDO_MS).toBe(8000);
      const h = await loaded();
      await joseHandedOver(h);
      vi.advanceTimersByTime(COUNTER_UNDO_MS - 1);
      h.actor.send({ type: 'counter.undo' });
      expect(h.sent()).toEqual([
        { id: JOSE.id, status: 1 },
        { id: JOSE.id, status: 0 },
      ]);
      expect(h.openIds()).toEqual(ALL_IDS);
      expect(selectSending(h.actor.getSnapshot())).toBe(true);
      expect(h.events.at(-1)).toEqual({ type: 'order.statusChanged', at: MONDAY_9AM, order: { ...JOSE, status: 1 }, status: 0 });
      h.lastStatus().reply.resolve(JOSE);
      await settle();
      expect(h.actor.getSnapshot().matches({ pickup: 'idle' })).toBe(true);
      expect(h.context().picked).toBeNull();
      expect(h.openIds()).toEqual(ALL_IDS);
      expect(h.notices).toEqual([]);
      h.actor.stop();
    });

    it('after 8 s the handover can no longer be undone', async () => {
      const h = await loaded();
      await joseHandedOver(h);
      vi.advanceTimersByTime(COUNTER_UNDO_MS);
      expect(selectUndoable(h.actor.getSnapshot())).toBeNull();
      expect(h.context().picked).toBeNull();
      h.actor.send({ type: 'counter.undo' });
      expect(h.calls.status).toHaveLength(1);
      expect(h.openIds()).toEqual([20001, 20002, 20003]);
      h.actor.stop();
    });

    it('a failed undo takes the order out again, shows it picked up and says so', async () => {
      const h = await loaded();
      await joseHandedOver(h);
      h.actor.send({ type: 'counter.undo' });
      h.lastStatus().reply.reject(new Error('500'));
      await settle();
      expect(h.openIds()).toEqual([20001, 20002, 20003]);
      expect(h.context().picked).toBeNull();
      expect(h.events.map((e) => e.type)).toEqual(['order.statusChanged', 'order.statusChanged', 'order.statusChanged']);
      expect(h.events.at(-1)).toEqual({ type: 'order.statusChanged', at: MONDAY_9AM, order: JOSE, status: 1 });
      expect(h.notices).toEqual([{ key: 'counter.undoFailed', severity: 'error' }]);
      h.actor.stop();
    });

    it('a second handover during the undo window closes the first one', async () => {
      const h = await loaded();
      await joseHandedOver(h);
      h.actor.send({ type: 'counter.choose', orderId: ANA_LOPEZ.id });
      h.actor.send({ type: 'counter.submit' });
      expect(h.context().picked).toEqual({ order: ANA_LOPEZ, index: 0 });
      expect(h.openIds()).toEqual([20002, 20003]);
      h.lastStatus().reply.resolve({ ...ANA_LOPEZ, status: 1 });
      await settle();
      expect(selectUndoable(h.actor.getSnapshot())).toEqual(ANA_LOPEZ);
      h.actor.send({ type: 'counter.undo' });
      // Only the second handover is undone; José's order stays picked up.
      expect(h.lastStatus()).toMatchObject({ id: ANA_LOPEZ.id, status: 0 });
      expect(h.openIds()).toEqual([20001, 20002, 20003]);
      h.actor.stop();
    });

    it('Enter while an undo is being sent is ignored like while a handover is sent: the next order stays on the desk', async () => {
      const h = await loaded();
      await joseHandedOver(h);
      h.actor.send({ type: 'counter.undo' });
      expect(selectSending(h.actor.getSnapshot())).toBe(true);
      h.actor.send({ type: 'counter.choose', orderId: ANA_LOPEZ.id });
      h.actor.send({ type: 'counter.submit' });
      // Not cleared from the desk while nothing hands it over.
      expect(h.context().selected, 'the order on the desk after Enter').toEqual(ANA_LOPEZ);
      h.lastStatus().reply.resolve(JOSE);
      await settle();
      h.actor.send({ type: 'counter.submit' });
      expect(h.lastStatus()).toMatchObject({ id: ANA_LOPEZ.id, status: 1 });
      h.actor.stop();
    });
  });

  describe('the open orders', () => {
    it('a failed first load is the failed state, and Retry loads again', async () => {
      const h = harness();
      h.actor.start();
      h.lastLoad().reply.reject(new Error('offline'));
      await settle();
      expect(selectCounterPhase(h.actor.getSnapshot())).toBe('failed');
      expect(console.info).toHaveBeenCalledWith('Open orders did not load', expect.any(Error));
      h.actor.send({ type: 'counter.retry' });
      expect(selectCounterPhase(h.actor.getSnapshot())).toBe('loading');
      h.lastLoad().reply.resolve(PATH_OPEN_ORDERS);
      await settle();
      expect(h.openIds()).toEqual(ALL_IDS);
      h.actor.stop();
    });

    it('refresh every 10 s; new orders can be found at once, a failed refresh keeps what is known', async () => {
      const h = await loaded();
      vi.advanceTimersByTime(PAST_ORDERS_POLL_MS - 1);
      expect(h.calls.load).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(h.calls.load).toHaveLength(2);
      const leo = order(20005, { consumer: { id: 5, name: 'Leo Gil', email: '', phone: '' } });
      h.lastLoad().reply.resolve([...PATH_OPEN_ORDERS, leo]);
      await settle();
      find(h, 'leo');
      expect(h.context().selected).toEqual(leo);
      vi.advanceTimersByTime(PAST_ORDERS_POLL_MS);
      h.lastLoad().reply.reject(new Error('timeout'));
      await settle();
      expect(h.openIds()).toEqual([...ALL_IDS, 20005]);
      vi.advanceTimersByTime(PAST_ORDERS_POLL_MS);
      expect(h.calls.load).toHaveLength(4);
      h.actor.stop();
    });

    it('a refresh keeps the order being handed over out of the open orders', async () => {
      const h = await loaded();
      handOverJose(h);
      vi.advanceTimersByTime(PAST_ORDERS_POLL_MS);
      // The server answers before it has the pickup.
      h.lastLoad().reply.resolve(PATH_OPEN_ORDERS);
      await settle();
      expect(h.openIds()).toEqual([20001, 20002, 20003]);
      // And the refusal puts it back where it stood, once.
      h.lastStatus().reply.reject(new Error('500'));
      await settle();
      expect(h.openIds()).toEqual(ALL_IDS);
      h.actor.stop();
    });

    it('a refresh that lands while an undo is sent keeps the order that was put back', async () => {
      const h = await loaded();
      await joseHandedOver(h);
      h.actor.send({ type: 'counter.undo' });
      expect(h.openIds()).toEqual(ALL_IDS);
      vi.advanceTimersByTime(PAST_ORDERS_POLL_MS);
      // The server already has the undo: José's order is open again.
      h.lastLoad().reply.resolve(PATH_OPEN_ORDERS);
      await settle();
      expect(h.openIds()).toEqual(ALL_IDS);
      h.lastStatus().reply.resolve(JOSE);
      await settle();
      expect(h.openIds()).toEqual(ALL_IDS);
      h.actor.stop();
    });

    it('pauses while the tab is hidden and refreshes at once when it shows again', async () => {
      const h = await loaded();
      h.actor.send({ type: 'counter.pause' });
      expect(h.actor.getSnapshot().matches({ data: { ready: 'paused' } })).toBe(true);
      vi.advanceTimersByTime(10 * PAST_ORDERS_POLL_MS);
      expect(h.calls.load).toHaveLength(1);
      h.actor.send({ type: 'counter.resume' });
      expect(h.calls.load).toHaveLength(2);
      expect(h.actor.getSnapshot().matches({ data: { ready: 'refreshing' } })).toBe(true);
      h.lastLoad().reply.resolve(PATH_OPEN_ORDERS);
      await settle();
      expect(h.actor.getSnapshot().matches({ data: { ready: 'waiting' } })).toBe(true);
      h.actor.stop();
    });

    it('hidden before the open orders arrive: loads them, then waits for the tab', async () => {
      const h = harness();
      h.actor.start();
      h.actor.send({ type: 'counter.pause' });
      h.lastLoad().reply.resolve(PATH_OPEN_ORDERS);
      await settle();
      expect(h.actor.getSnapshot().matches({ data: { ready: 'paused' } })).toBe(true);
      vi.advanceTimersByTime(10 * PAST_ORDERS_POLL_MS);
      expect(h.calls.load).toHaveLength(1);
      h.actor.stop();
    });
  });
});
