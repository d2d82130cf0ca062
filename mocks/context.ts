import type { DefaultBodyType, HttpRequestResolverExtras, PathParams, ResponseResolverInfo } from 'msw';
import type { Db } from './db';
import type { Faults } from './faults';
import type { ServerClock } from './time';

/** What every handler may use: the data, the clock, the fault switches and persistence. */
export interface MockContext {
  db: Db;
  faults: Faults;
  /** The platform API's base URL (VITE_API_BASE_URL), without a trailing slash. */
  apiBaseUrl: string;
  /** The third-party map services the mock answers too (VITE_DIRECTIONS_URL, VITE_GEOCODER_URL). */
  maps: MockMapServices;
  /** The identity provider's project: the `aud` of the ID tokens and part of their `iss`. */
  projectId: string;
  /** The mock server's clock (ms). Seeds and handlers read "now" only from here. */
  now: ServerClock;
  /** How long a platform session lives; the current scenario decides (default 60 minutes). */
  sessionTtlMs(): number;
  /** Persists the db after a change (localStorage in the browser, nothing in tests). */
  persist(): void;
}

export interface MockMapServices {
  directionsUrl: string;
  geocoderUrl: string;
}

/** The fake hosts of .env.mock, where the mock answers directions and geocoding by default. */
export const MOCK_MAP_SERVICES: MockMapServices = {
  directionsUrl: 'https://directions.store-platform.test',
  geocoderUrl: 'https://geocoder.store-platform.test',
};

/** What MSW hands a resolver for a plain HTTP handler. */
export type RequestInfo = ResponseResolverInfo<HttpRequestResolverExtras<PathParams>, DefaultBodyType>;

/** A resolver that always answers (our handlers never fall through to the network). */
export type Resolver<Extra extends object = object> = (info: RequestInfo & Extra) => Response | Promise<Response>;
