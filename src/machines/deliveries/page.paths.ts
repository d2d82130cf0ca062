import { ApiError } from '../../api/errors';
import { deliveryPageMachine } from './page.machine';
import { deliveryDetail } from './list.paths';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the delivery page graph is explored with, for delivery 501: the detail with its
 * places, a failure, and Retry.
 */
export const deliveryPagePathEvents = [
  { type: 'delivery.retry' },
  { type: 'xstate.done.actor.loadDelivery', output: deliveryDetail(501) },
  { type: 'xstate.error.actor.loadDelivery', error: new ApiError({ kind: 'timeout', operation: 'GET /stores/delivery/{id}', message: 'timed out' }) },
] satisfies readonly PathEvent<typeof deliveryPageMachine>[];

export const deliveryPagePathModel: PathModel<typeof deliveryPageMachine> = {
  machine: deliveryPageMachine,
  input: { deliveryId: 501 },
  events: deliveryPagePathEvents,
};
