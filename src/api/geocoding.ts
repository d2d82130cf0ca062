import * as z from 'zod';
import { http } from './http';
import { mapServices } from './map-services';

/**
 * Addresses to positions with a Nominatim-compatible geocoder (the pickup-location form's
 * "position from the address"). A third-party call: no platform token.
 */

/** Faults and error reports name the call like this (devkit.fail('GET geocoder', 503)). */
export const GEOCODER_OPERATION = 'GET geocoder';

export interface GeocodeQuery {
  format: 'jsonv2';
  limit: 1;
  q: string;
  countrycodes: string;
  /** Prefers results near a position (not a bound): "lonW,latN,lonE,latS". */
  viewbox?: string;
}

/** How far around `near` the viewbox reaches, in degrees (about 10 km). */
const VIEWBOX_DEGREES = 0.1;
const round = (value: number) => Number(value.toFixed(5));

/** The query of GET /search for `address` in `country` (two-letter code), optionally near a place. */
export function buildGeocodeQuery(address: string, country: string, near?: { lat: number; lon: number }): GeocodeQuery {
  const query: GeocodeQuery = { format: 'jsonv2', limit: 1, q: address.trim().replace(/\s+/g, ' '), countrycodes: country.trim().toLowerCase() };
  if (near) {
    query.viewbox = [near.lon - VIEWBOX_DEGREES, near.lat + VIEWBOX_DEGREES, near.lon + VIEWBOX_DEGREES, near.lat - VIEWBOX_DEGREES].map(round).join(',');
  }
  return query;
}

/** Nominatim writes coordinates as strings ("39.4739"); some compatible servers as numbers. */
const degrees = (min: number, max: number) => z.union([z.string(), z.number()]).transform(Number).pipe(z.number().finite().min(min).max(max));

export const NominatimResultSchema = z.object({
  lat: degrees(-90, 90),
  lon: degrees(-180, 180),
  display_name: z.string().optional(),
});
export const NominatimSearchResponseSchema = z.array(NominatimResultSchema);

/** The position of the best match, or null when the geocoder found nothing. */
export function parseGeocodeResponse(results: z.output<typeof NominatimSearchResponseSchema>): { lat: number; lon: number } | null {
  const [best] = results;
  return best ? { lat: best.lat, lon: best.lon } : null;
}

/**
 * GET {geocoder}/search?format=jsonv2&limit=1&q=...&countrycodes=xx — the position of `address`
 * in `country`, or null when nothing matches (a blank address asks nothing). `near` biases the
 * search towards a place (the store), as a viewbox.
 */
export async function geocodeAddress(
  address: string,
  country: string,
  options: { near?: { lat: number; lon: number }; signal?: AbortSignal } = {},
): Promise<{ lat: number; lon: number } | null> {
  if (address.trim() === '') return null;
  const results = await http('/search', {
    baseURL: mapServices().geocoderUrl,
    query: { ...buildGeocodeQuery(address, country, options.near) },
    schema: NominatimSearchResponseSchema,
    operation: GEOCODER_OPERATION,
    signal: options.signal,
  });
  return parseGeocodeResponse(results);
}
