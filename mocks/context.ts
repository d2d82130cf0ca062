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
  /** The identity provider's project: the `aud` of the ID tokens and part of their `iss`. */
  projectId: string;
  /** The mock server's clock (ms). Seeds and handlers read "now" only from here. */
  now: ServerClock;
  /** How long a platform session lives; the current scenario decides (default 60 minutes). */
  sessionTtlMs(): number;
  /** Persists the db after a change (localStorage in the browser, nothing in tests). */
  persist(): void;
}

/** What MSW hands a resolver for a plain HTTP handler. */
export type RequestInfo = ResponseResolverInfo<HttpRequestResolverExtras<PathParams>, DefaultBodyType>;

/** A resolver that always answers (our handlers never fall through to the network). */
export type Resolver<Extra extends object = object> = (info: RequestInfo & Extra) => Response | Promise<Response>;
