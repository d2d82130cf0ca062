import { assign, not, or, raise, sendTo, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { Order, OrderStatusCode } from '../../api/orders';
import { PAST_ORDERS_POLL_MS } from '../../lib/constants';
import { matchOrders } from '../../lib/counter-match';
import type { LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';
import { pagedListStates } from '../shared/paged-list';
import { pollerInput, pollerMachine, type PollerDueEvent } from '../shared/poller.machine';

/**
 * Counter mode (/operations/orders/counter): handing orders over to a queue of customers from the
 * keyboard alone.
 *
 * - `data`: the store's open orders (GET /stores/{id}/orders?status=0), refreshed every
 *   PAST_ORDERS_POLL_MS while the browser tab is visible, so new orders can be found at once. The
 *   shared poller (shared/poller.machine.ts, invoked as `poller`) says when; the counter keeps the
 *   plain interval after a failed refresh (it tells the poller no failures).
 * - `desk`: the operator types an order number or a name; Enter selects the single match (several
 *   matches are listed to choose from); Enter again hands the order over. The desk is cleared at
 *   once for the next customer while the pickup is sent.
 * - `pickup`: sends "picked up" (optimistic: the order leaves the open orders and the overview
 *   figures move at once), then offers an undo for COUNTER_UNDO_MS. A refusal puts the order back
 *   with "Error on change status".
 */
export const COUNTER_UNDO_MS = 8000;
/** How many matches the desk lists at most; more means "keep typing". */
export const COUNTER_MATCH_LIMIT = 8;

interface PickedUp {
  order: Order;
  /** Where it stood among the open orders (to put it back). */
  index: number;
}

interface CounterContext extends LoadFailureContext {
  storeId: number;
  orders: Order[];
  query: string;
  selected: Order | null;
  /** The pickup being sent or open to undo. */
  picked: PickedUp | null;
  hidden: boolean;
  /** Enter with nothing to select: the desk says why (no match, or several). */
  unresolved: 'none' | 'several' | null;
}

export type CounterEvent =
  | { type: 'counter.type'; query: string }
  | { type: 'counter.submit' }
  | { type: 'counter.choose'; orderId: number }
  | { type: 'counter.clear' }
  | { type: 'counter.undo' }
  | { type: 'counter.retry' }
  | { type: 'counter.pause' }
  | { type: 'counter.resume' }
  | { type: 'counter.pickUp'; order: Order }
  | PollerDueEvent;

const matchesOf = (context: CounterContext) => matchOrders(context.orders, context.query);

function without(orders: readonly Order[], id: number): Order[] {
  return orders.filter((order) => order.id !== id);
}

function putBack(orders: readonly Order[], picked: PickedUp): Order[] {
  if (orders.some((order) => order.id === picked.order.id)) return [...orders];
  const index = Math.min(picked.index, orders.length);
  return [...orders.slice(0, index), picked.order, ...orders.slice(index)];
}

/** The open orders load like a list's page (paged-list.ts); their refresh is the counter's own. */
const data = pagedListStates<CounterContext, CounterEvent>();

export const counterMachine = setup({
  types: {
    input: {} as { storeId: number },
    context: {} as CounterContext,
    events: {} as CounterEvent,
  },
  actors: {
    loadOpenOrders: promiseNotProvided<Order[], { storeId: number }>('loadOpenOrders'),
    setStatus: promiseNotProvided<Order, { id: number; status: OrderStatusCode }>('setStatus'),
    poller: pollerMachine,
  },
  guards: {
    singleMatch: ({ context }) => matchesOf(context).length === 1,
    severalMatches: ({ context }) => matchesOf(context).length > 1,
    isHidden: ({ context }) => context.hidden,
    isOpenOrder: ({ context, event }) => event.type === 'counter.choose' && context.orders.some((order) => order.id === event.orderId),
    /** The order on the desk is no longer open (a refresh dropped it, or a failed undo left it picked up). */
    selectionGone: ({ context }) => context.selected === null || !context.orders.some((order) => order.id === context.selected!.id),
  },
  delays: {
    undoWindow: COUNTER_UNDO_MS,
  },
  actions: {
    schedulePoll: sendTo('poller', { type: 'poller.schedule' }),
    /** The order leaves the open orders while it is handed over. */
    takeOrder: assign(({ context, event }) => {
      if (event.type !== 'counter.pickUp') return {};
      const index = context.orders.findIndex((order) => order.id === event.order.id);
      return { picked: { order: event.order, index: Math.max(0, index) }, orders: without(context.orders, event.order.id) };
    }),
    recordStatusChanged: (_, _params: { order: Order; status: OrderStatusCode }) => {},
    recordRefused: (_, _params: { order: Order; attempted: number }) => {},
    notifyStatusFailed: () => {},
    notifyUndoFailed: () => {},
    logLoadFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'counter',
  type: 'parallel',
  context: ({ input }) => ({ storeId: input.storeId, orders: [], query: '', selected: null, picked: null, hidden: false, unresolved: null, loadFailure: null }),
  invoke: { id: 'poller', src: 'poller', input: pollerInput<CounterEvent>(PAST_ORDERS_POLL_MS, 'counter.pause', 'counter.resume') },
  // The poller reports the tab hidden or shown in any state; the refresh states below also act on it.
  on: {
    'counter.pause': { actions: assign({ hidden: true }) },
    'counter.resume': { actions: assign({ hidden: false }) },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: data.loading('loadOpenOrders', {
          tags: 'loading',
          input: ({ context }) => ({ storeId: context.storeId }),
          loaded: data.keepLoaded((orders: Order[]) => ({ orders })),
        }),
        failed: data.failed('counter.retry'),
        ready: {
          initial: 'scheduling',
          states: {
            scheduling: { always: [{ guard: 'isHidden', target: 'paused' }, { target: 'waiting' }] },
            waiting: {
              entry: 'schedulePoll',
              on: { 'poller.due': 'refreshing', 'counter.pause': { target: 'paused', actions: assign({ hidden: true }) } },
            },
            refreshing: {
              invoke: {
                id: 'refreshOpenOrders',
                src: 'loadOpenOrders',
                input: ({ context }) => ({ storeId: context.storeId }),
                onDone: [
                  {
                    // An undo under way has put its order back: a list fetched meanwhile may predate that.
                    guard: stateIn({ pickup: 'undoing' }),
                    target: 'scheduling',
                    actions: assign({ orders: ({ context, event }) => putBack(event.output, context.picked!) }),
                  },
                  {
                    target: 'scheduling',
                    // The order being handed over stays out until the server has answered.
                    actions: assign({ orders: ({ context, event }) => (context.picked ? without(event.output, context.picked.order.id) : event.output) }),
                  },
                ],
                // A failed refresh keeps the orders already known; the next one may succeed.
                onError: { target: 'scheduling', actions: { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            paused: { on: { 'counter.resume': { target: 'refreshing', actions: assign({ hidden: false }) } } },
          },
        },
      },
    },
    desk: {
      initial: 'searching',
      on: {
        'counter.type': { target: '.searching', actions: assign({ query: ({ event }) => event.query, selected: null, unresolved: null }) },
        'counter.clear': { target: '.searching', actions: assign({ query: '', selected: null, unresolved: null }) },
      },
      states: {
        searching: {
          on: {
            'counter.submit': [
              { guard: 'singleMatch', target: 'selected', actions: assign({ selected: ({ context }) => matchesOf(context)[0], unresolved: null }) },
              { guard: 'severalMatches', actions: assign({ unresolved: 'several' }) },
              { actions: assign({ unresolved: 'none' }) },
            ],
            'counter.choose': {
              guard: 'isOpenOrder',
              target: 'selected',
              actions: assign({ selected: ({ context, event }) => context.orders.find((order) => order.id === event.orderId) ?? null, unresolved: null }),
            },
          },
        },
        selected: {
          description: 'One order on the desk: Enter hands it over, Escape goes back.',
          always: { guard: 'selectionGone', target: 'searching', actions: assign({ selected: null }) },
          on: {
            'counter.submit': {
              // One pickup (or undo) is sent at a time; Enter again once it has gone through.
              guard: not(or([stateIn({ pickup: 'sending' }), stateIn({ pickup: 'undoing' })])),
              target: 'searching',
              actions: [raise(({ context }) => ({ type: 'counter.pickUp' as const, order: context.selected! })), assign({ query: '', selected: null })],
            },
          },
        },
      },
    },
    pickup: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'counter.pickUp': { target: 'sending', actions: 'takeOrder' } },
        },
        sending: {
          tags: 'sending',
          entry: { type: 'recordStatusChanged', params: ({ context }) => ({ order: context.picked!.order, status: 1 as const }) },
          invoke: {
            id: 'markPickedUp',
            src: 'setStatus',
            input: ({ context }) => ({ id: context.picked!.order.id, status: 1 as const }),
            onDone: 'undoable',
            onError: {
              target: 'idle',
              actions: [
                { type: 'recordRefused', params: ({ context }) => ({ order: context.picked!.order, attempted: 1 }) },
                'notifyStatusFailed',
                assign(({ context }) => ({ orders: putBack(context.orders, context.picked!), picked: null })),
              ],
            },
          },
        },
        undoable: {
          description: 'The last handover can be undone for a few seconds.',
          after: { undoWindow: { target: 'idle', actions: assign({ picked: null }) } },
          on: {
            'counter.undo': 'undoing',
            // The next customer's handover closes the previous one's undo.
            'counter.pickUp': { target: 'sending', actions: 'takeOrder' },
          },
        },
        undoing: {
          tags: 'sending',
          entry: [
            // Undo is a change of its own (picked up → pending), sent like any other.
            { type: 'recordStatusChanged', params: ({ context }) => ({ order: { ...context.picked!.order, status: 1 }, status: 0 as const }) },
            assign(({ context }) => ({ orders: putBack(context.orders, context.picked!) })),
          ],
          invoke: {
            id: 'undoPickup',
            src: 'setStatus',
            input: ({ context }) => ({ id: context.picked!.order.id, status: 0 as const }),
            onDone: { target: 'idle', actions: assign({ picked: null }) },
            onError: {
              target: 'idle',
              actions: [
                // The server still holds it as picked up: show that again.
                { type: 'recordStatusChanged', params: ({ context }) => ({ order: context.picked!.order, status: 1 as const }) },
                assign(({ context }) => ({ orders: without(context.orders, context.picked!.order.id), picked: null })),
                'notifyUndoFailed',
              ],
            },
          },
        },
      },
    },
  },
});

type CounterSnapshot = SnapshotFrom<typeof counterMachine>;
export const selectCounterPhase = (s: CounterSnapshot) => (s.matches({ data: 'loading' }) ? 'loading' : s.matches({ data: 'failed' }) ? 'failed' : 'ready');
export const selectMatches = (s: CounterSnapshot) => matchesOf(s.context).slice(0, COUNTER_MATCH_LIMIT);
export const selectMatchCount = (s: CounterSnapshot) => matchesOf(s.context).length;
export const selectUndoable = (s: CounterSnapshot) => (s.matches({ pickup: 'undoable' }) ? (s.context.picked?.order ?? null) : null);
export const selectSending = (s: CounterSnapshot) => s.hasTag('sending');
/** What the operator typed at the desk. */
export const selectCounterQuery = (s: CounterSnapshot) => s.context.query;
/** The order Enter hands over next (null: none chosen yet). */
export const selectSelectedOrder = (s: CounterSnapshot) => s.context.selected;
/** Why Enter had nothing to select (no match, or several), or null. */
export const selectCounterUnresolved = (s: CounterSnapshot) => s.context.unresolved;
/** How many of the store's orders are open (waiting to be picked up). */
export const selectOpenOrderCount = (s: CounterSnapshot) => s.context.orders.length;
