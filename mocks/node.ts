import { setupServer, type SetupServer } from 'msw/node';
import { DEFAULT_SCENARIO, scenarios } from '../scenarios';
import { createBackend, type Backend } from './backend';
import type { MockContext } from './context';
import type { Db } from './db';
import type { Devkit } from './devkit';
import type { Faults } from './faults';
import type { ResponseShape } from './spec-shape';
import { clockFrom } from './time';

/** The values of .env.mock, for tests that configure the http client and the identity SDK. */
export const TEST_CONFIG = {
  apiBaseUrl: 'https://api.store-platform.test',
  firebase: {
    apiKey: 'mock-api-key',
    authDomain: 'console-mock.firebaseapp.com',
    projectId: 'console-mock',
    appId: '1:000000000000:web:mock',
  },
  maps: {
    directionsUrl: 'https://directions.store-platform.test',
    geocoderUrl: 'https://geocoder.store-platform.test',
  },
} as const;

export interface TestBackendOptions {
  /** A scenario name from scenarios/index.ts (default 'default'). */
  scenario?: string;
  /** Seed "as of" this moment (ms); the server clock starts here and ticks in real time. Default: Date.now(). */
  now?: number;
  apiBaseUrl?: string;
  /** The identity project whose ID tokens are accepted (default .env.mock's). */
  projectId?: string;
  journal?: () => unknown;
  /** 'spec-minimal': platform answers carry only the fields the spec names (mocks/spec-shape.ts). Default 'full'. */
  shape?: ResponseShape;
}

export interface TestBackend {
  /** msw/node server with every handler, not yet listening: call server.listen() in the test. */
  server: SetupServer;
  db: Db;
  faults: Faults;
  devkit: Devkit;
  ctx: MockContext;
}

/**
 * One mock backend for Node (Vitest, the standalone HTTP server of mocks/http-server.ts): the
 * values of .env.mock, the scenarios of scenarios/index.ts, no persistence (data lives in memory).
 */
export async function createNodeBackend(options: TestBackendOptions = {}): Promise<Backend> {
  return createBackend({
    apiBaseUrl: options.apiBaseUrl ?? TEST_CONFIG.apiBaseUrl,
    maps: TEST_CONFIG.maps,
    projectId: options.projectId ?? TEST_CONFIG.firebase.projectId,
    scenarios,
    scenario: options.scenario ?? DEFAULT_SCENARIO,
    now: options.now === undefined ? () => Date.now() : clockFrom(options.now),
    journal: options.journal ?? (() => undefined),
    shape: options.shape,
  });
}

/** The mock backend for Vitest: same handlers and scenarios as the browser, no persistence. */
export async function createTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const backend = await createNodeBackend(options);
  return { server: setupServer(...backend.handlers), db: backend.db, faults: backend.faults, devkit: backend.devkit, ctx: backend.ctx };
}
