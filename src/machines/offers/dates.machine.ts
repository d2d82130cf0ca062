import { and, assign, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import { now } from '../../lib/clock';
import { dayRelativeTo, endAfterStart, endsNextDay, onDay, type OfferDay } from '../../lib/offer-dates';

/**
 * The offer form's date behaviour (spec section 4):
 * - choosing "tomorrow" for the order start shifts every date one day ahead and locks the pickup
 *   choice (pickup cannot be today when ordering starts tomorrow: `whenpu_disabled`);
 * - choosing "today" moves the dates back a day if they lie in the future, and unlocks it;
 * - the pickup day can be chosen on its own while unlocked, shifting only the pickup window;
 * - setting the order start copies it into the pickup start and end;
 * - an end time at or before its start means the next day: it is placed there, and the form shows
 *   the "(TOMORROW)" hint (selectors below).
 * All times are milliseconds; the form sends them, the api layer turns them into seconds.
 */
export interface OfferWindows {
  orderFrom: number;
  orderTo: number;
  pickupFrom: number;
  pickupTo: number;
}

export type OfferDatesEvent =
  | { type: 'dates.chooseOrderDay'; day: OfferDay }
  | { type: 'dates.choosePickupDay'; day: OfferDay }
  | { type: 'dates.setOrderStart'; at: number }
  | { type: 'dates.setOrderEnd'; at: number }
  | { type: 'dates.setPickupStart'; at: number }
  | { type: 'dates.setPickupEnd'; at: number };

const allOn = (windows: OfferWindows, day: OfferDay): OfferWindows => {
  const at = now();
  const orderFrom = onDay(windows.orderFrom, day, at);
  const pickupFrom = onDay(windows.pickupFrom, day, at);
  return {
    orderFrom,
    orderTo: endAfterStart(orderFrom, windows.orderTo),
    pickupFrom,
    pickupTo: endAfterStart(pickupFrom, windows.pickupTo),
  };
};

const pickupOn = (windows: OfferWindows, day: OfferDay): OfferWindows => {
  const pickupFrom = onDay(windows.pickupFrom, day, now());
  return { ...windows, pickupFrom, pickupTo: endAfterStart(pickupFrom, windows.pickupTo) };
};

export const offerDatesMachine = setup({
  types: {
    input: {} as { windows: OfferWindows },
    context: {} as OfferWindows,
    events: {} as OfferDatesEvent,
  },
  guards: {
    isTomorrow: (_, params: { day: OfferDay }) => params.day === 'tomorrow',
    isToday: (_, params: { day: OfferDay }) => params.day === 'today',
    startsTomorrow: (_, params: { orderDay: OfferDay }) => params.orderDay === 'tomorrow',
    pickupTomorrow: (_, params: { pickupDay: OfferDay }) => params.pickupDay === 'tomorrow',
  },
  actions: {
    moveAllTo: assign(({ context }, params: { day: OfferDay }) => allOn(context, params.day)),
    movePickupTo: assign(({ context }, params: { day: OfferDay }) => pickupOn(context, params.day)),
    setOrderStart: assign(({ context }, params: { at: number }) => ({
      orderFrom: params.at,
      orderTo: endAfterStart(params.at, context.orderTo),
      // Spec: the order start is copied into the pickup start and end.
      pickupFrom: params.at,
      pickupTo: params.at,
    })),
    setOrderEnd: assign(({ context }, params: { at: number }) => ({ orderTo: endAfterStart(context.orderFrom, params.at) })),
    setPickupStart: assign(({ context }, params: { at: number }) => ({
      pickupFrom: params.at,
      pickupTo: endAfterStart(params.at, context.pickupTo),
    })),
    setPickupEnd: assign(({ context }, params: { at: number }) => ({ pickupTo: endAfterStart(context.pickupFrom, params.at) })),
  },
}).createMachine({
  id: 'offerDates',
  context: ({ input }) => input.windows,
  type: 'parallel',
  on: {
    'dates.setOrderStart': { actions: { type: 'setOrderStart', params: ({ event }) => ({ at: event.at }) } },
    'dates.setOrderEnd': { actions: { type: 'setOrderEnd', params: ({ event }) => ({ at: event.at }) } },
    'dates.setPickupStart': { actions: { type: 'setPickupStart', params: ({ event }) => ({ at: event.at }) } },
    'dates.setPickupEnd': { actions: { type: 'setPickupEnd', params: ({ event }) => ({ at: event.at }) } },
  },
  states: {
    orderDay: {
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Where the form starts: today or tomorrow, from the offer being edited.',
          always: [
            { guard: { type: 'startsTomorrow', params: ({ context }) => ({ orderDay: dayName(context.orderFrom) }) }, target: 'tomorrow' },
            { target: 'today' },
          ],
        },
        today: {
          on: {
            'dates.chooseOrderDay': {
              guard: { type: 'isTomorrow', params: ({ event }) => ({ day: event.day }) },
              target: 'tomorrow',
              actions: { type: 'moveAllTo', params: { day: 'tomorrow' } },
            },
          },
        },
        tomorrow: {
          tags: 'pickupLocked',
          on: {
            'dates.chooseOrderDay': {
              guard: { type: 'isToday', params: ({ event }) => ({ day: event.day }) },
              target: 'today',
              actions: { type: 'moveAllTo', params: { day: 'today' } },
            },
          },
        },
      },
    },
    pickupDay: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [
            { guard: { type: 'pickupTomorrow', params: ({ context }) => ({ pickupDay: dayName(context.pickupFrom) }) }, target: 'tomorrow' },
            { target: 'today' },
          ],
        },
        today: {
          on: {
            'dates.choosePickupDay': {
              // Locked while the order starts tomorrow (the form disables the choice, too).
              guard: { type: 'isTomorrow', params: ({ event }) => ({ day: event.day }) },
              target: 'tomorrow',
              actions: { type: 'movePickupTo', params: { day: 'tomorrow' } },
            },
            'dates.chooseOrderDay': {
              guard: { type: 'isTomorrow', params: ({ event }) => ({ day: event.day }) },
              target: 'tomorrow',
            },
          },
        },
        tomorrow: {
          on: {
            'dates.choosePickupDay': {
              guard: and([({ event }) => event.day === 'today', not(stateIn({ orderDay: 'tomorrow' }))]),
              target: 'today',
              actions: { type: 'movePickupTo', params: { day: 'today' } },
            },
            'dates.chooseOrderDay': {
              guard: { type: 'isToday', params: ({ event }) => ({ day: event.day }) },
              target: 'today',
            },
          },
        },
      },
    },
  },
});

/**
 * The day choice a time shows: a start already past (an offer on sale since yesterday) reads
 * today, one on tomorrow or later reads tomorrow.
 */
function dayName(at: number): OfferDay {
  const day = dayRelativeTo(at, now());
  return day === 'tomorrow' || day === 'later' ? 'tomorrow' : 'today';
}

type Snapshot = SnapshotFrom<typeof offerDatesMachine>;

/** `whenpu_disabled`: the pickup day cannot be chosen while ordering starts tomorrow. */
export const selectPickupDayDisabled = (snapshot: Snapshot) => snapshot.hasTag('pickupLocked');
export const selectOrderDay = (snapshot: Snapshot): OfferDay => (snapshot.matches({ orderDay: 'tomorrow' }) ? 'tomorrow' : 'today');
export const selectPickupDay = (snapshot: Snapshot): OfferDay => (snapshot.matches({ pickupDay: 'tomorrow' }) ? 'tomorrow' : 'today');
/** The "(TOMORROW)" hints beside the end times. */
export const selectOrderEndsTomorrow = (snapshot: Snapshot) => endsNextDay(snapshot.context.orderFrom, snapshot.context.orderTo);
export const selectPickupEndsTomorrow = (snapshot: Snapshot) => endsNextDay(snapshot.context.pickupFrom, snapshot.context.pickupTo);
/** The order and pickup windows as the machine placed them: the form's date values. */
export const selectOfferWindows = (snapshot: Snapshot): OfferWindows => snapshot.context;
