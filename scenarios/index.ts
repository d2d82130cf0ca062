import { SERVER_ERROR_STATUSES, SLOW_BACKEND_LATENCY } from '../mocks/faults';
import { busyStoreScenario } from './busy-store';
import { defaultScenario } from './default';
import { emptyStoreScenario } from './empty-store';
import { multiAccountScenario } from './multi-account';
import type { Scenario } from './scenario';

export type { Scenario } from './scenario';
export { DEFAULT_TOKEN_TTL_MS } from './scenario';

/**
 * The calls a flaky network leaves alone: the identity provider (Google's, not the platform's) and
 * the map services. Signing in then fails only at the platform's exchange (POST /stores/signin, 1 in
 * 5) and a retry gets in; a token refresh never signs the operator out by chance.
 */
export const FLAKY_NETWORK_SPARES: readonly string[] = ['* identitytoolkit/v1/{call}', '* securetoken/v1/token', 'GET directions', 'GET geocoder'];

/** The default store behind an unreliable connection: every call is late and one in five fails. */
const flakyNetworkScenario: Scenario = {
  ...defaultScenario,
  name: 'flaky-network',
  description: 'The default bakery on a flaky network: every call waits 0.3–1.5 s and 20 % of platform calls fail with a 5xx',
  faults: {
    latency: { minMs: 300, maxMs: 1500 },
    failures: [{ operation: '*', outcome: SERVER_ERROR_STATUSES, rate: 0.2, except: FLAKY_NETWORK_SPARES }],
  },
};

/** The default store on an overloaded backend: answers near and past the client's 10 s timeout. */
const slowBackendScenario: Scenario = {
  ...defaultScenario,
  name: 'slow-backend',
  description: 'The default bakery on an overloaded server: every call is slow, 30 % take 7–9.5 s and 15 % pass the 10 s timeout',
  faults: { latency: SLOW_BACKEND_LATENCY },
};

/** The default store whose platform tokens expire within a minute, so the refresh runs all the time. */
const expiredSessionScenario: Scenario = {
  ...defaultScenario,
  name: 'expired-session',
  description: 'The default bakery with platform tokens that expire after one minute, to watch the refresh and retry',
  tokenTtlMs: 60 * 1000,
};

/**
 * Scenarios by name, in an object without a prototype: a name from an address or an imported file
 * (`?scenario=__proto__`, `constructor`) finds nothing instead of an Object's own machinery.
 */
function registry(...list: Scenario[]): Readonly<Record<string, Scenario>> {
  const byName: Record<string, Scenario> = Object.create(null);
  for (const scenario of list) byName[scenario.name] = scenario;
  return Object.freeze(byName);
}

/** Every scenario, by the name used in `?scenario=<name>` and `devkit.reset(<name>)`. */
export const scenarios = registry(
  defaultScenario,
  multiAccountScenario,
  emptyStoreScenario,
  busyStoreScenario,
  flakyNetworkScenario,
  slowBackendScenario,
  expiredSessionScenario,
);

/** The scenario of a first visit ('default'; named where mock mode's light entry can read it). */
export { DEFAULT_SCENARIO } from '../mocks/scenario-choice';
