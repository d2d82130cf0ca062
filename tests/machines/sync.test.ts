import { http as route, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { configureHttp } from '../../src/api/http';
import type { OrdersSync } from '../../src/api/crm-sync';
import { createJournal } from '../../src/machines/journal/journal';
import { liveSyncMachine } from '../../src/machines/sync/live';
import {
  selectSyncBusy,
  selectSyncFailure,
  selectSyncPhase,
  selectSyncWindow,
  syncFailureOf,
  syncMachine,
  type SyncFailure,
} from '../../src/machines/sync/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { MONDAY_9AM, MONDAY_9AM_SECONDS } from '../../src/machines/path-model/fixtures';

const OPERATION = 'GET /hubspot/app/orders';

const run = (syncedAt: number, since: number, sent = 1): OrdersSync => ({
  synced_at: syncedAt,
  since,
  previous_synced_at: since === 0 ? null : since,
  sent,
  created: sent,
  updated: 0,
  orders: Array.from({ length: sent }, (_, i) => ({ order_id: 20001 + i, consumer_email: 'eva@store.test', total_price: 4.5, status: 1, action: 'created' as const })),
});

/** The machine with a fake call each test answers by hand; what the machine recorded and logged. */
function harness(lastSyncedAt: number | null = null) {
  const calls: Array<{ since: number; reply: Deferred<OrdersSync> }> = [];
  const recorded: OrdersSync[] = [];
  const logged: unknown[] = [];
  const actor = createActor(
    syncMachine.provide({
      actors: {
        syncOrders: fromPromise<OrdersSync, { since: number }>(({ input }) => {
          const reply = deferred<OrdersSync>();
          calls.push({ since: input.since, reply });
          return reply.promise;
        }),
      },
      actions: {
        recordSynchronized: (_, { sync }) => recorded.push(sync),
        logSyncFailure: (_, { error }) => logged.push(error),
      },
    }),
    { input: { lastSyncedAt } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  return { actor, calls, recorded, logged, snapshot, last: () => calls[calls.length - 1] };
}

describe('CRM synchronisation machine', () => {
  it('waits for the operator: nothing is sent when the screen opens', () => {
    const { calls, snapshot } = harness();
    expect(calls).toEqual([]);
    expect(selectSyncPhase(snapshot())).toBe('idle');
    expect(selectSyncBusy(snapshot())).toBe(false);
    expect(selectSyncFailure(snapshot())).toBeNull();
  });

  it('"Synchronize now" with no run known sends every order (t = 0), then sends only the changes since that run', async () => {
    const { actor, calls, recorded, snapshot, last } = harness();
    actor.send({ type: 'sync.run' });
    expect(calls.map((c) => c.since)).toEqual([0]);
    expect(selectSyncPhase(snapshot())).toBe('syncing');
    expect(selectSyncBusy(snapshot())).toBe(true);
    expect(selectSyncWindow(snapshot())).toBe(0);

    const first = run(MONDAY_9AM, 0, 3);
    last().reply.resolve(first);
    await settle();
    expect(selectSyncPhase(snapshot())).toBe('idle');
    expect(recorded).toEqual([first]);

    actor.send({ type: 'sync.run' });
    expect(calls.map((c) => c.since)).toEqual([0, MONDAY_9AM]);
    const second = run(MONDAY_9AM + 300_000, MONDAY_9AM, 1);
    last().reply.resolve(second);
    await settle();
    expect(recorded).toEqual([first, second]);

    actor.send({ type: 'sync.run' });
    expect(calls.map((c) => c.since)).toEqual([0, MONDAY_9AM, MONDAY_9AM + 300_000]);
  });

  it('starts from the newest run the session already knows (the projection, given as input)', () => {
    const { actor, calls } = harness(MONDAY_9AM);
    actor.send({ type: 'sync.run' });
    expect(calls.map((c) => c.since)).toEqual([MONDAY_9AM]);
  });

  it('sends once however often the buttons are pressed while a run is under way', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'sync.run' });
    actor.send({ type: 'sync.run' });
    actor.send({ type: 'sync.askFullResync' });
    actor.send({ type: 'sync.retry' });
    expect(calls).toHaveLength(1);
    expect(selectSyncPhase(actor.getSnapshot())).toBe('syncing');
  });

  it('"Full resync" asks first: cancelling sends nothing, confirming sends every order even when a run is known', async () => {
    const { actor, calls, recorded, snapshot, last } = harness(MONDAY_9AM);
    actor.send({ type: 'sync.askFullResync' });
    expect(selectSyncPhase(snapshot())).toBe('confirmingFullResync');
    expect(calls).toEqual([]);
    actor.send({ type: 'sync.cancelFullResync' });
    expect(selectSyncPhase(snapshot())).toBe('idle');
    expect(calls).toEqual([]);

    actor.send({ type: 'sync.askFullResync' });
    actor.send({ type: 'sync.confirmFullResync' });
    expect(calls.map((c) => c.since)).toEqual([0]);
    const full = run(MONDAY_9AM + 60_000, 0, 40);
    last().reply.resolve(full);
    await settle();
    expect(recorded).toEqual([full]);
    // The next "Synchronize now" sends the changes since the full resync.
    actor.send({ type: 'sync.run' });
    expect(last().since).toBe(MONDAY_9AM + 60_000);
  });

  it.each<[string, unknown, SyncFailure]>([
    ['no connection', new ApiError({ kind: 'network', operation: OPERATION, message: 'could not reach the server' }), { reason: 'offline' }],
    ['a timeout', new ApiError({ kind: 'timeout', operation: OPERATION, message: 'timed out after 10000 ms' }), { reason: 'timeout' }],
    [
      'an HTTP error',
      new ApiError({ kind: 'http', status: 502, operation: OPERATION, message: 'HubSpot is unavailable' }),
      { reason: 'server', status: 502, message: 'HubSpot is unavailable' },
    ],
    ['an unreadable answer', new ApiError({ kind: 'unexpected-response', operation: OPERATION, message: 'sent: expected number' }), { reason: 'unexpected' }],
    ['a failure that is no API error', new TypeError('boom'), { reason: 'unexpected' }],
  ])('a run lost to %s fails with that reason, logs the error and records nothing', async (_, error, failure) => {
    const { actor, recorded, logged, snapshot, last } = harness();
    actor.send({ type: 'sync.run' });
    last().reply.reject(error);
    await settle();
    expect(selectSyncPhase(snapshot())).toBe('failed');
    expect(selectSyncFailure(snapshot())).toEqual(failure);
    expect(syncFailureOf(error)).toEqual(failure);
    expect(logged).toEqual([error]);
    expect(recorded).toEqual([]);
  });

  it('Retry sends the same window again; a success clears the failure', async () => {
    const { actor, calls, recorded, snapshot, last } = harness(MONDAY_9AM);
    actor.send({ type: 'sync.askFullResync' });
    actor.send({ type: 'sync.confirmFullResync' });
    last().reply.reject(new ApiError({ kind: 'http', status: 500, operation: OPERATION, message: 'Internal error' }));
    await settle();
    expect(selectSyncFailure(snapshot())).toMatchObject({ reason: 'server', status: 500 });

    actor.send({ type: 'sync.retry' });
    // The failed run was a full resync: the retry is one too.
    expect(calls.map((c) => c.since)).toEqual([0, 0]);
    expect(selectSyncFailure(snapshot())).toBeNull();
    const full = run(MONDAY_9AM + 60_000, 0, 2);
    last().reply.resolve(full);
    await settle();
    expect(selectSyncPhase(snapshot())).toBe('idle');
    expect(snapshot().context.failure).toBeNull();
    expect(recorded).toEqual([full]);
  });

  it('after a failure, "Synchronize now" sends the changes since the last run, and a cancelled "Full resync" keeps the failure on screen', async () => {
    const { actor, calls, snapshot, last } = harness(MONDAY_9AM);
    actor.send({ type: 'sync.run' });
    last().reply.reject(new ApiError({ kind: 'network', operation: OPERATION, message: 'offline' }));
    await settle();

    actor.send({ type: 'sync.askFullResync' });
    actor.send({ type: 'sync.cancelFullResync' });
    expect(selectSyncPhase(snapshot())).toBe('failed');
    expect(selectSyncFailure(snapshot())).toEqual({ reason: 'offline' });

    actor.send({ type: 'sync.run' });
    expect(calls.map((c) => c.since)).toEqual([MONDAY_9AM, MONDAY_9AM]);
  });
});

/** The live machine's real call (src/api/orders through the http client) against a scripted server. */
const BASE = 'https://api.sync.test';
const received: Array<Record<string, string>> = [];
/** What the scripted server answers next; each test sets it. */
let answer: () => Response;
const server = setupServer(
  route.get(`${BASE}/hubspot/app/orders`, ({ request }) => {
    received.push(Object.fromEntries(new URL(request.url).searchParams));
    return answer();
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttp({ baseURL: BASE, session: { accessToken: async () => 'token', tokenRejected: async () => 'token', sessionExpired: () => undefined } });
});
afterEach(() => {
  received.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const wire = (syncedAt: number, since: number, previous: number | null) => ({
  synced_at: syncedAt,
  since,
  previous_synced_at: previous,
  sent: 120,
  created: 100,
  updated: 20,
  orders: [{ order_id: 20001, consumer_email: 'eva@store.test', total_price: 4.5, status: 1, action: 'created' }],
});

describe('CRM synchronisation machine, live wiring', () => {
  it('asks the server in unix seconds and appends the decoded run to the journal (the crmSync projection)', async () => {
    const journal = createJournal();
    const actor = createActor(liveSyncMachine({ journal }), { input: { lastSyncedAt: MONDAY_9AM + 999 } }).start();
    answer = () => HttpResponse.json(wire(MONDAY_9AM_SECONDS + 60, MONDAY_9AM_SECONDS, MONDAY_9AM_SECONDS - 3600));
    actor.send({ type: 'sync.run' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(received).toEqual([{ t: String(MONDAY_9AM_SECONDS) }]);
    const [latest] = journal.state().crmSync.runs;
    expect(latest).toMatchObject({ synced_at: MONDAY_9AM + 60_000, since: MONDAY_9AM, previous_synced_at: MONDAY_9AM - 3_600_000, sent: 120, created: 100, updated: 20 });
    expect(journal.state().crmSync.runs).toHaveLength(1);

    answer = () => HttpResponse.json(wire(MONDAY_9AM_SECONDS + 120, 0, MONDAY_9AM_SECONDS + 60));
    actor.send({ type: 'sync.askFullResync' });
    actor.send({ type: 'sync.confirmFullResync' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(received.at(-1)).toEqual({ t: '0' });
    expect(journal.state().crmSync.runs.map((r) => r.synced_at)).toEqual([MONDAY_9AM + 120_000, MONDAY_9AM + 60_000]);
    actor.stop();
  });

  it('an answer without any of its fields (the spec shows none) is a run with the documented defaults', async () => {
    const journal = createJournal();
    const actor = createActor(liveSyncMachine({ journal }), { input: { lastSyncedAt: MONDAY_9AM } }).start();
    answer = () => HttpResponse.json({ orders: [{ action: 'created' }, { order_id: 20002, action: 'updated' }, {}] });
    const before = Date.now();
    actor.send({ type: 'sync.run' });
    await waitFor(actor, (s) => s.matches('idle'));
    const [latest] = journal.state().crmSync.runs;
    // since: the t asked for; sent: the orders listed; created / updated: counted from their actions.
    expect(latest).toMatchObject({ since: MONDAY_9AM, previous_synced_at: null, sent: 3, created: 1, updated: 1 });
    expect(latest.orders).toEqual([{ action: 'created', consumer_email: '' }, { order_id: 20002, action: 'updated', consumer_email: '' }, { consumer_email: '' }]);
    // synced_at: when the answer arrived, so the next "Synchronize now" asks from there.
    expect(latest.synced_at).toBeGreaterThanOrEqual(before);
    expect(latest.synced_at).toBeLessThanOrEqual(Date.now());
    expect(actor.getSnapshot().context.lastSyncedAt).toBe(latest.synced_at);
    actor.stop();
  });

  it('a server refusal is logged with its details, described for the screen, and leaves the journal alone', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const journal = createJournal();
    const actor = createActor(liveSyncMachine({ journal }), { input: { lastSyncedAt: null } }).start();
    answer = () => HttpResponse.json({ message: 'HubSpot token expired' }, { status: 503 });
    actor.send({ type: 'sync.run' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectSyncFailure(actor.getSnapshot())).toEqual({ reason: 'server', status: 503, message: 'HubSpot token expired' });
    expect(info).toHaveBeenCalledWith('Orders did not synchronise with the CRM', expect.objectContaining({ kind: 'http', status: 503, operation: OPERATION }));
    expect(journal.state().crmSync.runs).toEqual([]);
    actor.stop();
  });

  it('an answer that does not match the contract is an unexpected failure', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const actor = createActor(liveSyncMachine({ journal: createJournal() }), { input: { lastSyncedAt: null } }).start();
    // Every field of this answer is optional (the spec does not show it), but one that is there must read.
    answer = () => HttpResponse.json({ sent: 'all of them', orders: 'none' });
    actor.send({ type: 'sync.run' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectSyncFailure(actor.getSnapshot())).toEqual({ reason: 'unexpected' });
    actor.stop();
  });
});
