import { ApiError } from '../../api/errors';
import { orderPageMachine } from './page.machine';
import { MONDAY_9AM_SECONDS } from '../path-model/fixtures';
import { order } from './list.paths';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the order page graph is explored with, for order #20001 (still to collect when it
 * loads):
 * - the operator: Retry after a failed load, "picked up" and "back to pending", the cancel dialog
 *   (dismiss, confirm);
 * - every effect's outcome: the order and a failure (`loadOrder`); the server's answer to a
 *   status change (picked up a minute after 09:00, or pending again) and a refusal; the cancelled
 *   order and a refusal.
 */
export const PATH_ORDER = order(20001);
/** The server's answer to "picked up": its own pickup time, not the client's. */
export const PATH_PICKED_UP = order(20001, { status: 1, pickup_date: MONDAY_9AM_SECONDS + 60 });
export const PATH_CANCELLED = order(20001, { status: 3 });

const refused = (operation: string) => new ApiError({ kind: 'http', status: 409, operation, message: 'The order changed meanwhile' });

export const orderPagePathEvents = [
  { type: 'order.retry' },
  { type: 'order.setStatus', status: 1 },
  { type: 'order.setStatus', status: 0 },
  { type: 'order.askCancel' },
  { type: 'order.dismissCancel' },
  { type: 'order.confirmCancel' },
  { type: 'xstate.done.actor.loadOrder', output: PATH_ORDER },
  { type: 'xstate.error.actor.loadOrder', error: new ApiError({ kind: 'network', operation: 'GET /stores/orders/{id}', message: 'offline' }) },
  { type: 'xstate.done.actor.setStatus', output: PATH_PICKED_UP },
  { type: 'xstate.done.actor.setStatus', output: PATH_ORDER },
  { type: 'xstate.error.actor.setStatus', error: refused('POST /stores/orders/{id}/status/{status}') },
  { type: 'xstate.done.actor.cancelOrder', output: PATH_CANCELLED },
  { type: 'xstate.error.actor.cancelOrder', error: refused('POST /stores/orders/{id}/cancel') },
] satisfies readonly PathEvent<typeof orderPageMachine>[];

export const orderPagePathModel: PathModel<typeof orderPageMachine> = {
  machine: orderPageMachine,
  input: { orderId: 20001 },
  events: orderPagePathEvents,
};
