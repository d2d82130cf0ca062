import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Order } from '../../api/orders';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * Loads one order for the order detail view (the overview's dialog, the review page, later the
 * order page). A failed load keeps the dialog open with a retry.
 */
interface OrderDetailContext extends LoadFailureContext {
  orderId: number;
  order: Order | null;
}

export const orderDetailMachine = setup({
  types: {
    input: {} as { orderId: number },
    context: {} as OrderDetailContext,
    events: {} as { type: 'orderDetail.retry' },
  },
  actors: {
    loadOrder: promiseNotProvided<Order, { orderId: number }>('loadOrder'),
  },
  actions: {
    logLoadFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({ orderId: input.orderId, order: null, loadFailure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'loaded', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    loaded: {},
    failed: { on: { 'orderDetail.retry': 'loading' } },
  },
});

type OrderDetailSnapshot = SnapshotFrom<typeof orderDetailMachine>;
export const selectOrderDetailPhase = (s: OrderDetailSnapshot): 'loading' | 'loaded' | 'failed' =>
  s.matches('loaded') ? 'loaded' : s.matches('failed') ? 'failed' : 'loading';
/** The order once loaded (null before). */
export const selectOrderDetailOrder = (s: OrderDetailSnapshot) => s.context.order;
