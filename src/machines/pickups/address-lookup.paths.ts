import { ApiError } from '../../api/errors';
import { addressLookupMachine } from './address-lookup.machine';
import type { PathEvent, PathModel } from '../path-model/model';

export const FOUND_POSITION = { lat: 39.4697, lon: -0.3774 };

/**
 * The events the address look-up graph is explored with: "Find from address" for an address
 * (and for a blank one, which asks nothing), a map click or typed position (`lookup.dismiss`),
 * and the geocoder's answers: a position, nothing found, and no answer.
 */
export const addressLookupPathEvents = [
  { type: 'lookup.find', address: 'Carrer de Sueca 27, València', country: 'ES' },
  { type: 'lookup.find', address: '   ', country: 'ES' },
  { type: 'lookup.dismiss' },
  { type: 'xstate.done.actor.geocode', output: FOUND_POSITION },
  { type: 'xstate.done.actor.geocode', output: null },
  { type: 'xstate.error.actor.geocode', error: new ApiError({ kind: 'http', status: 503, message: 'down', operation: 'GET geocoder' }) },
] satisfies readonly PathEvent<typeof addressLookupMachine>[];

export const addressLookupPathModel: PathModel<typeof addressLookupMachine> = {
  machine: addressLookupMachine,
  events: addressLookupPathEvents,
};
