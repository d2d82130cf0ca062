import { sendTo, setup, type SnapshotFrom } from 'xstate';
import type { PagedList } from '../../api/codecs';
import type { Order, OrdersListFilter, OrderStatusCode } from '../../api/orders';
import { maxPollDelayMs, pollDelayAfter } from '../../lib/backoff';
import { PAST_ORDERS_POLL_MS } from '../../lib/constants';
import { promiseNotProvided } from '../shared/not-provided';
import { pagedListStates, pageWindow, polledListStates, type PolledListContext } from '../shared/paged-list';
import { pollerMachine, type PollerDueEvent } from '../shared/poller.machine';
import { rowMutationStates } from '../shared/row-mutations';

/**
 * The orders list (/operations/orders/{tab}, /operations/orders/filter/{tab}) and what the
 * operator does to its rows.
 *
 * Two regions run side by side:
 * - `list`: the page the URL names (tab, filters, page) loads. The sold tab (past orders) is then
 *   polled every PAST_ORDERS_POLL_MS while the browser tab is visible, paced by the shared poller
 *   (shared/poller.machine.ts, invoked as `poller`) like the offers list: a failed poll keeps the
 *   page and backs off (10 s → 20 s → 40 s); a poll reaches the journal only when the page differs
 *   from what the orders projection holds.
 * - `mutation`: one status change (picked up) or one cancel (after a confirmation) at a time,
 *   applied to the journal at once (optimistic) and put back if the server refuses.
 */
export const ORDERS_PAGE_SIZE = 10;
export const ORDERS_POLL_MAX_MS = maxPollDelayMs(PAST_ORDERS_POLL_MS);

export interface OrdersPageRequest {
  filter: OrdersListFilter;
  limit: number;
  offset: number;
}

interface OrdersListContext extends PolledListContext {
  filter: OrdersListFilter;
  /** 0-based; the URL shows it 1-based. */
  page: number;
  /** The order a cancel is being confirmed or sent for. */
  cancelling: Order | null;
  /** The status change under way. */
  changing: { order: Order; status: OrderStatusCode } | null;
}

export type OrdersListEvent =
  | { type: 'orders.show'; filter: OrdersListFilter; page: number }
  | { type: 'orders.retry' }
  | { type: 'orders.pause' }
  | { type: 'orders.resume' }
  | { type: 'orders.refresh' }
  | { type: 'orders.setStatus'; order: Order; status: OrderStatusCode }
  | { type: 'orders.askCancel'; order: Order }
  | { type: 'orders.dismissCancel' }
  | { type: 'orders.confirmCancel' }
  | PollerDueEvent;

/** The backed-off wait before the next poll: PAST_ORDERS_POLL_MS doubled per failure, capped. */
export const ordersPollDelayMs = (failures: number) => pollDelayAfter(PAST_ORDERS_POLL_MS, failures);

const pageRequest = ({ context }: { context: OrdersListContext }): OrdersPageRequest => ({
  filter: context.filter,
  ...pageWindow(context.page, ORDERS_PAGE_SIZE),
});

const pageOf = ({ context, event }: { context: OrdersListContext; event: { output: PagedList<Order> } }) => ({
  filter: context.filter,
  page: event.output,
});

const list = pagedListStates<OrdersListContext, OrdersListEvent>();
const polled = polledListStates<OrdersListContext, OrdersListEvent>();
const rows = rowMutationStates<OrdersListContext, OrdersListEvent>();

/** A pickup or any other status change shows at once; a refusal puts the order back as it was. */
const orderStatusChange = rows.sentAtOnce({
  start: 'orders.setStatus',
  state: 'changingStatus',
  field: 'changing',
  hold: ({ event }) => ({ order: event.order, status: event.status }),
  src: 'setStatus',
  input: ({ order, status }) => ({ id: order.id, status }),
  apply: { type: 'recordStatusChanged', params: ({ order, status }) => ({ order, status }) },
  revert: { type: 'recordRefused', params: ({ order, status }) => ({ order, attempted: status }) },
  notify: 'notifyStatusFailed',
  // The order has moved to another tab: a refresh brings the next one up.
  refresh: 'orders.refresh',
});

/** Cancelled after the operator confirms; the order shows cancelled at once and comes back if refused. */
const orderCancel = rows.confirmedFirst({
  start: 'orders.askCancel',
  dismiss: 'orders.dismissCancel',
  confirm: 'orders.confirmCancel',
  confirming: 'confirmingCancel',
  dialog: 'The "Cancel order #{id}?" dialog is open.',
  state: 'cancelling',
  field: 'cancelling',
  hold: ({ event }) => event.order,
  src: 'cancelOrder',
  input: (order) => ({ id: order.id }),
  apply: { type: 'recordCancelled', params: (order) => ({ order }) },
  revert: { type: 'recordRefused', params: (order) => ({ order, attempted: 3 }) },
  notify: 'notifyCancelFailed',
  // The pending page is one short now: a refresh brings the next order up.
  refresh: 'orders.refresh',
});

export const ordersListMachine = setup({
  types: {
    input: {} as { filter: OrdersListFilter; page: number },
    context: {} as OrdersListContext,
    events: {} as OrdersListEvent,
  },
  actors: {
    loadPage: promiseNotProvided<PagedList<Order>, OrdersPageRequest>('loadPage'),
    setStatus: promiseNotProvided<Order, { id: number; status: OrderStatusCode }>('setStatus'),
    cancelOrder: promiseNotProvided<Order, { id: number }>('cancelOrder'),
    poller: pollerMachine,
  },
  guards: {
    /** Injected: compares the page with what the orders projection holds. */
    pageDiffers: (_, _params: { filter: OrdersListFilter; page: PagedList<Order> }) => true,
    isHidden: ({ context }) => context.hidden,
    /** Only past orders poll (spec section 4); the pending tab is reloaded by the operator's actions. */
    polls: ({ context }) => context.filter.tab === 'sold',
  },
  actions: {
    schedulePoll: sendTo('poller', ({ context }) => ({ type: 'poller.schedule', failures: context.failures })),
    recordLoaded: (_, _params: { filter: OrdersListFilter; page: PagedList<Order> }) => {},
    recordStatusChanged: (_, _params: { order: Order; status: OrderStatusCode }) => {},
    recordCancelled: (_, _params: { order: Order }) => {},
    recordRefused: (_, _params: { order: Order; attempted: number }) => {},
    notifyStatusFailed: () => {},
    notifyCancelFailed: () => {},
    logLoadFailure: (_, _params: { error: unknown }) => {},
    logPollFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'ordersList',
  type: 'parallel',
  context: ({ input }) => ({
    filter: input.filter,
    page: Math.max(0, input.page),
    failures: 0,
    hidden: false,
    cancelling: null,
    changing: null,
    loadFailure: null,
  }),
  ...polled.poller(PAST_ORDERS_POLL_MS, 'orders.pause', 'orders.resume'),
  states: {
    list: list.region({
      show: 'orders.show',
      // Another tab, filter or page starts its back-off afresh.
      shown: (event) => ({ filter: event.filter, page: Math.max(0, event.page), failures: 0 }),
      retry: 'orders.retry',
      input: pageRequest,
      loaded: list.recordLoadedIfNew(pageOf),
      // Only the sold tab polls; the pending tab stays `still` and is refreshed by the operator's changes.
      ready: polled.ready({
        pause: 'orders.pause',
        resume: 'orders.resume',
        refresh: 'orders.refresh',
        refreshFrom: 'anywhere',
        afterPoll: 'scheduling',
        pollsIf: 'polls',
        input: pageRequest,
        record: pageOf,
      }),
    }),
    mutation: rows.region(orderStatusChange, orderCancel),
  },
});


type OrdersListSnapshot = SnapshotFrom<typeof ordersListMachine>;
export type OrdersListPhase = 'loading' | 'failed' | 'ready';
export const selectOrdersPhase = (s: OrdersListSnapshot): OrdersListPhase =>
  s.matches({ list: 'failed' }) ? 'failed' : s.matches({ list: 'loading' }) ? 'loading' : 'ready';
export const selectOrdersMutating = (s: OrdersListSnapshot) => !s.matches({ mutation: 'idle' });
/** The last refresh failed: the page shown may be out of date. */
export const selectOrdersStale = (s: OrdersListSnapshot) => s.context.failures > 0;
/** The order a cancel confirmation is open for, or null. */
export const selectConfirmingCancel = (s: OrdersListSnapshot) => (s.matches({ mutation: 'confirmingCancel' }) ? s.context.cancelling : null);
