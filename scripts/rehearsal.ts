import { parseArgs } from 'node:util';
import { scenarios } from '../scenarios';
import { buildLiveConsole, startLiveStack, type IdentityProvider, type LivePorts } from './live-stack';
import { RESPONSE_SHAPES, type ResponseShape } from '../mocks/spec-shape';

/**
 * `npm run rehearsal [-- --port 4180 --api-port 4010 --identity-port 9099 --scenario default
 *   --shape spec-minimal --identity emulator|mock]`
 *
 * Builds the live console (the production build) pointed at local services, starts the Firebase
 * Auth emulator and the standalone mock API, serves the build like a static host and prints the
 * URL. Ctrl-C stops everything it started. README: "Rehearse live mode".
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4180' },
    'api-port': { type: 'string', default: '4010' },
    'identity-port': { type: 'string', default: '9099' },
    scenario: { type: 'string', default: 'default' },
    shape: { type: 'string', default: 'full' },
    identity: { type: 'string', default: 'emulator' },
  },
});

function portOf(option: string, text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) {
    console.error(`--${option}: not a port: "${text}"`);
    process.exit(2);
  }
  return port;
}

const ports: LivePorts = { console: portOf('port', values.port), api: portOf('api-port', values['api-port']), identity: portOf('identity-port', values['identity-port']) };
if (!(values.scenario in scenarios)) {
  console.error(`--scenario: unknown "${values.scenario}". Known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
if (!RESPONSE_SHAPES.includes(values.shape as ResponseShape)) {
  console.error(`--shape: "${values.shape}" is not one of ${RESPONSE_SHAPES.join(', ')}`);
  process.exit(2);
}
if (values.identity !== 'emulator' && values.identity !== 'mock') {
  console.error(`--identity: "emulator" (the Firebase Auth emulator, default) or "mock" (the mock server's own), not "${values.identity}"`);
  process.exit(2);
}
const identity = values.identity as IdentityProvider;
const outDir = 'dist-rehearsal';

console.info(`Building the live console into ${outDir}/ …`);
await buildLiveConsole(outDir, ports, identity);
console.info(identity === 'emulator' ? 'Starting the Firebase Auth emulator and the mock API …' : 'Starting the mock API …');
try {
  const stack = await startLiveStack({ root: outDir, ports, identity, scenario: values.scenario, shape: values.shape as ResponseShape });
  const operators = scenarios[values.scenario]?.operators ?? [];
  console.info(`
Live console (production build): ${stack.consoleUrl}
  platform API (mock, scenario "${values.scenario}", ${values.shape} answers): ${stack.mock.url}
  identity provider: ${stack.emulator ? `Firebase Auth emulator ${stack.emulator.url} (project ${stack.emulator.projectId})` : `the mock API's emulator layout ${stack.mock.url}`}
Sign in as:${operators.map((o) => `\n  ${o.email} / ${o.password}`).join('')}
Ctrl-C stops everything.`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.info('\nStopping …');
    void stack.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
