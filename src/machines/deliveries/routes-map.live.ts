import { fetchRoute, type Place } from '../../api/directions';
import { fromAbortablePromise } from '../shared/abortable';
import { routesMapMachine } from './routes-map.machine';
import { describeError as describe } from '../shared/describe-error';

/**
 * The routes machine with the real directions call. It lives beside the machine, not in live.ts,
 * so that only the screens that show a route map pull in the directions module.
 */
export function liveRoutesMapMachine() {
  return routesMapMachine.provide({
    actors: {
      // The signal aborts the request when the machine no longer wants the answer (a stale route).
      fetchRoute: fromAbortablePromise(({ input, signal }: { input: { places: Place[] }; signal: AbortSignal }) => fetchRoute(input.places, { signal })),
    },
    actions: {
      logRouteFailure: (_, { routeId, error }) => console.info(`Route ${routeId} could not be read from the directions service`, describe(error)),
    },
  });
}
