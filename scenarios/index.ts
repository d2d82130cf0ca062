import { busyStoreScenario } from './busy-store';
import { defaultScenario } from './default';
import { emptyStoreScenario } from './empty-store';
import { multiAccountScenario } from './multi-account';
import type { Scenario } from './scenario';

export type { Scenario } from './scenario';
export { DEFAULT_TOKEN_TTL_MS } from './scenario';

/** The default store behind a poor connection: slow answers and an overview that fails once. */
const slowNetworkScenario: Scenario = {
  ...defaultScenario,
  name: 'slow-network',
  description: 'The default bakery on a slow connection: every answer takes 1.5 s and the overview fails once with 503',
  faults: { latencyMs: 1500, failures: [{ operation: 'GET /stores/home', outcome: 503, times: 1 }] },
};

/** The default store with five-minute platform sessions, to watch expiry and re-sign-in. */
const shortSessionScenario: Scenario = {
  ...defaultScenario,
  name: 'short-session',
  description: 'The default bakery with platform sessions that expire after 5 minutes',
  tokenTtlMs: 5 * 60 * 1000,
};

function registry(...list: Scenario[]): Readonly<Record<string, Scenario>> {
  return Object.freeze(Object.fromEntries(list.map((scenario) => [scenario.name, scenario])));
}

/** Every scenario, by the name used in `?scenario=<name>` and `devkit.reset(<name>)`. */
export const scenarios = registry(
  defaultScenario,
  multiAccountScenario,
  slowNetworkScenario,
  shortSessionScenario,
  emptyStoreScenario,
  busyStoreScenario,
);

export const DEFAULT_SCENARIO = defaultScenario.name;
