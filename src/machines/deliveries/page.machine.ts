import { assign, setup, type SnapshotFrom } from 'xstate';
import type { DeliveryDetail } from '../../api/logistics';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * A delivery order's page (/delivery-order/{id}/{tab}): loads the delivery with the places of its
 * route once; the summary and route tabs are routes of the same page and read the same load, so
 * switching tabs (or going back) asks nothing again. A failure shows Retry.
 */
interface DeliveryPageContext extends LoadFailureContext {
  deliveryId: number;
  delivery: DeliveryDetail | null;
}

export type DeliveryPageEvent = { type: 'delivery.retry' };

export const deliveryPageMachine = setup({
  types: {
    input: {} as { deliveryId: number },
    context: {} as DeliveryPageContext,
    events: {} as DeliveryPageEvent,
  },
  actors: {
    loadDelivery: promiseNotProvided<DeliveryDetail, { deliveryId: number }>('loadDelivery'),
  },
  actions: {
    logLoadFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'deliveryPage',
  context: ({ input }) => ({ deliveryId: input.deliveryId, delivery: null, loadFailure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'loadDelivery',
        src: 'loadDelivery',
        input: ({ context }) => ({ deliveryId: context.deliveryId }),
        onDone: { target: 'ready', actions: assign({ delivery: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    failed: { on: { 'delivery.retry': 'loading' } },
    ready: {},
  },
});

type DeliveryPageSnapshot = SnapshotFrom<typeof deliveryPageMachine>;
export const selectDeliveryPagePhase = (s: DeliveryPageSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
export const selectDelivery = (s: DeliveryPageSnapshot) => s.context.delivery;
