import { fromPromise } from 'xstate';
import { cancelOrder, getOrder, listOrders, listStoreOrders, ordersFilterBody, setOrderStatus, type Order, type OrderStatusCode } from '../../api/orders';
import { now } from '../../lib/clock';
import { counterMachine } from './counter.machine';
import { orderDetailMachine } from './detail.machine';
import type { LiveDeps } from '../shared/live-deps';
import { orderPageMachine } from './page.machine';
import { ordersListMachine, type OrdersPageRequest } from './list.machine';
import { holdsPage } from '../journal/projections';
import { describeError as describe } from '../shared/describe-error';

/**
 * The orders machines with their real calls. They live beside the machines, not in live.ts, so
 * the order calls are pulled in only by the lazily loaded orders screens.
 */

type Deps = Pick<LiveDeps, 'journal' | 'notify'>;

const setStatus = fromPromise(({ input }: { input: { id: number; status: OrderStatusCode } }) => setOrderStatus(input.id, input.status));
const cancel = fromPromise(({ input }: { input: { id: number } }) => cancelOrder(input.id));

/** The journal facts every orders machine appends, and the catalogue's messages. */
function orderEffects({ journal, notify }: Deps) {
  return {
    recordStatusChanged: (_: unknown, { order, status }: { order: Order; status: number }) =>
      journal.append({ type: 'order.statusChanged', at: now(), order, status }),
    recordCancelled: (_: unknown, { order }: { order: Order }) =>
      journal.append({ type: 'order.cancelled', at: now(), order }),
    recordRefused: (_: unknown, { order, attempted }: { order: Order; attempted: number }) =>
      journal.append({ type: 'order.changeRefused', at: now(), order, attempted }),
    notifyStatusFailed: () => notify({ key: 'orders.statusFailed', severity: 'error' }),
    notifyCancelFailed: () => notify({ key: 'orders.cancelFailed', severity: 'error' }),
  };
}

export function liveOrdersListMachine(deps: Deps) {
  const { journal } = deps;
  const effects = orderEffects(deps);
  return ordersListMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: OrdersPageRequest }) => listOrders(ordersFilterBody(input.filter), { limit: input.limit, offset: input.offset })),
      setStatus,
      cancelOrder: cancel,
    },
    guards: {
      // An identical page must not reach the journal: nothing re-renders on a quiet poll.
      pageDiffers: (_, { filter, page }) => !holdsPage(journal.state().orders, filter, page),
    },
    actions: {
      recordLoaded: (_, { filter, page }) => journal.append({ type: 'orders.loaded', at: now(), filter, page }),
      recordStatusChanged: effects.recordStatusChanged,
      recordCancelled: effects.recordCancelled,
      recordRefused: effects.recordRefused,
      notifyStatusFailed: effects.notifyStatusFailed,
      notifyCancelFailed: effects.notifyCancelFailed,
      // Spec section 8: list loads that fail are only logged (the screen shows the message).
      logLoadFailure: (_, { error }) => console.info('Orders did not load', describe(error)),
      logPollFailure: (_, { error }) => console.info('Orders poll failed; keeping the last page', describe(error)),
    },
  });
}

export function liveOrderPageMachine(deps: Deps) {
  const effects = orderEffects(deps);
  return orderPageMachine.provide({
    actors: {
      loadOrder: fromPromise(({ input }: { input: { orderId: number } }) => getOrder(input.orderId)),
      setStatus,
      cancelOrder: cancel,
    },
    actions: {
      recordStatusChanged: effects.recordStatusChanged,
      recordCancelled: effects.recordCancelled,
      recordRefused: effects.recordRefused,
      notifyStatusFailed: effects.notifyStatusFailed,
      notifyCancelFailed: effects.notifyCancelFailed,
      logLoadFailure: (_, { error }) => console.info('Order did not load', describe(error)),
    },
  });
}

export function liveCounterMachine(deps: Deps) {
  const { notify } = deps;
  const effects = orderEffects(deps);
  return counterMachine.provide({
    actors: {
      loadOpenOrders: fromPromise(({ input }: { input: { storeId: number } }) => listStoreOrders(input.storeId, { status: 0 })),
      setStatus,
    },
    actions: {
      recordStatusChanged: effects.recordStatusChanged,
      recordRefused: effects.recordRefused,
      notifyStatusFailed: effects.notifyStatusFailed,
      notifyUndoFailed: () => notify({ key: 'counter.undoFailed', severity: 'error' }),
      logLoadFailure: (_, { error }) => console.info('Open orders did not load', describe(error)),
    },
  });
}

/** One order read by id (the order and review detail dialogs). */
export function liveOrderDetailMachine() {
  return orderDetailMachine.provide({
    actors: { loadOrder: fromPromise(({ input }: { input: { orderId: number } }) => getOrder(input.orderId)) },
    actions: { logLoadFailure: (_, { error }) => console.info('Order did not load', describe(error)) },
  });
}
