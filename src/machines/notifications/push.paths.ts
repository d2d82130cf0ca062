import { ApiError } from '../../api/errors';
import type { StoreNotification } from '../../api/stores';
import { pushMachine } from './push.machine';
import { MONDAY_9AM } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the push graph is explored with: every answer the browser can give to "may we?"
 * (read at start, or asked on "Turn on notifications"), a push arriving, a subscription that
 * fails, one the platform answers 404 (it has no topic subscription call), and the operator
 * reading notifications.
 */
export const PATH_PUSH: StoreNotification = {
  id: 901,
  type: 'order',
  title: 'New order #20001 from Eva Ruiz',
  created_at: MONDAY_9AM,
  click_action: '/operations/orders/pending',
  read: false,
};

export const PATH_SUBSCRIPTION_ERROR = new Error('Service worker registration failed');
export const PATH_SUBSCRIPTION_MISSING = new ApiError({ kind: 'http', status: 404, operation: 'POST push topic subscription', message: 'Not Found' });

export const pushPathEvents = [
  { type: 'push.enable' },
  { type: 'push.received', notification: PATH_PUSH },
  { type: 'push.subscriptionFailed', error: PATH_SUBSCRIPTION_ERROR },
  { type: 'push.subscriptionFailed', error: PATH_SUBSCRIPTION_MISSING },
  { type: 'notifications.markRead', ids: [PATH_PUSH.id] },
  { type: 'xstate.done.actor.readPermission', output: 'granted' },
  { type: 'xstate.done.actor.readPermission', output: 'default' },
  { type: 'xstate.done.actor.readPermission', output: 'denied' },
  { type: 'xstate.done.actor.readPermission', output: 'unsupported' },
  { type: 'xstate.error.actor.readPermission', error: new Error('isSupported() failed') },
  { type: 'xstate.done.actor.requestPermission', output: 'granted' },
  { type: 'xstate.done.actor.requestPermission', output: 'denied' },
  { type: 'xstate.done.actor.requestPermission', output: 'default' },
  { type: 'xstate.done.actor.requestPermission', output: 'unsupported' },
  { type: 'xstate.error.actor.requestPermission', error: new Error('The permission prompt failed') },
] satisfies readonly PathEvent<typeof pushMachine>[];

export const pushPathModel: PathModel<typeof pushMachine> = {
  machine: pushMachine,
  input: { storeId: 1 },
  events: pushPathEvents,
};
