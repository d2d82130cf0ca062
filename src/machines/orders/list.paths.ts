import type * as z from 'zod';
import type { PagedList } from '../../api/codecs';
import { ApiError } from '../../api/errors';
import { OrderSchema, type Order, type OrdersListFilter, type OrderWireSchema } from '../../api/orders';
import { ordersListMachine } from './list.machine';
import { MONDAY_9AM_SECONDS } from '../path-model/fixtures';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the orders list graph is explored with, from the sold tab's first page (the tab that
 * polls):
 * - the operator: the pending tab's second page (one fixed filter, so the context stays finite),
 *   Retry after a failed load, the browser tab hidden and shown again, a refresh, "picked up" on
 *   the first row, and the cancel dialog for the second row (dismiss, confirm);
 * - every effect's outcome: for the load (`loadPage`) and the poll (`pollPage`, the same actor
 *   under another id) the page the projection already holds, a changed page, and a failure; the
 *   poller saying the next poll is due (the poller has its own model, shared/poller.paths.ts); the
 *   status change and the cancel done and refused.
 */
type OrderWire = z.infer<typeof OrderWireSchema>;

/** An order as the server sends it (seconds): bought today an hour before 09:00, still to collect. */
export function orderWire(id: number, overrides: Partial<OrderWire> = {}): OrderWire {
  const s = MONDAY_9AM_SECONDS;
  return {
    id,
    store_id: 1,
    status: 0,
    date: s - 3600,
    // The pickup time (spec section 4): a waiting order is due by the end of its pickup window.
    pickup_date: s + 6 * 3600,
    pickup_until: s + 6 * 3600,
    total_price: 4.5,
    total_price_bt: 4.09,
    total_quantity: 1,
    rating: 0,
    review: null,
    review_date: null,
    audit_creation_date: s - 3600,
    audit_update_date: s - 3600,
    store: { name: 'Bakery Sol', address: { address_print: 'Calle Mayor 1, Madrid' } },
    consumer: { id: id - 20000, name: `Customer ${id}`, email: `c${id}@mail.test`, phone: '+34 600 000 002' },
    offersOrdered: [{ id: id * 10 + 1, quantityOrdered: 1, offer: { id: 7, name: 'Surprise bag', unit_price: 4.5 } }],
    ...overrides,
  };
}

/** The same order as the client holds it (milliseconds). */
export const order = (id: number, overrides: Partial<OrderWire> = {}): Order => OrderSchema.parse(orderWire(id, overrides));

export const ordersPageOf = (orders: Order[], total = orders.length, offset = 0): PagedList<Order> => ({ data: orders, limit: 10, offset, total });

export const SOLD_FILTER: OrdersListFilter = { tab: 'sold', statuses: [], from: null, to: null, search: '', sort: 'newest' };
export const PENDING_FILTER: OrdersListFilter = { tab: 'pending', statuses: ['PENDING'], from: '2025-01-06', to: null, search: 'ana', sort: 'pickup' };

const first = order(20001);
const second = order(20002);
/** The page the orders projection holds in the model: a poll answering it is not news. */
export const PATH_HELD = ordersPageOf([first, second, order(20003)], 3);
/** A changed page (a new order came in): news. */
export const PATH_CHANGED = ordersPageOf([first, second, order(20003), order(20004)], 4);

const serverError = (operation: string) => new ApiError({ kind: 'http', status: 500, operation, message: 'Internal error' });

/** The model's pageDiffers: the projection holds PATH_HELD. */
export const ordersListPathMachine = ordersListMachine.provide({ guards: { pageDiffers: (_, { page }) => page.total !== PATH_HELD.total } });

export const ordersListPathEvents = [
  { type: 'orders.show', filter: PENDING_FILTER, page: 1 },
  { type: 'orders.retry' },
  { type: 'orders.pause' },
  { type: 'orders.resume' },
  { type: 'orders.refresh' },
  { type: 'orders.setStatus', order: first, status: 1 },
  { type: 'orders.askCancel', order: second },
  { type: 'orders.dismissCancel' },
  { type: 'orders.confirmCancel' },
  { type: 'xstate.done.actor.loadPage', output: PATH_HELD },
  { type: 'xstate.done.actor.loadPage', output: PATH_CHANGED },
  { type: 'xstate.error.actor.loadPage', error: serverError('POST /stores/orders/pagination/filters') },
  { type: 'xstate.done.actor.pollPage', output: PATH_HELD },
  { type: 'xstate.done.actor.pollPage', output: PATH_CHANGED },
  { type: 'xstate.error.actor.pollPage', error: new ApiError({ kind: 'network', operation: 'POST /stores/orders/pagination/filters', message: 'offline' }) },
  { type: 'poller.due' },
  { type: 'xstate.done.actor.setStatus', output: order(20001, { status: 1, pickup_date: MONDAY_9AM_SECONDS }) },
  { type: 'xstate.error.actor.setStatus', error: serverError('POST /stores/orders/{id}/status/{status}') },
  { type: 'xstate.done.actor.cancelOrder', output: order(20002, { status: 3 }) },
  { type: 'xstate.error.actor.cancelOrder', error: serverError('POST /stores/orders/{id}/cancel') },
] satisfies readonly PathEvent<typeof ordersListPathMachine>[];

export const ordersListPathModel: PathModel<typeof ordersListPathMachine> = {
  machine: ordersListPathMachine,
  input: { filter: SOLD_FILTER, page: 0 },
  events: ordersListPathEvents,
};
