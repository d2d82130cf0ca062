import { and, assign, raise, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { PagedList } from '../../api/codecs';
import type { Order, OrdersListFilter, OrderStatusCode } from '../../api/orders';
import { MAX_BACKOFF_STEPS, maxPollDelayMs, pollDelayAfter } from '../../lib/backoff';
import { PAST_ORDERS_POLL_MS } from '../../lib/constants';
import { offsetForPage } from '../../lib/paging';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The orders list (/operations/orders/{tab}, /operations/orders/filter/{tab}) and what the
 * operator does to its rows.
 *
 * Two regions run side by side:
 * - `list`: the page the URL names (tab, filters, page) loads. The sold tab (past orders) is then
 *   polled every PAST_ORDERS_POLL_MS while the browser tab is visible, with the offers poll's
 *   rules: a failed poll keeps the page and backs off (10 s → 20 s → 40 s); a poll reaches the
 *   journal only when the page differs from what the orders projection holds.
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

interface OrdersListContext extends LoadFailureContext {
  filter: OrdersListFilter;
  /** 0-based; the URL shows it 1-based. */
  page: number;
  failures: number;
  hidden: boolean;
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
  | { type: 'orders.confirmCancel' };

/** The backed-off wait before the next poll: PAST_ORDERS_POLL_MS doubled per failure, capped. */
export const ordersPollDelayMs = (failures: number) => pollDelayAfter(PAST_ORDERS_POLL_MS, failures);

const pageRequest = ({ context }: { context: OrdersListContext }): OrdersPageRequest => ({
  filter: context.filter,
  limit: ORDERS_PAGE_SIZE,
  offset: offsetForPage(context.page, ORDERS_PAGE_SIZE),
});

const pageOf = ({ context, event }: { context: OrdersListContext; event: { output: PagedList<Order> } }) => ({
  filter: context.filter,
  page: event.output,
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
  },
  guards: {
    /** Injected: compares the page with what the orders projection holds. */
    pageDiffers: (_, _params: { filter: OrdersListFilter; page: PagedList<Order> }) => true,
    isHidden: ({ context }) => context.hidden,
    /** Only past orders poll (spec section 4); the pending tab is reloaded by the operator's actions. */
    polls: ({ context }) => context.filter.tab === 'sold',
  },
  delays: {
    pollDelay: ({ context }) => ordersPollDelayMs(context.failures),
  },
  actions: {
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
  on: {
    'orders.pause': { actions: assign({ hidden: true }) },
    'orders.resume': { actions: assign({ hidden: false }) },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        // A newer filter or page replaces a load still running. Not `reenter`: that would also
        // restart the mutation region and drop a running cancel.
        'orders.show': {
          target: '.loading',
          actions: assign({ filter: ({ event }) => event.filter, page: ({ event }) => Math.max(0, event.page), failures: 0 }),
        },
      },
      states: {
        loading: {
          tags: 'busy',
          entry: assign({ loadFailure: null }),
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: pageRequest,
            onDone: [
              { guard: { type: 'pageDiffers', params: pageOf }, target: 'ready', actions: { type: 'recordLoaded', params: pageOf } },
              { target: 'ready' },
            ],
            onError: { target: 'failed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        failed: {
          description: 'Nothing to show: the failure and Retry.',
          on: { 'orders.retry': 'loading' },
        },
        ready: {
          initial: 'scheduling',
          on: { 'orders.refresh': '.polling' },
          states: {
            scheduling: {
              description: 'Polls the sold tab while visible; the pending tab stays until something changes.',
              always: [{ guard: 'isHidden', target: 'paused' }, { guard: 'polls', target: 'waiting' }, { target: 'still' }],
            },
            still: {
              description: 'The pending tab: no timer.',
              on: { 'orders.pause': { target: 'paused', actions: assign({ hidden: true }) } },
            },
            waiting: {
              after: { pollDelay: 'polling' },
              on: { 'orders.pause': { target: 'paused', actions: assign({ hidden: true }) } },
            },
            polling: {
              description: 'The page stays on screen while it is fetched again.',
              invoke: {
                id: 'pollPage',
                src: 'loadPage',
                input: pageRequest,
                onDone: [
                  {
                    // A poll answered during a change may predate it; the next one brings the settled page.
                    guard: and([stateIn({ mutation: 'idle' }), { type: 'pageDiffers', params: pageOf }]),
                    target: 'scheduling',
                    actions: [assign({ failures: 0 }), { type: 'recordLoaded', params: pageOf }],
                  },
                  { target: 'scheduling', actions: assign({ failures: 0 }) },
                ],
                onError: {
                  target: 'scheduling',
                  actions: [
                    assign({ failures: ({ context }) => Math.min(context.failures + 1, MAX_BACKOFF_STEPS) }),
                    { type: 'logPollFailure', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
              on: { 'orders.pause': { target: 'paused', actions: assign({ hidden: true }) } },
            },
            paused: {
              description: 'The browser tab is hidden: no requests until it shows again, then one at once.',
              on: { 'orders.resume': { target: 'polling', actions: assign({ hidden: false }) } },
            },
          },
        },
      },
    },
    mutation: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'orders.setStatus': {
              target: 'changingStatus',
              actions: assign({ changing: ({ event }) => ({ order: event.order, status: event.status }) }),
            },
            'orders.askCancel': {
              target: 'confirmingCancel',
              actions: assign({ cancelling: ({ event }) => event.order }),
            },
          },
        },
        confirmingCancel: {
          description: 'The "Cancel order #{id}?" dialog is open.',
          on: {
            'orders.dismissCancel': { target: 'idle', actions: assign({ cancelling: null }) },
            'orders.confirmCancel': 'cancelling',
          },
        },
        cancelling: {
          tags: 'mutating',
          entry: { type: 'recordCancelled', params: ({ context }) => ({ order: context.cancelling! }) },
          invoke: {
            id: 'cancelOrder',
            src: 'cancelOrder',
            input: ({ context }) => ({ id: context.cancelling!.id }),
            // The pending page is one short now: a refresh brings the next order up.
            onDone: { target: 'idle', actions: [assign({ cancelling: null }), raise({ type: 'orders.refresh' })] },
            onError: {
              target: 'idle',
              actions: [
                { type: 'recordRefused', params: ({ context }) => ({ order: context.cancelling!, attempted: 3 }) },
                'notifyCancelFailed',
                assign({ cancelling: null }),
              ],
            },
          },
        },
        changingStatus: {
          tags: 'mutating',
          entry: { type: 'recordStatusChanged', params: ({ context }) => ({ order: context.changing!.order, status: context.changing!.status }) },
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => ({ id: context.changing!.order.id, status: context.changing!.status }),
            onDone: { target: 'idle', actions: [assign({ changing: null }), raise({ type: 'orders.refresh' })] },
            onError: {
              target: 'idle',
              actions: [
                { type: 'recordRefused', params: ({ context }) => ({ order: context.changing!.order, attempted: context.changing!.status }) },
                'notifyStatusFailed',
                assign({ changing: null }),
              ],
            },
          },
        },
      },
    },
  },
});


type OrdersListSnapshot = SnapshotFrom<typeof ordersListMachine>;
export type OrdersListPhase = 'loading' | 'failed' | 'ready';
export const selectOrdersPhase = (s: OrdersListSnapshot): OrdersListPhase =>
  s.matches({ list: 'failed' }) ? 'failed' : s.matches({ list: 'loading' }) ? 'loading' : 'ready';
export const selectOrdersMutating = (s: OrdersListSnapshot) => !s.matches({ mutation: 'idle' });
/** The order a cancel confirmation is open for, or null. */
export const selectConfirmingCancel = (s: OrdersListSnapshot) => (s.matches({ mutation: 'confirmingCancel' }) ? s.context.cancelling : null);
