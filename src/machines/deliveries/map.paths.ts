import { ApiError } from '../../api/errors';
import { calendarDayOf } from '../../lib/calendar-days';
import { deliveryMapMachine, type TodayDeliveries } from './map.machine';
import { delivery } from './list.paths';
import { MONDAY_9AM } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the delivery map graph is explored with: the browser tab hidden and shown again,
 * Retry; for the first load (`loadToday`) and each refresh (`refreshToday`, the same actor under
 * another id) the day the projection already holds, a changed day and a failure; the poller
 * saying a refresh is due, and the failed first load's own retry timer.
 */
const DAY = calendarDayOf(MONDAY_9AM);
/** What the projection holds in the model: answering it again is not news. */
export const MAP_HELD: TodayDeliveries = { day: DAY, deliveries: [delivery(501), delivery(502, { delivery_truck: 'Van 2' })] };
/** A delivery was added: news. */
export const MAP_CHANGED: TodayDeliveries = { day: DAY, deliveries: [...MAP_HELD.deliveries, delivery(503, { delivery_status: 'pending', delivery_truck: '' })] };

const offline = new ApiError({ kind: 'network', operation: 'POST /stores/delivery/search', message: 'offline' });

export const deliveryMapPathMachine = deliveryMapMachine.provide({ guards: { dayDiffers: (_, { deliveries }) => deliveries.length !== MAP_HELD.deliveries.length } });

export const deliveryMapPathEvents = [
  { type: 'map.pause' },
  { type: 'map.resume' },
  { type: 'map.retry' },
  { type: 'xstate.done.actor.loadToday', output: MAP_HELD },
  { type: 'xstate.done.actor.loadToday', output: MAP_CHANGED },
  { type: 'xstate.error.actor.loadToday', error: offline },
  { type: 'xstate.done.actor.refreshToday', output: MAP_HELD },
  { type: 'xstate.done.actor.refreshToday', output: MAP_CHANGED },
  { type: 'xstate.error.actor.refreshToday', error: offline },
  { type: 'poller.due' },
  { type: 'xstate.after.pollDelay.deliveryMap.failed' },
] satisfies readonly PathEvent<typeof deliveryMapPathMachine>[];

export const deliveryMapPathModel: PathModel<typeof deliveryMapPathMachine> = {
  machine: deliveryMapPathMachine,
  events: deliveryMapPathEvents,
};
