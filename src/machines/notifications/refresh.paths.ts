import { ApiError } from '../../api/errors';
import type { StoreNotification } from '../../api/stores';
import { notificationsRefreshMachine } from './refresh.machine';
import { MONDAY_9AM } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the bell's notifications refresh (the shared poller, poller.machine.ts) is explored
 * with: the browser tab hidden and shown again, a refresh that answers or fails, and the poller
 * that starts the next refresh.
 */
export const PATH_REFRESHED: StoreNotification[] = [
  { id: 902, type: 'order', title: 'New order #20002 from Marc Soler', created_at: MONDAY_9AM, click_action: '/operations/orders/pending', read: false },
];

export const notificationsRefreshPathEvents = [
  { type: 'poller.pause' },
  { type: 'poller.resume' },
  { type: 'xstate.done.actor.poll', output: PATH_REFRESHED },
  { type: 'xstate.error.actor.poll', error: new ApiError({ kind: 'network', operation: 'GET /stores/profile/{id}', message: 'offline' }) },
  { type: 'poller.due' },
] satisfies readonly PathEvent<typeof notificationsRefreshMachine>[];

export const notificationsRefreshPathModel: PathModel<typeof notificationsRefreshMachine> = {
  machine: notificationsRefreshMachine,
  input: { storeId: 1 },
  events: notificationsRefreshPathEvents,
};
