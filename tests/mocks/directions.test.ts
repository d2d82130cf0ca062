import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONFIG } from '../../mocks/node';
import { DIRECTIONS_OPERATION, fetchRoute, type Place } from '../../src/api/directions';
import { ApiError } from '../../src/api/errors';
import { configureHttp } from '../../src/api/http';
import { configureMapServices } from '../../src/api/map-services';
import { loadOfflineCity, type LonLat, type OfflineCity } from '../../src/lib/offline-map';
import { fornDeLaLlotja, fruiteriaDelBorn, mercadoGranVia } from '../../scenarios/catalogues';
import { setupTestBackend } from './support';

const backend = setupTestBackend();
const DIRECTIONS = TEST_CONFIG.maps.directionsUrl;

beforeAll(() => {
  // The platform side is configured with a session whose token must never reach directions.
  configureHttp({ baseURL: TEST_CONFIG.apiBaseUrl, session: { accessToken: async () => 'platform-token', tokenRejected: async () => 'x', sessionExpired: () => {} } });
  configureMapServices(TEST_CONFIG.maps);
});

const RAD = Math.PI / 180;
/** Metres between two [lon, lat] points (equirectangular; exact enough within a city). */
function metres([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const k = Math.cos(((lat1 + lat2) / 2) * RAD);
  return Math.hypot((lon2 - lon1) * k, lat2 - lat1) * 111_195;
}
function toSegment(p: LonLat, a: LonLat, b: LonLat): number {
  const k = Math.cos(p[1] * RAD);
  const [px, py, ax, ay, bx, by] = [p[0] * k, p[1], a[0] * k, a[1], b[0] * k, b[1]];
  const vx = bx - ax;
  const vy = by - ay;
  const l2 = vx * vx + vy * vy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / l2));
  return Math.hypot(px - (ax + t * vx), py - (ay + t * vy)) * 111_195;
}
/** Metres from a point to the nearest road segment of the city. */
function offRoad(city: OfflineCity, p: LonLat): number {
  let best = Infinity;
  for (const way of city.ways) for (let i = 0; i < way.nodes.length - 1; i++) best = Math.min(best, toSegment(p, city.nodes[way.nodes[i]], city.nodes[way.nodes[i + 1]]));
  return best;
}
const lonLat = (p: Place): LonLat => [p.lon, p.lat];
/** Index of the route coordinate nearest to `place`, and how far it is. */
function nearest(coordinates: LonLat[], place: Place): { index: number; metres: number } {
  let best = { index: -1, metres: Infinity };
  coordinates.forEach((c, index) => {
    const m = metres(c, lonLat(place));
    if (m < best.metres) best = { index, metres: m };
  });
  return best;
}

const valenciaStops: Place[] = [
  fornDeLaLlotja,
  fornDeLaLlotja.pickupLocations[1], // Ruzafa collection point
  fornDeLaLlotja.deliveryStops[5], // Benimaclet
  fornDeLaLlotja.deliveryStops[9], // Algirós
];

describe('mock directions (OSRM) over the offline road graph', () => {
  it.each([
    ['València: store → pickup → two doors', 'valencia', valenciaStops],
    ['Madrid: Mercado Gran Vía → Chamberí → Retiro', 'madrid', [mercadoGranVia, mercadoGranVia.deliveryStops[3], mercadoGranVia.deliveryStops[7]]],
    ['Barcelona: Fruiteria del Born → Barceloneta', 'barcelona', [fruiteriaDelBorn, fruiteriaDelBorn.deliveryStops[5]]],
  ])('%s: the line runs along the drawn roads, from the first place to the last through the stopovers in order', async (_, cityId, places) => {
    const city = await loadOfflineCity(cityId as string);
    const route = await fetchRoute(places);
    const { coordinates } = route;
    expect(coordinates.length).toBeGreaterThan(places.length);
    // Every point, and the middle of every step between two points, lies on a road segment:
    // the line never cuts across a block.
    const offPoints = coordinates.filter((c) => offRoad(city, c) >= 0.5);
    const middles = coordinates.slice(1).map((c, i): LonLat => [(coordinates[i][0] + c[0]) / 2, (coordinates[i][1] + c[1]) / 2]);
    expect(offPoints).toEqual([]);
    expect(middles.filter((m) => offRoad(city, m) >= 0.5)).toEqual([]);
    // Starts at the first place's road, ends at the last's, passes the stopovers in order.
    expect(metres(coordinates[0], lonLat(places[0]))).toBeLessThan(150);
    expect(metres(coordinates[coordinates.length - 1], lonLat(places[places.length - 1]))).toBeLessThan(150);
    const passes = places.map((place) => nearest(coordinates, place));
    for (const pass of passes) expect(pass.metres).toBeLessThan(150);
    const indices = passes.map((p) => p.index);
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
    // Longer than the straight lines between the places (it follows roads), and some minutes.
    const straight = places.slice(1).reduce((sum, place, i) => sum + metres(lonLat(places[i]), lonLat(place)), 0);
    expect(route.distanceMeters).toBeGreaterThanOrEqual(straight * 0.95);
    expect(route.durationSeconds).toBeGreaterThan(route.distanceMeters / (60 / 3.6) - 1);
  });

  it('answers the OSRM envelope: code Ok, one leg per pair of places, waypoints on the roads', async () => {
    const path = valenciaStops.map((p) => `${p.lon},${p.lat}`).join(';');
    const response = await fetch(`${DIRECTIONS}/route/v1/driving/${path}?overview=full&geometries=geojson&steps=false`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      code: string;
      routes: Array<{ legs: unknown[]; geometry: { type: string }; distance: number; duration: number; weight_name: string }>;
      waypoints: Array<{ location: LonLat; distance: number }>;
    };
    expect(body.code).toBe('Ok');
    expect(body.routes).toHaveLength(1);
    expect(body.routes[0].geometry.type).toBe('LineString');
    expect(body.routes[0].legs).toHaveLength(valenciaStops.length - 1);
    expect(body.waypoints).toHaveLength(valenciaStops.length);
    for (const [i, waypoint] of body.waypoints.entries()) expect(metres(waypoint.location, lonLat(valenciaStops[i]))).toBeCloseTo(waypoint.distance, -1);
  });

  it('is the same route every time for the same places', async () => {
    const first = await fetchRoute(valenciaStops);
    const second = await fetchRoute(valenciaStops);
    expect(second).toEqual(first);
  });

  it('far from the offline data, answers a plausible line from the first place to the last', async () => {
    const sevilla = { lat: 37.3891, lon: -5.9845 };
    const cordoba = { lat: 37.8882, lon: -4.7794 };
    const route = await fetchRoute([sevilla, cordoba]);
    expect(route.coordinates[0]).toEqual([sevilla.lon, sevilla.lat]);
    expect(route.coordinates[route.coordinates.length - 1]).toEqual([cordoba.lon, cordoba.lat]);
    expect(route.coordinates.length).toBeGreaterThan(10);
    expect(route.distanceMeters).toBeGreaterThan(metres([sevilla.lon, sevilla.lat], [cordoba.lon, cordoba.lat]));
  });

  it('between two cities, each leg starts and ends on the places', async () => {
    const route = await fetchRoute([fornDeLaLlotja, mercadoGranVia]);
    expect(metres(route.coordinates[0], lonLat(fornDeLaLlotja))).toBeLessThan(150);
    expect(metres(route.coordinates[route.coordinates.length - 1], lonLat(mercadoGranVia))).toBeLessThan(150);
  });

  it('needs no platform token, and the app sends none (nor anything else of the session)', async () => {
    const seen: Array<{ host: string; token: string | null; authorization: string | null }> = [];
    const listener = ({ request }: { request: Request }) => {
      seen.push({ host: new URL(request.url).host, token: request.headers.get('X-Access-Token'), authorization: request.headers.get('Authorization') });
    };
    backend.current.server.events.on('request:start', listener);
    try {
      await fetchRoute(valenciaStops);
    } finally {
      backend.current.server.events.removeListener('request:start', listener);
    }
    expect(seen).toEqual([{ host: new URL(DIRECTIONS).host, token: null, authorization: null }]);
  });

  it.each([
    ['one place', '-0.37868,39.47392', 'geometries=geojson', 'InvalidValue'],
    ['a malformed coordinate', '-0.37868,39.47392;abc', 'geometries=geojson', 'InvalidQuery'],
    ['a coordinate off the globe', '-0.37868,39.47392;200,10', 'geometries=geojson', 'InvalidValue'],
    ['polyline geometries', '-0.37868,39.47392;-0.37372,39.46228', 'geometries=polyline', 'InvalidOptions'],
  ])('refuses %s like OSRM: 400 { code, message }', async (_, coordinates, query, code) => {
    const response = await fetch(`${DIRECTIONS}/route/v1/driving/${coordinates}?overview=full&${query}`);
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toMatchObject({ code });
  });
});

describe("mock directions faults ('GET directions')", () => {
  it('a failing status reaches the app as an ApiError of the directions operation', async () => {
    backend.current.devkit.fail('GET directions', 500);
    const error = await fetchRoute(valenciaStops).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toJSON()).toMatchObject({ kind: 'http', status: 500, operation: DIRECTIONS_OPERATION });
  });

  it("'offline' fails at the network level, and the fault names only directions", async () => {
    backend.current.devkit.fail('GET directions', 'offline', { times: 1 });
    await expect(fetchRoute(valenciaStops)).rejects.toMatchObject({ kind: 'network' });
    await expect(fetchRoute(valenciaStops)).resolves.toMatchObject({ distanceMeters: expect.any(Number) });
  });

  it('waits the injected latency', async () => {
    backend.current.devkit.latency(250);
    const started = Date.now();
    await fetchRoute(valenciaStops);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });
});
