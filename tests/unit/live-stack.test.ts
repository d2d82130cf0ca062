// @vitest-environment node
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/lib/config';
import { liveConsoleEnv, startAuthEmulator } from '../../scripts/live-stack';

/** The live stack's own checks (scripts/live-stack.ts): what the rehearsal and the live journeys build and start. */
const occupied: Server[] = [];
afterEach(async () => {
  await Promise.all(occupied.splice(0).map((server) => new Promise<void>((done) => server.close(() => done()))));
});

async function occupy(): Promise<number> {
  const server = createServer();
  occupied.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return (server.address() as { port: number }).port;
}

describe('the live stack', () => {
  it('builds a console whose configuration validates, pointed at the local services', () => {
    const env = liveConsoleEnv({ console: 4180, api: 4010, identity: 9099 }, 'emulator');
    const result = parseConfig(env);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.apiBaseUrl).toBe('http://127.0.0.1:4010');
    expect(result.config.firebase.authEmulatorUrl).toBe('http://127.0.0.1:9099');
    expect(result.config.push).toBeUndefined();
    expect(parseConfig(liveConsoleEnv({ console: 4180, api: 4010, identity: 9099 }, 'mock'))).toMatchObject({ ok: true, config: { firebase: { authEmulatorUrl: 'http://127.0.0.1:4010' } } });
  });

  it('refuses to start the Firebase Auth emulator on a port in use, naming it', async () => {
    const port = await occupy();
    await expect(startAuthEmulator(port)).rejects.toThrow(`The Firebase Auth emulator could not start: port ${port} on 127.0.0.1 is in use`);
  });
});
