import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRouteRequest, DIRECTIONS_OPERATION, MAX_ROUTE_PLACES, parseRouteResponse, type Place } from '../../src/api/directions';
import { ApiError } from '../../src/api/errors';
import { buildGeocodeQuery, NominatimSearchResponseSchema, parseGeocodeResponse } from '../../src/api/geocoding';

const store = { lat: 39.47392, lon: -0.37868 };
const pickup = { lat: 39.46228, lon: -0.37372 };
const door = { lat: 39.48497, lon: -0.35902 };

/** The places a request path names, in its order. */
const placesOf = (path: string): Place[] =>
  path
    .replace('/route/v1/driving/', '')
    .split(';')
    .map((pair) => {
      const [lon, lat] = pair.split(',').map(Number);
      return { lat, lon };
    });

describe('buildRouteRequest (OSRM)', () => {
  it('goes from the first place to the last with the others as stopovers, in order, as lon,lat pairs', () => {
    expect(buildRouteRequest([store, pickup, door])).toEqual({
      path: '/route/v1/driving/-0.37868,39.47392;-0.37372,39.46228;-0.35902,39.48497',
      query: { overview: 'full', geometries: 'geojson', steps: 'false' },
    });
  });

  it('writes at most 6 decimals, no exponent and no -0', () => {
    const { path } = buildRouteRequest([
      { lat: 40.123456789, lon: -3.000000049 },
      { lat: 1e-9, lon: -1e-9 },
    ]);
    expect(path).toBe('/route/v1/driving/-3,40.123457;0,0');
  });

  it.each([[[]], [[store]]])('refuses fewer than 2 places (%j): there is no route to ask for', (places) => {
    expect(() => buildRouteRequest(places)).toThrow(RangeError);
  });

  it('refuses more places than the service takes, and places off the globe', () => {
    expect(() => buildRouteRequest(Array.from({ length: MAX_ROUTE_PLACES + 1 }, () => store))).toThrow(RangeError);
    expect(() => buildRouteRequest([store, { lat: 91, lon: 0 }])).toThrow(/Place 2/);
    expect(() => buildRouteRequest([store, { lat: Number.NaN, lon: 0 }])).toThrow(RangeError);
  });

  it('keeps every place, in the given order (property)', () => {
    const place = fc.record({ lat: fc.double({ min: -90, max: 90, noNaN: true }), lon: fc.double({ min: -180, max: 180, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(place, { minLength: 2, maxLength: 12 }), (places) => {
        const named = placesOf(buildRouteRequest(places).path);
        expect(named).toHaveLength(places.length);
        named.forEach((p, i) => {
          expect(Math.abs(p.lat - places[i].lat)).toBeLessThanOrEqual(5e-7);
          expect(Math.abs(p.lon - places[i].lon)).toBeLessThanOrEqual(5e-7);
        });
      }),
    );
  });
});

describe('parseRouteResponse', () => {
  const ok = {
    code: 'Ok',
    routes: [{ geometry: { type: 'LineString', coordinates: [[-0.37868, 39.47392], [-0.376, 39.47], [-0.37372, 39.46228]] }, distance: 1845.2, duration: 207.1, legs: [] }],
    waypoints: [],
  };

  it("reads the first route's geometry, distance and duration", () => {
    expect(parseRouteResponse(ok)).toEqual({
      coordinates: [
        [-0.37868, 39.47392],
        [-0.376, 39.47],
        [-0.37372, 39.46228],
      ],
      distanceMeters: 1845.2,
      durationSeconds: 207.1,
    });
  });

  it.each([
    ['NoRoute', { code: 'NoRoute', message: 'Impossible route between points' }, /NoRoute: Impossible route/],
    ['NoSegment', { code: 'NoSegment' }, /NoSegment/],
    ['Ok without a route', { code: 'Ok', routes: [] }, /without a route/],
  ])('turns %s into an ApiError of the directions call', (_, body, message) => {
    const error = (() => {
      try {
        parseRouteResponse(body);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).operation).toBe(DIRECTIONS_OPERATION);
    expect((error as ApiError).message).toMatch(message);
  });

  it.each([
    ['a polyline string', { code: 'Ok', routes: [{ geometry: 'a~l~Fjk~uOwHJy@P', distance: 1, duration: 1 }] }],
    ['a Point geometry', { code: 'Ok', routes: [{ geometry: { type: 'Point', coordinates: [0, 0] }, distance: 1, duration: 1 }] }],
    ['a one-point line', { code: 'Ok', routes: [{ geometry: { type: 'LineString', coordinates: [[0, 0]] }, distance: 1, duration: 1 }] }],
    ['no code', { routes: [] }],
  ])("refuses %s as an 'unexpected-response'", (_, body) => {
    expect(() => parseRouteResponse(body)).toThrow(expect.objectContaining({ kind: 'unexpected-response' }) as Error);
  });
});

describe('geocoding (Nominatim)', () => {
  it('asks for one jsonv2 result in the country, lower-cased, with the text tidied', () => {
    expect(buildGeocodeQuery('  Carrer de  Sueca 27 ', 'ES')).toEqual({ format: 'jsonv2', limit: 1, q: 'Carrer de Sueca 27', countrycodes: 'es' });
  });

  it('prefers results around a place with a viewbox of about 10 km each way', () => {
    expect(buildGeocodeQuery('Sueca 27', 'es', store).viewbox).toBe('-0.47868,39.57392,-0.27868,39.37392');
  });

  it('reads coordinates written as strings (Nominatim) or numbers; nothing found is null', () => {
    const results = NominatimSearchResponseSchema.parse([{ lat: '39.4622800', lon: '-0.3737200', display_name: 'Carrer de Sueca 27' }, { lat: 1, lon: 2 }]);
    expect(parseGeocodeResponse(results)).toEqual({ lat: 39.46228, lon: -0.37372 });
    expect(parseGeocodeResponse(NominatimSearchResponseSchema.parse([]))).toBeNull();
  });

  it('refuses coordinates that are not positions', () => {
    expect(NominatimSearchResponseSchema.safeParse([{ lat: 'north', lon: '0' }]).success).toBe(false);
    expect(NominatimSearchResponseSchema.safeParse([{ lat: '95', lon: '0' }]).success).toBe(false);
  });
});
