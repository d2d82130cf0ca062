import type { HttpHandler } from 'msw';
import { DEFAULT_TOKEN_TTL_MS, type Scenario } from '../scenarios/scenario';
import { MOCK_MAP_SERVICES, type MockContext, type MockMapServices } from './context';
import { createDb, type Db } from './db';
import { createDevkit, type Devkit, type DevkitOptions } from './devkit';
import { createFaults, type Faults } from './faults';
import { indexHandlers } from './handler-index';
import { createHandlers } from './handlers';
import type { Persistence } from './persistence';
import { shapedHandlers, type ResponseShape } from './spec-shape';
import { startOfDay, type ServerClock } from './time';
import { yieldToMain } from './yield';

/**
 * Assembles one mock backend (db, faults, handlers, devkit) for either runtime; mocks/browser.ts
 * adds localStorage persistence and the service worker, mocks/node.ts the msw/node server.
 */
export type { Persistence } from './persistence';

export interface BackendOptions {
  apiBaseUrl: string;
  /** The directions and geocoding services to answer (default: the fake hosts of .env.mock). */
  maps?: MockMapServices;
  /** The identity provider's project id (VITE_FIREBASE_PROJECT_ID). */
  projectId: string;
  scenarios: Readonly<Record<string, Scenario>>;
  scenario: string;
  now: ServerClock;
  journal: () => unknown;
  persistence?: Persistence;
  /** After a devkit reset has reseeded and persisted (the browser reloads here). */
  afterReset?: (scenario: string) => void;
  /**
   * How platform answers come out: 'full' (default, the mock's rich records) or 'spec-minimal'
   * (only the fields the spec names, mocks/spec-shape.ts).
   */
  shape?: ResponseShape;
}

export interface Backend {
  db: Db;
  faults: Faults;
  ctx: MockContext;
  handlers: HttpHandler[];
  devkit: Devkit;
}

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const { persistence, scenarios, now } = options;
  const db = createDb();
  const faults = createFaults();
  let seededAt = now();

  const onReset: DevkitOptions['onReset'] = ({ scenario, seededAt: at }) => {
    seededAt = at;
    persistence?.forget(scenario);
    persistence?.seeded(db, scenarios[scenario], at);
    options.afterReset?.(scenario);
  };
  const devkit = createDevkit({
    db,
    faults,
    scenarios,
    scenario: options.scenario,
    now,
    journal: options.journal,
    onReset,
    // Late-bound: ctx is built below, and persists under the scenario current at that moment.
    persist: () => ctx.persist(),
  });

  const ctx: MockContext = {
    db,
    faults,
    apiBaseUrl: options.apiBaseUrl.replace(/\/+$/, ''),
    maps: {
      directionsUrl: (options.maps ?? MOCK_MAP_SERVICES).directionsUrl.replace(/\/+$/, ''),
      geocoderUrl: (options.maps ?? MOCK_MAP_SERVICES).geocoderUrl.replace(/\/+$/, ''),
    },
    projectId: options.projectId,
    now,
    sessionTtlMs: () => scenarios[devkit.scenario()]?.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS,
    persist: () => persistence?.save(db, scenarios[devkit.scenario()], seededAt),
  };

  const scenario = scenarios[options.scenario];
  // The data is dated relative to the day it was seeded; a snapshot from an earlier day would
  // show an empty "today", so a new day starts from a fresh seed (a training session lasts a day).
  const sameDay = (at: number) => startOfDay(at) === startOfDay(now());
  const restoredAt = persistence ? await persistence.load(db, scenario, sameDay) : undefined;
  if (restoredAt !== undefined) {
    seededAt = restoredAt;
  } else {
    seededAt = now();
    await scenario.seed(db, seededAt);
    persistence?.seeded(db, scenario, seededAt);
  }
  // On a phone's page the handlers are built in a task of their own, after the data's.
  await yieldToMain();
  const handlers = shapedHandlers(indexHandlers(createHandlers(ctx)), ctx.apiBaseUrl, options.shape);
  // After the handlers: they tell the faults which calls exist, so a profile naming none is refused.
  faults.applyProfile(scenario.faults);
  return { db, faults, ctx, handlers, devkit };
}
