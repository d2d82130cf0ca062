import { parseArgs } from 'node:util';
import { DEFAULT_MOCK_PORT, MOCK_SERVER_HOST, startMockServer } from '../mocks/http-server';
import { RESPONSE_SHAPES, type ResponseShape } from '../mocks/spec-shape';
import { scenarios } from '../scenarios';

/**
 * `npm run mock:server [-- --port 4010 --scenario default --shape spec-minimal]`: the mock backend
 * over HTTP on 127.0.0.1 for curl, a mobile app in development, any client outside the browser.
 * The port also comes from MOCK_PORT. `--shape spec-minimal` answers only the fields the spec
 * names (mocks/spec-shape.ts, docs/spec-fields.md). Everything else is in mocks/http-server.ts.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    scenario: { type: 'string', default: 'default' },
    host: { type: 'string', default: MOCK_SERVER_HOST },
    // Accept the ID tokens of a Firebase Auth emulator (its demo-… project id), and create the
    // scenario's operators there: `--identity-emulator http://127.0.0.1:9099 --identity-project demo-store-console`.
    'identity-project': { type: 'string' },
    'identity-emulator': { type: 'string' },
    shape: { type: 'string', default: 'full' },
  },
});

const isShape = (value: string): value is ResponseShape => (RESPONSE_SHAPES as readonly string[]).includes(value);
if (!isShape(values.shape)) {
  console.error(`--shape: "${values.shape}" is not one of ${RESPONSE_SHAPES.join(', ')}`);
  process.exit(2);
}
const shape = values.shape;

const portText = values.port ?? process.env.MOCK_PORT ?? String(DEFAULT_MOCK_PORT);
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) {
  console.error(`--port / MOCK_PORT: not a port: "${portText}"`);
  process.exit(2);
}

try {
  const server = await startMockServer({
    port,
    host: values.host,
    scenario: values.scenario,
    identityProject: values['identity-project'],
    identityEmulatorUrl: values['identity-emulator'],
    shape,
  });
  const [demo] = scenarios[server.backend.devkit.scenario()]?.operators ?? [];
  console.info(`Mock API on ${server.url} (scenario "${server.backend.devkit.scenario()}", ${shape} answers, data in memory: a restart reseeds)`);
  if (demo) console.info(`Sign in as ${demo.email} / ${demo.password}; see README.md "Standalone mock API". Dev kit: ${server.url}/__devkit/scenarios`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
