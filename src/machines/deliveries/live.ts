import { fromPromise } from 'xstate';
import { getDelivery, listTrucks, searchDeliveries, TRUCK_STATUSES, type Delivery } from '../../api/logistics';
import { dayEnd, dayStart } from '../../lib/calendar-days';
import { now } from '../../lib/clock';
import { deliveriesListMachine, type DeliveriesPageRequest } from './list.machine';
import { deliveryMapMachine } from './map.machine';
import { deliveryPageMachine } from './page.machine';
import type { LiveDeps } from '../shared/live-deps';
import { holdsDay, holdsPage } from '../journal/projections';
import { describeError as describe } from '../shared/describe-error';

/**
 * The delivery machines with their real calls. They live beside the machines, not in live.ts, so
 * the delivery calls are pulled in only by the lazily loaded delivery screens.
 */

type Deps = Pick<LiveDeps, 'journal'>;

/** How many deliveries one request of the delivery map asks for (the search's largest page). */
export const DELIVERY_MAP_PAGE_LIMIT = 200;

/** Every truck of the store (each status is its own call), by name, each name once. */
async function truckNames(): Promise<string[]> {
  const lists = await Promise.all(TRUCK_STATUSES.map((status) => listTrucks(status)));
  const names = new Set(lists.flatMap((list) => list.data.map((truck) => truck.name)));
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** Every delivery of a local day: page after page until the total is reached. */
export async function deliveriesOfDay(day: string): Promise<Delivery[]> {
  const dateFrom = dayStart(day);
  const dateTo = dayEnd(day);
  if (dateFrom === null || dateTo === null) throw new Error(`Not a day: ${day}`);
  const deliveries: Delivery[] = [];
  for (;;) {
    const page = await searchDeliveries({ dateFrom, dateTo }, { limit: DELIVERY_MAP_PAGE_LIMIT, offset: deliveries.length });
    deliveries.push(...page.data);
    if (page.data.length === 0 || deliveries.length >= page.total) return deliveries;
  }
}

export function liveDeliveriesListMachine({ journal }: Deps) {
  return deliveriesListMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: DeliveriesPageRequest }) => searchDeliveries(input.search, { limit: input.limit, offset: input.offset })),
      loadTrucks: fromPromise(() => truckNames()),
    },
    guards: {
      // An identical page must not reach the journal (back to a page already on screen, say).
      pageDiffers: (_, { filter, page }) => !holdsPage(journal.state().deliveries, filter, page),
    },
    actions: {
      recordLoaded: (_, { filter, page }) => journal.append({ type: 'deliveries.loaded', at: now(), filter, page }),
      // Spec section 8: list loads that fail are only logged (the screen shows the message).
      logLoadFailure: (_, { error }) => console.info('Deliveries did not load', describe(error)),
      logTrucksFailure: (_, { error }) => console.info('Trucks did not load', describe(error)),
    },
  });
}

export function liveDeliveryPageMachine() {
  return deliveryPageMachine.provide({
    actors: { loadDelivery: fromPromise(({ input }: { input: { deliveryId: number } }) => getDelivery(input.deliveryId)) },
    actions: { logLoadFailure: (_, { error }) => console.info('Delivery did not load', describe(error)) },
  });
}

export function liveDeliveryMapMachine({ journal }: Deps) {
  return deliveryMapMachine.provide({
    actors: {
      loadToday: fromPromise(async ({ input }: { input: { day: string } }) => ({ day: input.day, deliveries: await deliveriesOfDay(input.day) })),
    },
    guards: {
      dayDiffers: (_, { day, deliveries }) => !holdsDay(journal.state().deliveriesToday, day, deliveries),
    },
    actions: {
      recordLoaded: (_, { day, deliveries }) => journal.append({ type: 'deliveries.todayLoaded', at: now(), day, deliveries }),
      logLoadFailure: (_, { error }) => console.info('Today’s deliveries did not load', describe(error)),
      logPollFailure: (_, { error }) => console.info('Delivery map refresh failed; keeping the last deliveries', describe(error)),
    },
  });
}
