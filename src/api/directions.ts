import * as z from 'zod';
import { ApiError } from './errors';
import { http } from './http';
import { mapServices } from './map-services';

/**
 * Driving directions from an OSRM-compatible service (spec section 7, "A maps directions request
 * for driving routes"; docs/decisions/011-logistics-and-maps.md). The route runs from the first
 * place to the last with the others as stopovers, in order. A third-party call: no platform token.
 */

/** Faults and error reports name the call like this (devkit.fail('GET directions', 500)). */
export const DIRECTIONS_OPERATION = 'GET directions';

/** OSRM's public servers refuse more; ours never come close (a delivery has a handful of stops). */
export const MAX_ROUTE_PLACES = 100;

export interface Place {
  lat: number;
  lon: number;
}

export interface RouteRequest {
  /** `/route/v1/driving/{lon},{lat};{lon},{lat};...` */
  path: string;
  query: { overview: 'full'; geometries: 'geojson'; steps: 'false' };
}

export interface DrivingRoute {
  /** The road geometry, [lon, lat] pairs (GeoJSON order), first place to last. */
  coordinates: Array<[number, number]>;
  distanceMeters: number;
  durationSeconds: number;
}

const PlaceSchema = z.object({
  lat: z.number().finite().min(-90).max(90),
  lon: z.number().finite().min(-180).max(180),
});

/** A coordinate as OSRM reads it: at most 6 decimals (about 0.1 m), no exponent, no "-0". */
function coordinate(value: number): string {
  const rounded = Number(value.toFixed(6));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/**
 * The OSRM request for a driving route through `places`: first → last, the others as stopovers
 * in the given order. Fewer than 2 places (or more than MAX_ROUTE_PLACES, or a place off the
 * globe) is a RangeError: there is no route to ask for.
 */
export function buildRouteRequest(places: ReadonlyArray<Place>): RouteRequest {
  if (places.length < 2) throw new RangeError(`A driving route needs at least 2 places; got ${places.length}`);
  if (places.length > MAX_ROUTE_PLACES) throw new RangeError(`A driving route takes at most ${MAX_ROUTE_PLACES} places; got ${places.length}`);
  const pairs = places.map((place, index) => {
    const parsed = PlaceSchema.safeParse(place);
    if (!parsed.success) throw new RangeError(`Place ${index + 1} is not a position on the globe: ${JSON.stringify(place)}`);
    return `${coordinate(parsed.data.lon)},${coordinate(parsed.data.lat)}`;
  });
  return { path: `/route/v1/driving/${pairs.join(';')}`, query: { overview: 'full', geometries: 'geojson', steps: 'false' } };
}

const LonLatSchema = z.tuple([z.number().finite(), z.number().finite()]);

/** What an OSRM /route answer holds that we read (it holds more: waypoints, legs, weights). */
export const OsrmRouteResponseSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  routes: z
    .array(
      z.object({
        geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(LonLatSchema).min(2) }),
        distance: z.number().nonnegative(),
        duration: z.number().nonnegative(),
      }),
    )
    .optional(),
});
export type OsrmRouteResponse = z.infer<typeof OsrmRouteResponseSchema>;

/**
 * The first route of an OSRM answer. Any code but 'Ok' (NoRoute, NoSegment, ...) and an 'Ok'
 * without a route are ApiErrors: the map says "We cannot read map" either way.
 */
export function parseRouteResponse(raw: unknown): DrivingRoute {
  const parsed = OsrmRouteResponseSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError({
      kind: 'unexpected-response',
      operation: DIRECTIONS_OPERATION,
      message: `Unexpected response from ${DIRECTIONS_OPERATION}: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(),
    });
  }
  const { code, message, routes } = parsed.data;
  if (code !== 'Ok') {
    throw new ApiError({ kind: 'unexpected-response', operation: DIRECTIONS_OPERATION, message: `Directions answered ${code}${message ? `: ${message}` : ''}` });
  }
  const [route] = routes ?? [];
  if (!route) throw new ApiError({ kind: 'unexpected-response', operation: DIRECTIONS_OPERATION, message: 'Directions answered Ok without a route' });
  return { coordinates: route.geometry.coordinates, distanceMeters: route.distance, durationSeconds: route.duration };
}

/** GET {directions}/route/v1/driving/{lon},{lat};...?overview=full&geometries=geojson&steps=false */
export async function fetchRoute(places: ReadonlyArray<Place>, options: { signal?: AbortSignal } = {}): Promise<DrivingRoute> {
  const request = buildRouteRequest(places);
  const raw = await http(request.path, {
    baseURL: mapServices().directionsUrl,
    query: request.query,
    schema: z.unknown(),
    operation: DIRECTIONS_OPERATION,
    signal: options.signal,
  });
  return parseRouteResponse(raw);
}
