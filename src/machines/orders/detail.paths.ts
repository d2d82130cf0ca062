import { ApiError } from '../../api/errors';
import { orderDetailMachine } from './detail.machine';
import { order } from './list.paths';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the order detail graph is explored with (the overview's order dialog): the order
 * loads, or the load fails and the operator retries.
 */
export const PATH_ORDER = order(20001);

export const orderDetailPathEvents = [
  { type: 'orderDetail.retry' },
  { type: 'xstate.done.actor.loadOrder', output: PATH_ORDER },
  { type: 'xstate.error.actor.loadOrder', error: new ApiError({ kind: 'http', status: 404, operation: 'GET /stores/orders/{id}', message: 'Order not found' }) },
] satisfies readonly PathEvent<typeof orderDetailMachine>[];

export const orderDetailPathModel: PathModel<typeof orderDetailMachine> = {
  machine: orderDetailMachine,
  input: { orderId: PATH_ORDER.id },
  events: orderDetailPathEvents,
};
