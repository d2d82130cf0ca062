import type { PagedList } from '../../api/codecs';
import { ApiError } from '../../api/errors';
import type { Truck } from '../../api/logistics';
import { blankTruckValues, truckFormMachine, trucksListMachine, truckValuesOf, type TruckFormValues } from './machine';
import { answerLost } from '../path-model/lost-answer';
import type { PathEvent, PathModel } from '../path-model/model';

/** A truck of store 1 as the server answers it: an active van unless told otherwise. */
export function truck(id: number, overrides: Partial<Omit<Truck, 'id'>> = {}): Required<Truck> {
  return {
    id,
    store_id: 1,
    name: `Van ${id}`,
    plate: `${1000 + id} LKM`,
    capacity: 30,
    driver_name: 'Andrés Soler',
    driver_phone: '+34 655 210 384',
    status: 'active',
    ...overrides,
  };
}

/** A list as GET /stores/trucks/{status} reads (spec section 7): one page of the whole list. */
export const trucksListOf = (trucks: Truck[]): PagedList<Truck> => ({ data: trucks, limit: 10, offset: 0, total: trucks.length });

const http = (status: number, message: string, operation: string) => new ApiError({ kind: 'http', status, message, operation });

/**
 * The events the trucks list graph is explored with, from the Active tab without a search:
 * - the operator: another tab and search at once (In maintenance, "van"), Retry after a failed
 *   load, the delete dialog (ask about the second row, cancel, confirm);
 * - every effect's outcome: the list and a failure for `loadList`, the delete done and refused.
 *   A delete done while a load runs asks again (`list.deleted`, raised by the machine).
 */
export const trucksListPathEvents = [
  { type: 'list.show', query: { status: 'maintenance', search: 'van' } },
  { type: 'list.retry' },
  { type: 'list.askDelete', record: truck(2) },
  { type: 'list.cancelDelete' },
  { type: 'list.confirmDelete' },
  { type: 'xstate.done.actor.loadList', output: trucksListOf([truck(1), truck(2), truck(3)]) },
  { type: 'xstate.error.actor.loadList', error: http(500, 'down', 'GET /stores/trucks/{status}') },
  { type: 'xstate.done.actor.deleteRecord' },
  { type: 'xstate.error.actor.deleteRecord', error: http(500, 'down', 'DELETE /stores/trucks/{id}') },
] satisfies readonly PathEvent<typeof trucksListMachine>[];

export const trucksListPathModel: PathModel<typeof trucksListMachine> = {
  machine: trucksListMachine,
  input: { query: { status: 'active', search: '' } },
  events: trucksListPathEvents,
};

/** Truck 7, as the edit page loads it, and what the operator types over it. */
export const PATH_TRUCK = truck(7);
export const loadedTruckValues: TruckFormValues = truckValuesOf(PATH_TRUCK);
export const typedTruckValues: TruckFormValues = { ...loadedTruckValues, capacity: 44, status: 'maintenance' };

/**
 * The events the truck form graph is explored with, on the edit page of truck 7:
 * - the load's answers: the truck, and a failure (Retry loads again);
 * - the operator: typing (new capacity and status), typing the old values back, Save (also
 *   after a failure: the button reads Retry);
 * - the save's outcomes: the saved truck, a 409 naming the plate (said beside it) and a 500.
 */
export const truckFormPathEvents = [
  { type: 'xstate.done.actor.load', output: { record: PATH_TRUCK, values: loadedTruckValues } },
  { type: 'xstate.error.actor.load', error: new ApiError({ kind: 'network', message: 'offline', operation: 'GET /stores/trucks/{id}' }) },
  { type: 'form.retryLoad' },
  { type: 'form.changed', values: typedTruckValues },
  { type: 'form.changed', values: loadedTruckValues },
  { type: 'form.submit', values: typedTruckValues },
  { type: 'xstate.done.actor.save', output: truck(7, { capacity: 44, status: 'maintenance' }) },
  { type: 'xstate.error.actor.save', error: http(409, 'plate: 1007 LKM is already the plate of Van 1', 'POST /stores/trucks') },
  { type: 'xstate.error.actor.save', error: http(500, 'down', 'POST /stores/trucks') },
  // A create whose answer was lost (issue 23), then the check: found, not there, or failed too.
  { type: 'xstate.error.actor.save', error: answerLost(typedTruckValues, 'PUT /stores/trucks') },
  { type: 'xstate.done.actor.findCreated', output: truck(12, typedTruckValues) },
  { type: 'xstate.done.actor.findCreated', output: null },
  { type: 'xstate.error.actor.findCreated', error: new ApiError({ kind: 'network', message: 'offline', operation: 'GET /stores/trucks/{status}' }) },
] satisfies readonly PathEvent<typeof truckFormMachine>[];

export const truckFormPathModel: PathModel<typeof truckFormMachine> = {
  machine: truckFormMachine,
  input: { recordId: 7, storeId: 1 },
  events: truckFormPathEvents,
};

export { blankTruckValues };
