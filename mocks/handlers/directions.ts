import { HttpResponse } from 'msw';
import type { FaultTarget } from '../faults';
import type { Kit } from '../kit';
import { drivingRoute } from '../road-router';

/**
 * The directions service (OSRM's HTTP API, `GET /route/v1/driving/{lon},{lat};...`) at
 * ctx.maps.directionsUrl (https://directions.store-platform.test in mock mode). Routes run over
 * the offline base map's roads (mocks/road-router.ts), so the line the map draws follows the
 * roads it draws. A third party: no platform token is needed or read.
 *
 * Faults name it 'GET directions': devkit.fail('GET directions', 500), 'timeout' or 'offline';
 * the latency fault delays it like every other call.
 */
export const DIRECTIONS_FAULT_OPERATION = 'GET directions';

/** OSRM's error envelope: { code, message }. */
const osrmError = (status: number, code: string, message: string) => HttpResponse.json({ code, message }, { status });

const directionsTarget: FaultTarget = {
  pathOf: () => 'directions',
  errorBody: (status, message) => ({ code: status >= 500 ? 'InternalError' : 'InvalidQuery', message }),
};

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const round1 = (value: number) => Math.round(value * 10) / 10;

export function directionsHandlers(kit: Kit) {
  const base = kit.ctx.maps.directionsUrl;
  return [
    kit.external('get', `${base}/route/v1/:profile/:coordinates`, directionsTarget, async ({ request, params }) => {
      const url = new URL(request.url);
      if (params.profile !== 'driving') return osrmError(400, 'InvalidUrl', `Unknown profile "${String(params.profile)}"; this service has driving only`);
      // The raw path segment: MSW decodes params, and OSRM reads ';' and ',' literally.
      const raw = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      const places: Array<[number, number]> = [];
      for (const pair of raw.split(';')) {
        const match = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(pair);
        if (!match) return osrmError(400, 'InvalidQuery', `Query string malformed close to "${pair}"`);
        const [lon, lat] = [Number(match[1]), Number(match[2])];
        if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return osrmError(400, 'InvalidValue', `Invalid coordinate value ${pair}`);
        places.push([lon, lat]);
      }
      if (places.length < 2) return osrmError(400, 'InvalidValue', 'Number of coordinates needs to be at least two.');
      if (places.length > 100) return osrmError(400, 'TooBig', 'Too many coordinates (at most 100)');
      const geometries = url.searchParams.get('geometries') ?? 'polyline';
      if (geometries !== 'geojson') return osrmError(400, 'InvalidOptions', `geometries=${geometries} is not served here; ask for geometries=geojson`);
      const overview = url.searchParams.get('overview') ?? 'simplified';
      if (!['full', 'simplified', 'false'].includes(overview)) return osrmError(400, 'InvalidOptions', `overview must be full, simplified or false`);

      const { legs, waypoints } = await drivingRoute(places);
      const coordinates = legs.flatMap((leg, i) => (i === 0 ? leg.coordinates : leg.coordinates.slice(1))).map(([lon, lat]) => [round6(lon), round6(lat)]);
      const distance = round1(legs.reduce((sum, leg) => sum + leg.distance, 0));
      const duration = round1(legs.reduce((sum, leg) => sum + leg.duration, 0));
      return HttpResponse.json({
        code: 'Ok',
        routes: [
          {
            ...(overview === 'false' ? {} : { geometry: { type: 'LineString', coordinates } }),
            legs: legs.map((leg) => ({ steps: [], summary: '', weight: round1(leg.duration), duration: round1(leg.duration), distance: round1(leg.distance) })),
            weight_name: 'routability',
            weight: duration,
            duration,
            distance,
          },
        ],
        waypoints: waypoints.map(({ location, distance: off }) => ({ hint: '', distance: round1(off), name: '', location: [round6(location[0]), round6(location[1])] })),
      });
    }),
  ];
}
