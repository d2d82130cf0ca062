import { assign, not, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { Delivery } from '../../api/logistics';
import { maxPollDelayMs, oneMoreFailure, pollDelayAfter } from '../../lib/backoff';
import { calendarDayOf } from '../../lib/calendar-days';
import { now } from '../../lib/clock';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';
import { pollerInput, pollerMachine, type PollerDueEvent } from '../shared/poller.machine';

/**
 * The delivery map (/delivery-map, side navigation "Live"): every delivery of today, refreshed
 * every DELIVERY_MAP_POLL_MS while the browser tab is visible.
 *
 * - "Today" is the local calendar day at the moment of each request, so a map left open past
 *   midnight moves to the new day at its next refresh.
 * - A refresh reaches the journal (`deliveries.todayLoaded`) only when the day's deliveries
 *   differ from what the projection holds: a quiet refresh re-renders nothing (and the routes are
 *   not asked for again).
 * - The shared poller (shared/poller.machine.ts, invoked as `poller`) says when the next refresh
 *   is due. A failed refresh keeps the map and backs off (30 s → 60 s → 120 s); a success resets it.
 * - Hidden, the map asks nothing; shown again, it refreshes at once (the poller tells it both).
 * - A first load that fails shows Retry, and tries again on its own after the backed-off wait.
 */
export const DELIVERY_MAP_POLL_MS = 30_000;
export const DELIVERY_MAP_POLL_MAX_MS = maxPollDelayMs(DELIVERY_MAP_POLL_MS);

/** The backed-off wait before the next refresh. */
export const deliveryMapPollDelayMs = (failures: number) => pollDelayAfter(DELIVERY_MAP_POLL_MS, failures);

export interface TodayDeliveries {
  day: string;
  deliveries: Delivery[];
}

interface DeliveryMapContext extends LoadFailureContext {
  failures: number;
  hidden: boolean;
  /** When the deliveries on the map were last confirmed by the server (ms); null before. */
  refreshedAt: number | null;
}

export type DeliveryMapEvent = { type: 'map.retry' } | { type: 'map.pause' } | { type: 'map.resume' } | PollerDueEvent;

const todayRequest = () => ({ day: calendarDayOf(now()) });
const loadedOf = ({ event }: { event: { output: TodayDeliveries } }) => event.output;

export const deliveryMapMachine = setup({
  types: {
    context: {} as DeliveryMapContext,
    events: {} as DeliveryMapEvent,
  },
  actors: {
    loadToday: promiseNotProvided<TodayDeliveries, { day: string }>('loadToday'),
    poller: pollerMachine,
  },
  guards: {
    /** Injected: compares the day's deliveries with what the projection holds. */
    dayDiffers: (_, _params: TodayDeliveries) => true,
    isHidden: ({ context }) => context.hidden,
  },
  delays: {
    /** The failed first load's own retry; the refreshes are the poller's. */
    pollDelay: ({ context }) => deliveryMapPollDelayMs(context.failures),
  },
  actions: {
    /** The server answered: the back-off ends and the time shown as "last refreshed" moves. */
    confirm: assign({ failures: 0, refreshedAt: () => now() }),
    countFailure: assign({ failures: ({ context }) => oneMoreFailure(context.failures) }),
    schedulePoll: sendTo('poller', ({ context }) => ({ type: 'poller.schedule', failures: context.failures })),
    recordLoaded: (_, _params: TodayDeliveries) => {},
    logLoadFailure: (_, _params: { error: unknown }) => {},
    logPollFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'deliveryMap',
  context: { failures: 0, hidden: false, refreshedAt: null, loadFailure: null },
  initial: 'loading',
  invoke: { id: 'poller', src: 'poller', input: pollerInput<DeliveryMapEvent>(DELIVERY_MAP_POLL_MS, 'map.pause', 'map.resume') },
  // The poller reports the tab hidden or shown in any state; the states below also act on it.
  on: {
    'map.pause': { actions: assign({ hidden: true }) },
    'map.resume': { actions: assign({ hidden: false }) },
  },
  states: {
    loading: {
      tags: 'busy',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'loadToday',
        src: 'loadToday',
        input: todayRequest,
        onDone: [
          { guard: { type: 'dayDiffers', params: loadedOf }, target: 'ready', actions: ['confirm', { type: 'recordLoaded', params: loadedOf }] },
          { target: 'ready', actions: 'confirm' },
        ],
        onError: {
          target: 'failed',
          actions: ['countFailure', assign({ loadFailure: loadFailureFromError }), { type: 'logLoadFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    failed: {
      description: 'Nothing to show yet: the failure and Retry; tries again on its own while visible.',
      after: { pollDelay: { guard: not('isHidden'), target: 'loading' } },
      on: {
        'map.retry': 'loading',
        'map.resume': { target: 'loading', actions: assign({ hidden: false }) },
      },
    },
    ready: {
      initial: 'scheduling',
      states: {
        scheduling: {
          always: [{ guard: 'isHidden', target: 'paused' }, { target: 'waiting' }],
        },
        waiting: {
          entry: 'schedulePoll',
          on: { 'poller.due': 'refreshing', 'map.pause': { target: 'paused', actions: assign({ hidden: true }) } },
        },
        refreshing: {
          description: 'The map stays on screen while the day is fetched again.',
          invoke: {
            id: 'refreshToday',
            src: 'loadToday',
            input: todayRequest,
            onDone: [
              { guard: { type: 'dayDiffers', params: loadedOf }, target: 'scheduling', actions: ['confirm', { type: 'recordLoaded', params: loadedOf }] },
              { target: 'scheduling', actions: 'confirm' },
            ],
            onError: { target: 'scheduling', actions: ['countFailure', { type: 'logPollFailure', params: ({ event }) => ({ error: event.error }) }] },
          },
          on: { 'map.pause': { target: 'paused', actions: assign({ hidden: true }) } },
        },
        paused: {
          description: 'The browser tab is hidden: no requests until it shows again, then one at once.',
          on: { 'map.resume': { target: 'refreshing', actions: assign({ hidden: false }) } },
        },
      },
    },
  },
});

type DeliveryMapSnapshot = SnapshotFrom<typeof deliveryMapMachine>;
export const selectDeliveryMapPhase = (s: DeliveryMapSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
/** The last refresh failed: the map shows what it had, marked as not current. */
export const selectDeliveryMapStale = (s: DeliveryMapSnapshot) => s.matches('ready') && s.context.failures > 0;
export const selectRefreshedAt = (s: DeliveryMapSnapshot) => s.context.refreshedAt;
