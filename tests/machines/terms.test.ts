import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { createJournal } from '../../src/machines/journal/journal';
import { liveTermsMachine } from '../../src/machines/settings/terms.live';
import {
  selectTerms,
  selectTermsAccepting,
  selectTermsAcceptFailed,
  selectTermsConfirming,
  selectTermsLoadFailed,
  selectTermsLoading,
  termsMachine,
  type StoreTerms,
} from '../../src/machines/settings/terms.machine';
import { connectHttpToTestBackend, setupTestBackend } from '../mocks/support';
import { deferred, settle, type Deferred } from '../support/deferred';
import { MONDAY_9AM } from '../../src/machines/path-model/fixtures';

const TERMS: StoreTerms = { text: 'Cold items stay refrigerated until pickup.', acceptDate: null };
const REFUSED = new ApiError({ kind: 'http', status: 500, operation: 'POST /stores/profile/accept_conditions/{id}', message: 'Internal error' });

/** The machine with fake calls each test answers by hand, and what it recorded and logged. */
function harness(terms: StoreTerms | null) {
  const loads: Array<{ storeId: number; reply: Deferred<StoreTerms> }> = [];
  const accepts: Array<{ storeId: number; reply: Deferred<number> }> = [];
  const recorded: Array<{ storeId: number; acceptDate: number }> = [];
  const logged: unknown[] = [];
  const actor = createActor(
    termsMachine.provide({
      actors: {
        loadTerms: fromPromise<StoreTerms, { storeId: number }>(({ input }) => {
          const reply = deferred<StoreTerms>();
          loads.push({ storeId: input.storeId, reply });
          return reply.promise;
        }),
        acceptTerms: fromPromise<number, { storeId: number }>(({ input }) => {
          const reply = deferred<number>();
          accepts.push({ storeId: input.storeId, reply });
          return reply.promise;
        }),
      },
      actions: {
        recordAccepted: (_, params) => recorded.push(params),
        logFailure: (_, { error }) => logged.push(error),
      },
    }),
    { input: { storeId: 7, terms } },
  ).start();
  return { actor, loads, accepts, recorded, logged, snapshot: () => actor.getSnapshot() };
}

describe('terms machine', () => {
  it('shows the terms the shell already loaded without reading them again', () => {
    const { loads, snapshot } = harness(TERMS);
    expect(loads).toEqual([]);
    expect(snapshot().value).toBe('ready');
    expect(selectTerms(snapshot())).toEqual(TERMS);
  });

  it('reads the terms of its store when the shell has not loaded them; a failure offers Retry', async () => {
    const { actor, loads, logged, snapshot } = harness(null);
    expect(selectTermsLoading(snapshot())).toBe(true);
    expect(loads.map((l) => l.storeId)).toEqual([7]);
    const offline = new ApiError({ kind: 'network', operation: 'GET /stores/profile/{id}', message: 'offline' });
    loads[0].reply.reject(offline);
    await settle();
    expect(selectTermsLoadFailed(snapshot())).toBe(true);
    expect(logged).toEqual([offline]);

    actor.send({ type: 'terms.retry' });
    expect(loads).toHaveLength(2);
    loads[1].reply.resolve(TERMS);
    await settle();
    expect(snapshot().value).toBe('ready');
    expect(selectTerms(snapshot())).toEqual(TERMS);
  });

  it('asks before accepting: cancelling sends nothing', () => {
    const { actor, accepts, snapshot } = harness(TERMS);
    actor.send({ type: 'terms.accept' });
    expect(selectTermsConfirming(snapshot())).toBe(true);
    actor.send({ type: 'terms.cancel' });
    expect(selectTermsConfirming(snapshot())).toBe(false);
    expect(accepts).toEqual([]);
  });

  it('accepts for its store once confirmed, records the date the server answered and shows it', async () => {
    const { actor, accepts, recorded, snapshot } = harness(TERMS);
    actor.send({ type: 'terms.accept' });
    actor.send({ type: 'terms.confirm' });
    expect(selectTermsAccepting(snapshot())).toBe(true);
    // Pressing again while the call is under way sends nothing more.
    actor.send({ type: 'terms.accept' });
    actor.send({ type: 'terms.confirm' });
    expect(accepts.map((a) => a.storeId)).toEqual([7]);

    accepts[0].reply.resolve(MONDAY_9AM);
    await settle();
    expect(selectTermsAccepting(snapshot())).toBe(false);
    expect(selectTerms(snapshot())).toEqual({ text: TERMS.text, acceptDate: MONDAY_9AM });
    expect(recorded).toEqual([{ storeId: 7, acceptDate: MONDAY_9AM }]);
  });

  it('a refused accept keeps the terms as they were and says so until the next attempt, which can succeed', async () => {
    const { actor, accepts, recorded, logged, snapshot } = harness(TERMS);
    actor.send({ type: 'terms.accept' });
    actor.send({ type: 'terms.confirm' });
    accepts[0].reply.reject(REFUSED);
    await settle();
    expect(snapshot().value).toBe('ready');
    expect(selectTermsAcceptFailed(snapshot())).toBe(true);
    expect(selectTerms(snapshot())).toEqual(TERMS);
    expect(recorded).toEqual([]);
    expect(logged).toEqual([REFUSED]);

    // Still said while the confirmation is open (cancel keeps it), gone once the next attempt starts.
    actor.send({ type: 'terms.accept' });
    actor.send({ type: 'terms.cancel' });
    expect(selectTermsAcceptFailed(snapshot())).toBe(true);
    actor.send({ type: 'terms.accept' });
    actor.send({ type: 'terms.confirm' });
    expect(selectTermsAcceptFailed(snapshot())).toBe(false);
    accepts[1].reply.resolve(MONDAY_9AM);
    await settle();
    expect(recorded).toEqual([{ storeId: 7, acceptDate: MONDAY_9AM }]);
  });

  it('accepting terms already accepted records the new date (the latest acceptance binds)', async () => {
    const { actor, accepts, recorded, snapshot } = harness({ ...TERMS, acceptDate: MONDAY_9AM - 86_400_000 });
    actor.send({ type: 'terms.accept' });
    actor.send({ type: 'terms.confirm' });
    accepts[0].reply.resolve(MONDAY_9AM);
    await settle();
    expect(selectTerms(snapshot())?.acceptDate).toBe(MONDAY_9AM);
    expect(recorded).toEqual([{ storeId: 7, acceptDate: MONDAY_9AM }]);
  });
});

describe('terms machine with the real calls (mock server)', () => {
  const backend = setupTestBackend();
  let storeId = 0;
  beforeAll(async () => {
    await connectHttpToTestBackend(backend);
    storeId = (backend.current.devkit.records('stores') as Array<{ id: number }>)[0].id;
  });
  afterEach(() => vi.restoreAllMocks());

  const serverAcceptDate = () =>
    (backend.current.devkit.records('stores') as Array<{ id: number; special_terms: { accept_date: number | null } }>).find((s) => s.id === storeId)!
      .special_terms.accept_date;

  it('reads the terms, accepts them and journals store.termsAccepted with the date the server now holds', async () => {
    const journal = createJournal();
    const actor = createActor(liveTermsMachine({ journal }), { input: { storeId, terms: null } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectTerms(actor.getSnapshot())?.text).toMatch(/Surplus food/);

    actor.send({ type: 'terms.accept' });
    actor.send({ type: 'terms.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    const accepted = journal.events().filter((e) => e.type === 'store.termsAccepted');
    expect(accepted).toEqual([{ type: 'store.termsAccepted', at: expect.any(Number), storeId, acceptDate: serverAcceptDate()! * 1000 }]);
    expect(selectTerms(actor.getSnapshot())?.acceptDate).toBe(serverAcceptDate()! * 1000);
    actor.stop();
  });

  it('a refused accept journals nothing and leaves the server as it was', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const before = serverAcceptDate();
    backend.current.devkit.fail('POST /stores/profile/accept_conditions/{id}', 500);
    const journal = createJournal();
    const actor = createActor(liveTermsMachine({ journal }), { input: { storeId, terms: { text: 'x', acceptDate: null } } }).start();
    actor.send({ type: 'terms.accept' });
    actor.send({ type: 'terms.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectTermsAcceptFailed(actor.getSnapshot())).toBe(true);
    expect(journal.events()).toEqual([]);
    expect(serverAcceptDate()).toBe(before);
    actor.stop();
  });
});
