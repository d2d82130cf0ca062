import type { PagedList } from '../../api/codecs';
import { ApiError } from '../../api/errors';
import type { PickupLocation } from '../../api/logistics';
import { blankPickupValues, pickupFormMachine, pickupsListMachine, type PickupFormValues } from './machine';
import { answerLost } from '../path-model/lost-answer';
import type { PathEvent, PathModel } from '../path-model/model';

/** A pickup location of store 1 as the server answers it. */
export function pickup(id: number, overrides: Partial<Omit<PickupLocation, 'id'>> = {}): Required<PickupLocation> {
  return {
    id,
    store_id: 1,
    name: `Locker ${id}`,
    address: `Carrer de Sueca ${id}, 46006 València`,
    country: 'ES',
    lat: 39.46228,
    lon: -0.37372,
    opening_hours: 'Mon–Fri 09:00–20:00',
    contact_name: 'Lola Sanz',
    contact_phone: '+34 611 402 918',
    ...overrides,
  };
}

export const pickupsListOf = (pickups: PickupLocation[]): PagedList<PickupLocation> => ({ data: pickups, limit: 10, offset: 0, total: pickups.length });

const http = (status: number, message: string, operation: string) => new ApiError({ kind: 'http', status, message, operation });

/**
 * The events the pickup locations list graph is explored with (the same factory as the trucks
 * list, another instance): a search ("lola"), Retry, the delete dialog, and every effect's outcome.
 */
export const pickupsListPathEvents = [
  { type: 'list.show', query: { search: 'lola' } },
  { type: 'list.retry' },
  { type: 'list.askDelete', record: pickup(2) },
  { type: 'list.cancelDelete' },
  { type: 'list.confirmDelete' },
  { type: 'xstate.done.actor.loadList', output: pickupsListOf([pickup(1), pickup(2)]) },
  { type: 'xstate.error.actor.loadList', error: http(503, 'down', 'GET /stores/pickuplocation') },
  { type: 'xstate.done.actor.deleteRecord' },
  { type: 'xstate.error.actor.deleteRecord', error: http(500, 'down', 'DELETE /stores/pickuplocation/{id}') },
] satisfies readonly PathEvent<typeof pickupsListMachine>[];

export const pickupsListPathModel: PathModel<typeof pickupsListMachine> = {
  machine: pickupsListMachine,
  input: { query: { search: '' } },
  events: pickupsListPathEvents,
};

/** A new location in the store's country, and what the operator fills in (the position from a map click). */
export const blankPickup: PickupFormValues = blankPickupValues('ES');
export const typedPickup: PickupFormValues = {
  ...blankPickup,
  name: 'Benimaclet lockers',
  address: 'Carrer de Benimaclet 20, 46020 València',
  lat: 39.484972,
  lon: -0.359021,
  opening_hours: 'Mon–Sun 08:00–22:00',
};

/**
 * The events the pickup location form graph is explored with, on the create page: the defaults
 * (and a failed load), typing, Save, the saved location, a 400 with the server's message and a 500.
 */
export const pickupFormPathEvents = [
  { type: 'xstate.done.actor.load', output: { record: null, values: blankPickup } },
  { type: 'xstate.error.actor.load', error: new ApiError({ kind: 'timeout', message: 'slow', operation: 'GET /stores/profile/{id}' }) },
  { type: 'form.retryLoad' },
  { type: 'form.changed', values: typedPickup },
  { type: 'form.submit', values: typedPickup },
  { type: 'xstate.done.actor.save', output: pickup(31, typedPickup) },
  { type: 'xstate.error.actor.save', error: http(400, 'country: XX is not a known two-letter country code', 'PUT /stores/pickuplocation') },
  { type: 'xstate.error.actor.save', error: http(500, 'down', 'PUT /stores/pickuplocation') },
  // A create whose answer was lost (issue 23), then the check: found, not there, or failed too.
  { type: 'xstate.error.actor.save', error: answerLost(typedPickup, 'PUT /stores/pickuplocation') },
  { type: 'xstate.done.actor.findCreated', output: pickup(31, typedPickup) },
  { type: 'xstate.done.actor.findCreated', output: null },
  { type: 'xstate.error.actor.findCreated', error: new ApiError({ kind: 'network', message: 'offline', operation: 'GET /stores/pickuplocation' }) },
] satisfies readonly PathEvent<typeof pickupFormMachine>[];

export const pickupFormPathModel: PathModel<typeof pickupFormMachine> = {
  machine: pickupFormMachine,
  input: { recordId: null, storeId: 1 },
  events: pickupFormPathEvents,
};
