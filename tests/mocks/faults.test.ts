import { describe, expect, it } from 'vitest';
import { CLIENT_TIMEOUT_MS, SERVER_ERROR_STATUSES, SLOW_BACKEND_LATENCY, createFaults, type LatencySetting } from '../../mocks/faults';
import { scenarios } from '../../scenarios';
import { API_TIMEOUT_MS } from '../../src/lib/constants';
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

/** The waits of `n` calls of a fresh fault set with this latency. */
function waits(setting: LatencySetting, n = 400): number[] {
  const faults = createFaults();
  faults.latency(setting);
  return Array.from({ length: n }, () => faults.nextLatencyMs());
}

/** The outcomes of 200 calls of a fresh fault set failing 20 % of calls with a 5xx. */
function outcomes() {
  const faults = createFaults();
  faults.fail('*', SERVER_ERROR_STATUSES, { rate: 0.2 });
  return Array.from({ length: 200 }, () => faults.match('GET', '/stores/home')?.outcome);
}

describe('latency ranges and profiles', () => {

  it('draws each call’s wait from the range, repeatably, and spreads it over the range', () => {
    const first = waits({ minMs: 300, maxMs: 1500 });
    expect(first).toEqual(waits({ minMs: 300, maxMs: 1500 }));
    expect(Math.min(...first)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...first)).toBeLessThanOrEqual(1500);
    expect(Math.min(...first)).toBeLessThan(400);
    expect(Math.max(...first)).toBeGreaterThan(1400);
    expect(new Set(first).size).toBeGreaterThan(100);
  });

  it('keeps a fixed latency fixed and lists a range as one band, its longest wait as latencyMs', () => {
    expect(new Set(waits(800, 20))).toEqual(new Set([800]));
    const faults = createFaults();
    faults.latency(800);
    expect(faults.activeFaults()).toEqual({ latencyMs: 800, failures: [] });
    faults.latency({ minMs: 300, maxMs: 1500 });
    expect(faults.activeFaults()).toEqual({ latencyMs: 1500, latencyBands: [{ share: 1, minMs: 300, maxMs: 1500 }], failures: [] });
    faults.latency(0);
    expect(faults.activeFaults()).toEqual({ latencyMs: 0, failures: [] });
    expect(faults.nextLatencyMs()).toBe(0);
  });

  it('rejects a range upside down, a negative wait or shares that do not add up to 1', () => {
    const faults = createFaults();
    expect(() => faults.latency({ minMs: 900, maxMs: 300 })).toThrow(/latency/);
    expect(() => faults.latency({ minMs: -1, maxMs: 300 })).toThrow(/latency/);
    expect(() => faults.latency([{ share: 0.5, minMs: 0, maxMs: 10 }])).toThrow(/add up to 1/);
    expect(() => faults.latency([{ share: 0, minMs: 0, maxMs: 10 }, { share: 1, minMs: 0, maxMs: 10 }])).toThrow(/share/);
  });

  it('slow-backend’s profile puts about 30 % of calls just under the client’s 10 s timeout and about 15 % past it', () => {
    expect(CLIENT_TIMEOUT_MS).toBe(API_TIMEOUT_MS);
    const all = waits(SLOW_BACKEND_LATENCY, 2000);
    expect(all).toEqual(waits(SLOW_BACKEND_LATENCY, 2000));
    const near = all.filter((ms) => ms >= 7000 && ms <= 9500).length / all.length;
    const past = all.filter((ms) => ms > API_TIMEOUT_MS).length / all.length;
    expect(near).toBeGreaterThan(0.25);
    expect(near).toBeLessThan(0.35);
    expect(past).toBeGreaterThan(0.11);
    expect(past).toBeLessThan(0.19);
    expect(all.every((ms) => (ms >= 1500 && ms <= 4000) || (ms >= 7000 && ms <= 9500) || (ms >= 10_500 && ms <= 12_000))).toBe(true);
  });

  it('waits the drawn time before answering', async () => {
    const token = await sessionToken();
    backend.current.devkit.latency({ minMs: 120, maxMs: 200 });
    const started = Date.now();
    expect((await storeCall('/stores/home', token)).status).toBe(200);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(115);
  });

  it('ends a wait past the client’s timeout when the client gives up, at the client’s moment', async () => {
    const token = await sessionToken();
    backend.current.devkit.latency({ minMs: 5000, maxMs: 5000 });
    const started = Date.now();
    await expect(storeCall('/stores/home', token, { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('failures from a set of statuses', () => {

  it('answers one of 500/502/503/504, picked per call by the seeded generator, at the rule’s rate', () => {
    const first = outcomes();
    expect(first).toEqual(outcomes());
    const failed = first.filter((outcome) => outcome !== undefined);
    expect(failed.length / first.length).toBeGreaterThan(0.12);
    expect(failed.length / first.length).toBeLessThan(0.28);
    expect(new Set(failed)).toEqual(new Set([500, 502, 503, 504]));
  });

  it('lists the statuses and the spared operations, and rejects a status outside 400–599 or an empty list', () => {
    const faults = createFaults();
    faults.fail('*', [500, 503], { rate: 0.5, except: ['POST securetoken/v1/token'] });
    expect(faults.activeFaults().failures).toEqual([{ operation: '*', outcome: [500, 503], rate: 0.5, except: ['POST securetoken/v1/token'] }]);
    expect(() => faults.fail('*', [500, 200])).toThrow(/400–599/);
    expect(() => faults.fail('*', [])).toThrow(/400–599/);
    expect(() => faults.fail('*', 500, { except: ['nonsense'] })).toThrow(/METHOD path/);
  });

  it('leaves the operations named in except alone', async () => {
    backend.current.devkit.fail('*', SERVER_ERROR_STATUSES, { except: ['* identitytoolkit/v1/{call}', '* securetoken/v1/token'] });
    expect((await identitySignIn(DEMO.email, DEMO.password)).status).toBe(200);
    await expect(sessionToken()).rejects.toThrow(/signin failed: 50[0234]/);
  });

  it('replays the same sequence after a scenario profile is applied again', () => {
    const faults = createFaults();
    const profile = { latency: { minMs: 300, maxMs: 1500 }, failures: [{ operation: '*', outcome: SERVER_ERROR_STATUSES, rate: 0.2 }] };
    const run = () => {
      faults.applyProfile(profile);
      return Array.from({ length: 50 }, () => [faults.nextLatencyMs(), faults.match('GET', '/stores/home')?.outcome]);
    };
    expect(run()).toEqual(run());
  });
});

describe('flaky-network’s failures on the real handlers', () => {
  it('spares the identity provider, so a sign-in that fails at the platform’s exchange gets in on a retry', async () => {
    // The scenario's failure rule without its latency (the waits are covered above).
    backend.current.faults.applyProfile({ failures: scenarios['flaky-network'].faults!.failures });
    const attempts: string[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await identitySignIn(DEMO.email, DEMO.password)).status).toBe(200);
      attempts.push(await sessionToken().then(() => 'in', (error: Error) => error.message));
    }
    expect(attempts).toContain('in');
    expect(attempts.filter((a) => a !== 'in').every((a) => /^signin failed: 50[0234]$/.test(a))).toBe(true);
    const token = await retry(() => sessionToken());
    const statuses = [];
    for (let i = 0; i < 40; i++) statuses.push((await storeCall('/stores/home', token)).status);
    expect(statuses.filter((s) => s !== 200).every((s) => [500, 502, 503, 504].includes(s))).toBe(true);
    expect(statuses.filter((s) => s !== 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(20);
  });
});

/** Calls `attempt` until it succeeds (at most 20 times), as an operator pressing Retry. */
async function retry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= 19) throw error;
    }
  }
}

describe("'lost-response': the server does the work, the answer never arrives (issue 23)", () => {
  it('runs the handler (the truck is stored) and then fails the call at the network level', async () => {
    const token = await sessionToken();
    const { devkit } = backend.current;
    const named = (name: string) => (devkit.records('trucks') as Array<{ name: string }>).filter((t) => t.name === name).length;
    devkit.fail('PUT /stores/trucks', 'lost-response', { times: 1 });
    expect(devkit.faults().failures).toEqual([{ operation: 'PUT /stores/trucks', outcome: 'lost-response', remaining: 1 }]);
    const body = JSON.stringify({ name: 'Lost answer van', plate: '7777 LRS', capacity: 20, driver_name: '', driver_phone: '', status: 'active' });
    await expect(storeCall('/stores/trucks', token, { method: 'PUT', body })).rejects.toThrow(TypeError);
    expect(named('Lost answer van')).toBe(1);
  });

  it('drops the answer of a refused call too: the client cannot tell either way', async () => {
    const token = await sessionToken();
    backend.current.devkit.fail('PUT /stores/trucks', 'lost-response');
    await expect(storeCall('/stores/trucks', token, { method: 'PUT', body: JSON.stringify({}) })).rejects.toThrow(TypeError);
  });
});

describe('fault operations that match no call (issue 23)', () => {
  it('refuses an operation no handler serves and lists the ones that exist', () => {
    const { devkit } = backend.current;
    expect(() => devkit.fail('PUT /stores/offers/{id}', 500)).toThrow(/No call matches "PUT \/stores\/offers\/\{id\}"/);
    expect(() => devkit.fail('PUT /stores/offers/{id}', 500)).toThrow(/POST \/stores\/offers\/\{id\}/);
    expect(() => devkit.fail('GET /stores/nothing', 'offline')).toThrow(/GET \/stores\/home/);
    expect(() => devkit.fail('*', 503, { except: ['POST /nowhere'] })).toThrow(/No call matches "POST \/nowhere"/);
    expect(devkit.faults().failures).toEqual([]);
  });

  it("still takes '*', any placeholder's name, a method wildcard and the identity provider's calls", () => {
    const { devkit } = backend.current;
    for (const operation of [
      '*',
      'GET /stores/profile/{storeId}',
      'get stores/home',
      '* /stores/trucks',
      'GET /stores/trucks/{status}',
      'POST identitytoolkit/v1/accounts:signInWithPassword',
      '* identitytoolkit/v1/{call}',
      'POST securetoken/v1/token',
      'GET directions',
    ]) {
      expect(() => devkit.fail(operation, 500)).not.toThrow();
    }
  });
});
