// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../scripts/static-server';

/** The rehearsal's and the journeys' static host: a bad request is a 400, never the end of the host. */
describe('the static host', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-host-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
  const started = serveStatic(root);
  afterAll(async () => {
    (await started).server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a path whose percent-escape does not decode (%ff) with 400, and keeps serving', async () => {
    const { url } = await started;
    expect((await fetch(`${url}/stores/%ff`)).status).toBe(400);
    const page = await fetch(`${url}/overview`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>console</title>');
  });
});
