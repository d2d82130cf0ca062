import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { startMockServer, type MockServer } from '../mocks/http-server';
import type { ResponseShape } from '../mocks/spec-shape';
import { serveStatic } from './static-server';

/**
 * The live console on this machine, as operators get it but with every service local: the
 * production build (its Content-Security-Policy included) served like a static host, the platform
 * API answered by the standalone mock over HTTP, and the identity provider a real Firebase Auth
 * emulator (firebase-tools) — or, with `identity: 'mock'`, the mock server's own emulator-layout
 * identity endpoints. Used by `npm run rehearsal` (scripts/rehearsal.ts) and by the live journeys
 * (tests/e2e/live/), which start and stop it themselves.
 */

const HOST = '127.0.0.1';
/** A `demo-` project: the emulator then needs no network and no Google account. */
export const REHEARSAL_PROJECT = 'demo-store-console';

export interface LivePorts {
  /** The built console. */
  console: number;
  /** The platform API (the standalone mock server). */
  api: number;
  /** The Firebase Auth emulator (its hub and logging ports are the next two). */
  identity: number;
}

export type IdentityProvider = 'emulator' | 'mock';

/** Where a live console built by buildLiveConsole sends its calls. */
export function liveConsoleEnv(ports: LivePorts, identity: IdentityProvider): Record<string, string> {
  const api = `http://${HOST}:${ports.api}`;
  return {
    VITE_BACKEND: 'live',
    VITE_API_BASE_URL: api,
    // Any key works with an emulator; the SDK only requires one.
    VITE_FIREBASE_API_KEY: 'rehearsal-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${REHEARSAL_PROJECT}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: REHEARSAL_PROJECT,
    VITE_FIREBASE_APP_ID: '1:000000000000:web:rehearsal',
    VITE_FIREBASE_AUTH_EMULATOR_URL: identity === 'emulator' ? `http://${HOST}:${ports.identity}` : api,
    VITE_DIRECTIONS_URL: `${api}/directions`,
    VITE_GEOCODER_URL: `${api}/geocoder`,
    // No push and no tiles: the bell refreshes on its own, the map is the bundled offline one.
    VITE_FIREBASE_MESSAGING_SENDER_ID: '',
    VITE_FIREBASE_VAPID_KEY: '',
    VITE_PUSH_TOPIC_SUBSCRIBE_PATH: '',
    VITE_MAP_TILES_URL: '',
    VITE_MAP_TILES_ATTRIBUTION: '',
  };
}

/**
 * `vite build --mode live` with the env above: values in the environment override the .env files
 * (Vite's rule), so the same build serves any host and port. Then the live build's no-mock check.
 */
export async function buildLiveConsole(outDir: string, ports: LivePorts, identity: IdentityProvider): Promise<void> {
  // Without NODE_OPTIONS: a tsx parent's loader would make Vite load its config natively.
  const { NODE_OPTIONS: _loader, ...inherited } = process.env;
  const env = { ...inherited, ...liveConsoleEnv(ports, identity) };
  await run('npx', ['vite', 'build', '--mode', 'live', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], env, 'the live build');
  await run('node', ['scripts/check-live-bundle.mjs', outDir], env, 'the live build check');
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${what} failed (exit ${code})`))));
  });
}

/** Fails with a message naming the port when something already listens there. */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      fail(new Error(error.code === 'EADDRINUSE' ? `${what} could not start: port ${port} on ${HOST} is in use` : `${what}: ${error.message}`)),
    );
    probe.listen(port, HOST, () => probe.close(() => done()));
  });
}

export interface AuthEmulator {
  url: string;
  projectId: string;
  close(): Promise<void>;
}

const EMULATOR_START_TIMEOUT_MS = 90_000;

/**
 * The real Firebase Auth emulator: `firebase emulators:start --only auth` with a demo- project
 * and a firebase.json of its own in a temporary folder (ports, no UI), offline. Resolves once it
 * answers; fails naming the port in use, or with the emulator's last output if it does not come up.
 */
export async function startAuthEmulator(port: number, projectId = REHEARSAL_PROJECT): Promise<AuthEmulator> {
  const [hubPort, loggingPort] = [port + 1, port + 2];
  await assertPortFree(port, 'The Firebase Auth emulator');
  await assertPortFree(hubPort, "The Firebase emulator's hub");
  await assertPortFree(loggingPort, "The Firebase emulator's logging");
  const folder = mkdtempSync(join(tmpdir(), 'auth-emulator-'));
  writeFileSync(
    join(folder, 'firebase.json'),
    JSON.stringify({
      emulators: { auth: { host: HOST, port }, hub: { host: HOST, port: hubPort }, logging: { host: HOST, port: loggingPort }, ui: { enabled: false }, singleProjectMode: true },
    }),
  );
  const firebase = resolve('node_modules/.bin/firebase');
  const child = spawn(firebase, ['emulators:start', '--only', 'auth', '--project', projectId, '--config', join(folder, 'firebase.json')], {
    cwd: folder,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://${HOST}:${port}`;
  const close = async () => {
    await stopProcessGroup(child);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, projectId, close };
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + EMULATOR_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Firebase Auth emulator stopped before it was ready (exit ${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((next) => setTimeout(next, 250));
  }
  throw new Error(`The Firebase Auth emulator did not come up on ${url} within ${EMULATOR_START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** SIGTERM to the emulator's process group (the CLI and whatever it started), SIGKILL after 5 s. */
function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((done) => {
    const killer = setTimeout(() => signal(pid, 'SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    signal(pid, 'SIGTERM');
  });
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(-pid, name);
  } catch {
    // already gone
  }
}

export interface LiveStackOptions {
  /** A built live console (buildLiveConsole) for these ports. */
  root: string;
  ports: LivePorts;
  identity: IdentityProvider;
  scenario?: string;
  shape?: ResponseShape;
}

export interface LiveStack {
  consoleUrl: string;
  mock: MockServer;
  emulator?: AuthEmulator;
  close(): Promise<void>;
}

/** Starts the identity provider, the platform mock (which provisions its operators there) and the static host. */
export async function startLiveStack(options: LiveStackOptions): Promise<LiveStack> {
  const { ports } = options;
  const started: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const stop of started.splice(0).toReversed()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const emulator = options.identity === 'emulator' ? await startAuthEmulator(ports.identity) : undefined;
    if (emulator) started.push(emulator.close);
    const mock = await startMockServer({
      port: ports.api,
      scenario: options.scenario,
      shape: options.shape,
      identityProject: REHEARSAL_PROJECT,
      identityEmulatorUrl: emulator?.url,
    });
    started.push(mock.close);
    const host = await serveStatic(options.root, ports.console);
    started.push(() => closeServer(host.server));
    return { consoleUrl: host.url, mock, emulator, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const closeServer = (server: Server) =>
  new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
