import { describe, expect, it } from 'vitest';
import { createFaults } from '../../mocks/faults';
import { DEMO, identitySignIn, sessionToken, storeCall, setupTestBackend } from './support';

const backend = setupTestBackend();

describe('fault injection on the API', () => {
  it("fail('GET /stores/home', 500) answers 500 { message } and leaves other calls alone", async () => {
    const token = await sessionToken();
    backend.current.devkit.fail('GET /stores/home', 500);
    const home = await storeCall('/stores/home', token);
    expect(home.status).toBe(500);
    await expect(home.json()).resolves.toEqual({ message: 'Injected fault: GET /stores/home answers 500' });
    expect((await storeCall('/stores/profile/101', token)).status).toBe(200);
    backend.current.devkit.clearFaults('GET /stores/home');
    expect((await storeCall('/stores/home', token)).status).toBe(200);
  });

  it('matches {x} to one path segment and ignores a missing leading slash', async () => {
    const token = await sessionToken();
    backend.current.devkit.fail('GET stores/profile/{id}', 404);
    expect((await storeCall('/stores/profile/101', token)).status).toBe(404);
    expect((await storeCall('/stores/home', token)).status).toBe(200);
  });

  it("'offline' makes the call fail at the network level", async () => {
    const token = await sessionToken();
    backend.current.devkit.fail('GET /stores/home', 'offline');
    await expect(storeCall('/stores/home', token)).rejects.toThrow(TypeError);
  });

  it("'timeout' never answers: the client gives up on its own", async () => {
    const token = await sessionToken();
    backend.current.devkit.fail('GET /stores/home', 'timeout');
    const started = Date.now();
    await expect(storeCall('/stores/home', token, { signal: AbortSignal.timeout(300) })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('delays every answer by the latency', async () => {
    const token = await sessionToken();
    backend.current.devkit.latency(250);
    const started = Date.now();
    expect((await storeCall('/stores/home', token)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(245);
    expect(backend.current.devkit.faults().latencyMs).toBe(250);
  });

  it("'*' fails everything, and a named operation wins over it", async () => {
    const token = await sessionToken();
    backend.current.devkit.fail('*', 503);
    backend.current.devkit.fail('GET /stores/home', 418);
    expect((await storeCall('/stores/profile/101', token)).status).toBe(503);
    expect((await storeCall('/stores/home', token)).status).toBe(418);
  });

  it('fails only the next n calls with { times }', async () => {
    const token = await sessionToken();
    backend.current.devkit.fail('GET /stores/home', 500, { times: 2 });
    expect(backend.current.devkit.faults().failures).toEqual([{ operation: 'GET /stores/home', outcome: 500, remaining: 2 }]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await storeCall('/stores/home', token)).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect(backend.current.devkit.faults().failures).toEqual([]);
  });

  it('reaches the sign-in exchange written as in spec section 7', async () => {
    backend.current.devkit.fail('POST /stores/signin', 503);
    await expect(sessionToken()).rejects.toThrow(/signin failed: 503/);
  });

  it('lists and clears the active faults', () => {
    const { devkit } = backend.current;
    devkit.fail('DELETE /stores/offers/{id}', 'timeout');
    devkit.fail('delete /stores/offers/{offerId}', 500); // the same operation: replaces the first
    devkit.latency(100);
    expect(devkit.faults()).toEqual({ latencyMs: 100, failures: [{ operation: 'delete /stores/offers/{offerId}', outcome: 500 }] });
    devkit.clearFaults();
    expect(devkit.faults()).toEqual({ latencyMs: 0, failures: [] });
  });
});

describe('fault injection on the identity provider', () => {
  it('answers in the provider’s error envelope so the SDK maps it to an outage', async () => {
    backend.current.devkit.fail('POST identitytoolkit/v1/accounts:signInWithPassword', 503);
    const response = await identitySignIn(DEMO.email, DEMO.password);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(503);
    expect(body.error.message).toMatch(/^INTERNAL_ERROR : /);
  });

  it("takes the provider offline with '*'", async () => {
    backend.current.devkit.fail('*', 'offline');
    await expect(identitySignIn(DEMO.email, DEMO.password)).rejects.toThrow(TypeError);
  });
});

/** Which of 40 matching calls a fresh rule with rate 0.5 fails. */
function fortyCallsAtHalfRate(): boolean[] {
  const faults = createFaults();
  faults.fail('GET /stores/home', 500, { rate: 0.5 });
  return Array.from({ length: 40 }, () => faults.match('GET', '/stores/home') !== undefined);
}

describe('fault rules', () => {
  it('rejects malformed operations and outcomes at once', () => {
    const faults = createFaults();
    expect(() => faults.fail('/stores/home', 500)).toThrow(/METHOD path/);
    expect(() => faults.fail('FETCH /stores/home', 500)).toThrow(/METHOD path/);
    expect(() => faults.fail('GET /stores/home', 200)).toThrow(/400–599/);
    expect(() => faults.fail('GET /stores/home', 500, { rate: 2 })).toThrow(/rate/);
    expect(() => faults.latency(-1)).toThrow(/latency/);
  });

  it('fails a repeatable share of calls with { rate }', () => {
    const first = fortyCallsAtHalfRate();
    expect(first).toEqual(fortyCallsAtHalfRate());
    const failed = first.filter(Boolean).length;
    expect(failed).toBeGreaterThan(10);
    expect(failed).toBeLessThan(30);
  });
});
