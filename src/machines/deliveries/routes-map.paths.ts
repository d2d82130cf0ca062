import type { DrivingRoute } from '../../api/directions';
import { ApiError } from '../../api/errors';
import { routesMapMachine, type RouteToDraw } from './routes-map.machine';
import type { PathEvent, PathModel } from '../path-model/model';

/**
 * The events the routes-map graph is explored with: the map's routes as a screen changes them
 * (two routes; the first one's stops reordered; no routes; a route with a single place), Retry,
 * and a directions request that answers or fails.
 */
const STORE = { lat: 39.47392, lon: -0.37868 };
const PICKUP = { lat: 39.46228, lon: -0.37372 };
const DOOR = { lat: 39.48497, lon: -0.35902 };
const OTHER_DOOR = { lat: 39.47788, lon: -0.34651 };

export const PATH_ROUTES: RouteToDraw[] = [
  { id: 'van-1', places: [STORE, PICKUP, DOOR] },
  { id: 'van-2', places: [STORE, OTHER_DOOR] },
];
/** van-1's stopover and last place swapped: its line must be asked again, van-2's not. */
export const PATH_ROUTES_REORDERED: RouteToDraw[] = [{ id: 'van-1', places: [STORE, DOOR, PICKUP] }, PATH_ROUTES[1]];
/** A route with one place has no line to ask for. */
export const PATH_ROUTES_SINGLE_PLACE: RouteToDraw[] = [{ id: 'van-1', places: [STORE] }];

export const PATH_ROUTE: DrivingRoute = {
  coordinates: [
    [STORE.lon, STORE.lat],
    [-0.376, 39.47],
    [PICKUP.lon, PICKUP.lat],
  ],
  distanceMeters: 1845,
  durationSeconds: 207,
};

export const PATH_DIRECTIONS_ERROR = new ApiError({ kind: 'http', status: 503, operation: 'GET directions', message: 'GET directions failed with HTTP 503' });

export const routesMapPathEvents = [
  { type: 'routes.changed', routes: PATH_ROUTES },
  { type: 'routes.changed', routes: PATH_ROUTES_REORDERED },
  { type: 'routes.changed', routes: [] },
  { type: 'routes.changed', routes: PATH_ROUTES_SINGLE_PLACE },
  { type: 'routes.retry' },
  { type: 'xstate.done.actor.fetchRoute', output: PATH_ROUTE },
  { type: 'xstate.error.actor.fetchRoute', error: PATH_DIRECTIONS_ERROR },
] satisfies readonly PathEvent<typeof routesMapMachine>[];

/** A delivery map opening with two vans' routes. */
export const routesMapPathModel: PathModel<typeof routesMapMachine> = {
  machine: routesMapMachine,
  input: { routes: PATH_ROUTES },
  events: routesMapPathEvents,
};
