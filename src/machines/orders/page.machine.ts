import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Order, OrderStatusCode } from '../../api/orders';
import { pickupDateAfter } from '../../lib/pickup-status';
import { now } from '../../lib/clock';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The order page (/operations/order/{id}): loads the order, then lets the operator mark it picked
 * up (or back to pending) and cancel it after a confirmation. A change shows at once (the page's
 * order and, through the journal, the lists and the overview figures) and is put back when the
 * server refuses it.
 */
interface OrderPageContext extends LoadFailureContext {
  orderId: number;
  order: Order | null;
  /** The order as it was before the change under way (to put back on a refusal). */
  before: Order | null;
  /** The status code being sent (3 while cancelling). */
  attempted: number | null;
}

export type OrderPageEvent =
  | { type: 'order.retry' }
  | { type: 'order.setStatus'; status: OrderStatusCode }
  | { type: 'order.askCancel' }
  | { type: 'order.dismissCancel' }
  | { type: 'order.confirmCancel' };

const CANCELLED_BY_STORE = 3;

/** The order as the operator should see it while a change is under way. */
function withStatus(order: Order, status: number, at: number): Order {
  return { ...order, status, pickup_date: pickupDateAfter(order, status, at) };
}

export const orderPageMachine = setup({
  types: {
    input: {} as { orderId: number },
    context: {} as OrderPageContext,
    events: {} as OrderPageEvent,
  },
  actors: {
    loadOrder: promiseNotProvided<Order, { orderId: number }>('loadOrder'),
    setStatus: promiseNotProvided<Order, { id: number; status: OrderStatusCode }>('setStatus'),
    cancelOrder: promiseNotProvided<Order, { id: number }>('cancelOrder'),
  },
  guards: {
    /** Only an order still to collect (code 0) can be picked up or cancelled; only a picked-up one goes back. */
    canSetStatus: ({ context, event }) =>
      event.type === 'order.setStatus' && context.order !== null && context.order.status !== event.status && (context.order.status === 0 || context.order.status === 1),
    canCancel: ({ context }) => context.order?.status === 0,
  },
  actions: {
    recordStatusChanged: (_, _params: { order: Order; status: OrderStatusCode }) => {},
    recordCancelled: (_, _params: { order: Order }) => {},
    recordRefused: (_, _params: { order: Order; attempted: number }) => {},
    notifyStatusFailed: () => {},
    notifyCancelFailed: () => {},
    logLoadFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'orderPage',
  context: ({ input }) => ({ orderId: input.orderId, order: null, before: null, attempted: null, loadFailure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'ready', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    failed: { on: { 'order.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'order.setStatus': {
              guard: 'canSetStatus',
              target: 'changingStatus',
              actions: [
                { type: 'recordStatusChanged', params: ({ context, event }) => ({ order: context.order!, status: event.status }) },
                assign(({ context, event }) => ({
                  before: context.order,
                  attempted: event.status,
                  order: withStatus(context.order!, event.status, now()),
                })),
              ],
            },
            'order.askCancel': { guard: 'canCancel', target: 'confirmingCancel' },
          },
        },
        confirmingCancel: {
          description: 'The "Cancel order #{id}?" dialog is open.',
          on: {
            'order.dismissCancel': 'idle',
            'order.confirmCancel': {
              target: 'cancelling',
              actions: [
                { type: 'recordCancelled', params: ({ context }) => ({ order: context.order! }) },
                assign(({ context }) => ({ before: context.order, attempted: CANCELLED_BY_STORE, order: withStatus(context.order!, CANCELLED_BY_STORE, now()) })),
              ],
            },
          },
        },
        changingStatus: {
          tags: 'mutating',
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => ({ id: context.orderId, status: context.attempted as OrderStatusCode }),
            onDone: { target: 'idle', actions: assign({ order: ({ event }) => event.output, before: null, attempted: null }) },
            onError: {
              target: 'idle',
              actions: [
                { type: 'recordRefused', params: ({ context }) => ({ order: context.before!, attempted: context.attempted! }) },
                'notifyStatusFailed',
                assign(({ context }) => ({ order: context.before, before: null, attempted: null })),
              ],
            },
          },
        },
        cancelling: {
          tags: 'mutating',
          invoke: {
            id: 'cancelOrder',
            src: 'cancelOrder',
            input: ({ context }) => ({ id: context.orderId }),
            onDone: { target: 'idle', actions: assign({ order: ({ event }) => event.output, before: null, attempted: null }) },
            onError: {
              target: 'idle',
              actions: [
                { type: 'recordRefused', params: ({ context }) => ({ order: context.before!, attempted: context.attempted! }) },
                'notifyCancelFailed',
                assign(({ context }) => ({ order: context.before, before: null, attempted: null })),
              ],
            },
          },
        },
      },
    },
  },
});

type OrderPageSnapshot = SnapshotFrom<typeof orderPageMachine>;
export const selectOrderPagePhase = (s: OrderPageSnapshot) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready');
export const selectOrderBusy = (s: OrderPageSnapshot) => s.hasTag('mutating');
/** The order as the page shows it (null before it loads). */
export const selectOrderPageOrder = (s: OrderPageSnapshot) => s.context.order;
export const selectConfirmingOrderCancel = (s: OrderPageSnapshot) => s.matches({ ready: 'confirmingCancel' });
