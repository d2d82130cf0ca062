import { assign, setup, type SnapshotFrom } from 'xstate';
import type { DrivingRoute, Place } from '../../api/directions';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The driving routes of a map (RoutesMap, src/screens/maps/routes-map.tsx): one directions
 * request per route, first place → last with the others as stopovers.
 *
 *   checking ─→ loading ⟲ (one route at a time, in the order given) ─→ ready
 *                                                                  └─→ failed ─(routes.retry)→ loading
 *
 * - Only routes whose places changed are asked again; a route that left, or whose places
 *   changed while its request was under way, stops that request (leaving `loading` stops the
 *   invoked actor, which aborts the call). A route with fewer than 2 places has no line to ask for.
 * - Requests go one after another, not all at once: OSRM-compatible public servers allow about
 *   one request a second, and a map shows a handful of routes.
 * - A failed route stays failed (no line) until Retry or until its places change; `failed`
 *   says so ("We cannot read map") while every marker and every other line stays drawn.
 */

export interface RouteToDraw {
  id: string;
  places: Place[];
}

interface Pending {
  id: string;
  /** The places the request is for (placesKey). */
  key: string;
}

export interface RoutesMapContext {
  /** The routes the map shows, in drawing order. */
  routes: RouteToDraw[];
  /** Routes drawn, by id, with the places they were asked for. */
  drawn: Record<string, { key: string; route: DrivingRoute }>;
  /** Routes whose latest request failed (for these places). */
  failed: Pending[];
  /** Routes still to ask for; while `loading`, the first one is under way. */
  queue: Pending[];
}

export type RoutesMapEvent =
  /** The map's routes (or their places) changed. */
  | { type: 'routes.changed'; routes: RouteToDraw[] }
  /** "Retry" after a failure: the failed routes are asked again. */
  | { type: 'routes.retry' };

/** The identity of a route's places, to about 0.1 m. */
export function placesKey(places: readonly Place[]): string {
  return places.map((p) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`).join(';');
}

/**
 * The context after the routes changed: lines and failures kept only for routes whose places
 * are the same, everything else queued; the request under way (if still wanted) stays first.
 */
export function reconcile(context: RoutesMapContext, routes: RouteToDraw[]): RoutesMapContext {
  const wanted = new Map<string, string>();
  for (const route of routes) if (route.places.length >= 2) wanted.set(route.id, placesKey(route.places));
  const same = (id: string, key: string) => wanted.get(id) === key;
  const drawn = Object.fromEntries(Object.entries(context.drawn).filter(([id, line]) => same(id, line.key)));
  const failed = context.failed.filter((f) => same(f.id, f.key));
  const queue: Pending[] = [...wanted].filter(([id, key]) => drawn[id] === undefined && !failed.some((f) => f.id === id && f.key === key)).map(([id, key]) => ({ id, key }));
  const [underWay] = context.queue;
  const kept = underWay ? queue.findIndex((p) => p.id === underWay.id && p.key === underWay.key) : -1;
  if (kept > 0) queue.unshift(...queue.splice(kept, 1));
  return { routes, drawn, failed, queue };
}

const emptyContext: RoutesMapContext = { routes: [], drawn: {}, failed: [], queue: [] };

export const routesMapMachine = setup({
  types: {
    input: {} as { routes: RouteToDraw[] },
    context: {} as RoutesMapContext,
    events: {} as RoutesMapEvent,
  },
  actors: {
    fetchRoute: promiseNotProvided<DrivingRoute, { places: Place[] }>('fetchRoute'),
  },
  actions: {
    /** The log keeps what failed (operation, status); the map says "We cannot read map". */
    logRouteFailure: (_, _params: { routeId: string; error: unknown }) => {},
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
    hasFailures: ({ context }) => context.failed.length > 0,
    /** The route under way is still on the map with the same places: its answer is still wanted. */
    underWayStillWanted: ({ context, event }) => {
      if (event.type !== 'routes.changed') return false;
      const [underWay] = context.queue;
      const route = event.routes.find((r) => r.id === underWay?.id);
      return underWay !== undefined && route !== undefined && route.places.length >= 2 && placesKey(route.places) === underWay.key;
    },
  },
}).createMachine({
  id: 'routesMap',
  context: ({ input }) => reconcile(emptyContext, input.routes),
  initial: 'checking',
  states: {
    checking: {
      description: 'Decides what to do next: ask for the next route, or say how the last requests went.',
      always: [{ guard: 'hasQueue', target: 'loading' }, { guard: 'hasFailures', target: 'failed' }, { target: 'ready' }],
    },
    loading: {
      tags: 'busy',
      description: 'The first route of the queue is being asked for.',
      invoke: {
        id: 'fetchRoute',
        src: 'fetchRoute',
        input: ({ context }) => ({ places: context.routes.find((r) => r.id === context.queue[0].id)!.places }),
        onDone: {
          target: 'checking',
          actions: assign(({ context, event }) => {
            const [done, ...rest] = context.queue;
            return { drawn: { ...context.drawn, [done.id]: { key: done.key, route: event.output } }, queue: rest };
          }),
        },
        onError: {
          target: 'checking',
          actions: [
            { type: 'logRouteFailure', params: ({ context, event }) => ({ routeId: context.queue[0].id, error: event.error }) },
            assign(({ context }) => {
              const [failed, ...rest] = context.queue;
              return { failed: [...context.failed, failed], queue: rest };
            }),
          ],
        },
      },
      on: {
        'routes.changed': [
          // The request under way goes on; the rest of the queue follows the new routes.
          { guard: 'underWayStillWanted', actions: assign(({ context, event }) => reconcile(context, event.routes)) },
          // Its route left or changed: leaving `loading` stops (aborts) the request.
          { target: 'checking', actions: assign(({ context, event }) => reconcile({ ...context, queue: [] }, event.routes)) },
        ],
      },
    },
    ready: {
      description: 'Every route is drawn.',
      on: { 'routes.changed': { target: 'checking', actions: assign(({ context, event }) => reconcile(context, event.routes)) } },
    },
    failed: {
      description: 'At least one route could not be read: "We cannot read map" with Retry; markers and the other lines stay.',
      on: {
        'routes.changed': { target: 'checking', actions: assign(({ context, event }) => reconcile(context, event.routes)) },
        'routes.retry': { target: 'checking', actions: assign(({ context }) => ({ queue: context.failed, failed: [] })) },
      },
    },
  },
});

export type RoutesMapSnapshot = SnapshotFrom<typeof routesMapMachine>;

/** The lines to draw, in the routes' order. */
export const selectRouteLines = (s: RoutesMapSnapshot): Array<{ id: string; coordinates: Array<[number, number]> }> =>
  s.context.routes.flatMap((route) => {
    const drawn = s.context.drawn[route.id];
    return drawn ? [{ id: route.id, coordinates: drawn.route.coordinates }] : [];
  });
/** The routes drawn so far, by id, with the places each was asked for. */
export const selectDrawnRoutes = (s: RoutesMapSnapshot) => s.context.drawn;
export const selectRoutesLoading = (s: RoutesMapSnapshot) => s.hasTag('busy');
export const selectRoutesFailed = (s: RoutesMapSnapshot) => s.matches('failed');
