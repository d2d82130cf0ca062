import { ApiError } from '../../api/errors';
import { counterMachine } from './counter.machine';
import { MONDAY_9AM } from '../path-model/fixtures';
import { order } from './list.paths';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the counter graph is explored with, for store 1 with four open orders (three
 * customers called Ana, one José). Every value is fixed, so the context, and with it the graph,
 * stays finite:
 * - the operator: two queries ("ana": several matches, "jose": one; Enter on the empty desk
 *   finds none), Enter, a click on Ana López among the matches, Escape (clear), Undo, Retry, the
 *   browser tab hidden and shown again;
 * - every effect's outcome: the open orders and a failure for the first load
 *   (`loadOpenOrders`) and for the refresh (`refreshOpenOrders`), the handover and the undo done
 *   and refused, the undo window's timer and the poller saying a refresh is due.
 *
 * The graph is explored twice, to keep each one small: `counterPathModel` (every desk and pickup
 * flow, the undo window closes, the open orders refresh only when the tab shows again; their
 * answers are left to the other model) and `counterRefreshPathModel` (the timed refresh and its
 * answers during a handover; the undo window's timer is pushed out of reach, so the path runner
 * never fires it). Each alone leaves transitions out; together they cover the machine.
 */
const NEVER_MS = 1_000_000_000;

/** An open order of the counter, with only what the desk reads filled in (small: the graph serialises it often). */
const openOrder = (id: number, name: string) => order(id, { consumer: { id, name, email: '', phone: '' }, offersOrdered: [], store: { name: '', address: { address_print: '' } } });

export const ANA_LOPEZ = openOrder(20001, 'Ana López');
export const ANA_RUIZ = openOrder(20002, 'Ana Ruiz');
export const ANA_GIL = openOrder(20003, 'Ana Gil');
export const JOSE = openOrder(20004, 'José Pérez');

/** "ana" matches three of them (two still after one is handed over), "jose" one. */
export const PATH_OPEN_ORDERS = [ANA_LOPEZ, ANA_RUIZ, ANA_GIL, JOSE];

const LIST = 'GET /stores/{id}/orders';
const STATUS = 'POST /stores/orders/{id}/status/{status}';
const loadFailed = new ApiError({ kind: 'network', operation: LIST, message: 'offline' });
const refreshFailed = new ApiError({ kind: 'timeout', operation: LIST, message: 'timed out' });
// The machine does not read the server's answers to a status change; they are here for the plan.
const pickedUp = { type: 'xstate.done.actor.markPickedUp', output: { ...JOSE, status: 1, pickup_date: MONDAY_9AM } } as const;
const pickupRefused = { type: 'xstate.error.actor.markPickedUp', error: new ApiError({ kind: 'http', status: 409, operation: STATUS, message: 'Already picked up' }) } as const;

const refreshMachine = counterMachine.provide({ delays: { undoWindow: NEVER_MS } });

/** Every desk and pickup flow; the undo window closes; the open orders refresh when the tab shows again. */
export const counterPathModel: PathModel<typeof counterMachine> = {
  machine: counterMachine,
  input: { storeId: 1 },
  events: [
    { type: 'counter.type', query: 'ana' },
    { type: 'counter.type', query: 'jose' },
    { type: 'counter.submit' },
    { type: 'counter.choose', orderId: ANA_LOPEZ.id },
    { type: 'counter.clear' },
    { type: 'counter.undo' },
    { type: 'counter.retry' },
    { type: 'counter.pause' },
    { type: 'counter.resume' },
    { type: 'xstate.done.actor.loadOpenOrders', output: PATH_OPEN_ORDERS },
    { type: 'xstate.error.actor.loadOpenOrders', error: loadFailed },
    pickedUp,
    pickupRefused,
    { type: 'xstate.done.actor.undoPickup', output: JOSE },
    { type: 'xstate.error.actor.undoPickup', error: new ApiError({ kind: 'http', status: 500, operation: STATUS, message: 'Internal error' }) },
    { type: 'xstate.after.undoWindow.counter.pickup.undoable' },
  ] satisfies readonly PathEvent<typeof counterMachine>[],
};

/** The open orders refresh on their timer while an order is handed over or its handover undone (the undo window stays open). */
export const counterRefreshPathModel: PathModel<typeof refreshMachine> = {
  machine: refreshMachine,
  input: { storeId: 1 },
  events: [
    { type: 'counter.choose', orderId: ANA_LOPEZ.id },
    { type: 'counter.submit' },
    { type: 'xstate.done.actor.loadOpenOrders', output: PATH_OPEN_ORDERS },
    { type: 'xstate.done.actor.refreshOpenOrders', output: PATH_OPEN_ORDERS },
    { type: 'xstate.error.actor.refreshOpenOrders', error: refreshFailed },
    pickedUp,
    pickupRefused,
    // A refresh that lands while an undo is sent keeps the order the undo put back.
    { type: 'counter.undo' },
    { type: 'xstate.done.actor.undoPickup', output: ANA_LOPEZ },
    { type: 'poller.due' },
  ] satisfies readonly PathEvent<typeof refreshMachine>[],
};
