import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DrivingRoute, Place } from '../../src/api/directions';
import { ApiError } from '../../src/api/errors';
import { placesKey, reconcile, routesMapMachine, selectRouteLines, selectRoutesFailed, selectRoutesLoading, type RouteToDraw } from '../../src/machines/deliveries/routes-map.machine';
import { fromAbortablePromise } from '../../src/machines/shared/abortable';
import { deferred, settle, type Deferred } from '../support/deferred';

const STORE = { lat: 39.47392, lon: -0.37868 };
const PICKUP = { lat: 39.46228, lon: -0.37372 };
const DOOR = { lat: 39.48497, lon: -0.35902 };
const OTHER = { lat: 39.47788, lon: -0.34651 };

const lineThrough = (places: Place[]): DrivingRoute => ({ coordinates: places.map((p) => [p.lon, p.lat] as [number, number]), distanceMeters: 1000, durationSeconds: 120 });
const failure = new ApiError({ kind: 'http', status: 503, operation: 'GET directions', message: 'GET directions failed with HTTP 503' });

/** The machine with a fake directions call each test answers by hand. */
function harness(routes: RouteToDraw[]) {
  const calls: Array<{ places: Place[]; signal: AbortSignal; reply: Deferred<DrivingRoute> }> = [];
  const logged: Array<{ routeId: string; error: unknown }> = [];
  const actor = createActor(
    routesMapMachine.provide({
      actors: {
        fetchRoute: fromPromise(({ input, signal }: { input: { places: Place[] }; signal: AbortSignal }) => {
          const reply = deferred<DrivingRoute>();
          calls.push({ places: input.places, signal, reply });
          return reply.promise;
        }),
      },
      actions: { logRouteFailure: (_, params) => logged.push(params) },
    }),
    { input: { routes } },
  );
  actor.start();
  const answer = async (index: number) => {
    calls[index].reply.resolve(lineThrough(calls[index].places));
    await settle();
  };
  const fail = async (index: number) => {
    calls[index].reply.reject(failure);
    await settle();
  };
  const view = () => {
    const s = actor.getSnapshot();
    return { value: s.value, lines: selectRouteLines(s).map((l) => l.id), loading: selectRoutesLoading(s), failed: selectRoutesFailed(s) };
  };
  return { actor, calls, logged, answer, fail, view };
}

const vanA: RouteToDraw = { id: 'van-a', places: [STORE, PICKUP, DOOR] };
const vanB: RouteToDraw = { id: 'van-b', places: [STORE, OTHER] };

describe('routes-map machine', () => {
  it('asks for each route in turn with its places in order (first → last, stopovers between) and draws them', async () => {
    const { calls, answer, view } = harness([vanA, vanB]);
    expect(view()).toEqual({ value: 'loading', lines: [], loading: true, failed: false });
    expect(calls.map((c) => c.places)).toEqual([[STORE, PICKUP, DOOR]]);
    await answer(0);
    expect(view()).toEqual({ value: 'loading', lines: ['van-a'], loading: true, failed: false });
    expect(calls.map((c) => c.places)).toEqual([[STORE, PICKUP, DOOR], [STORE, OTHER]]);
    await answer(1);
    expect(view()).toEqual({ value: 'ready', lines: ['van-a', 'van-b'], loading: false, failed: false });
  });

  it('asks again only for the route whose places changed; the other line stays as it was', async () => {
    const { actor, calls, answer, view } = harness([vanA, vanB]);
    await answer(0);
    await answer(1);
    const reordered = { id: 'van-a', places: [STORE, DOOR, PICKUP] };
    actor.send({ type: 'routes.changed', routes: [reordered, vanB] });
    expect(view()).toEqual({ value: 'loading', lines: ['van-b'], loading: true, failed: false });
    expect(calls).toHaveLength(3);
    expect(calls[2].places).toEqual([STORE, DOOR, PICKUP]);
    await answer(2);
    expect(view()).toEqual({ value: 'ready', lines: ['van-a', 'van-b'], loading: false, failed: false });
    // The same routes again (a re-render with fresh arrays) ask nothing.
    actor.send({ type: 'routes.changed', routes: [{ ...reordered, places: [...reordered.places] }, { ...vanB }] });
    expect(calls).toHaveLength(3);
    expect(view().value).toBe('ready');
  });

  it('stops a request whose route changed while it was under way; its late answer is not drawn', async () => {
    const { actor, calls, answer, view } = harness([vanA]);
    const stale = calls[0];
    actor.send({ type: 'routes.changed', routes: [{ id: 'van-a', places: [STORE, DOOR] }] });
    await settle();
    expect(stale.signal.aborted).toBe(true);
    expect(calls).toHaveLength(2);
    expect(calls[1].places).toEqual([STORE, DOOR]);
    stale.reply.resolve(lineThrough([STORE, PICKUP, DOOR]));
    await answer(1);
    const s = actor.getSnapshot();
    expect(selectRouteLines(s)).toEqual([{ id: 'van-a', coordinates: lineThrough([STORE, DOOR]).coordinates }]);
    expect(view().value).toBe('ready');
  });

  it('lets a request under way go on when only the other routes change', async () => {
    const { actor, calls, answer, view } = harness([vanA, vanB]);
    actor.send({ type: 'routes.changed', routes: [vanA] });
    await settle();
    expect(calls[0].signal.aborted).toBe(false);
    await answer(0);
    expect(calls).toHaveLength(1);
    expect(view()).toEqual({ value: 'ready', lines: ['van-a'], loading: false, failed: false });
  });

  it('a failed request says so once the others are done, keeps their lines, and Retry asks again for the failed one only', async () => {
    const { actor, calls, answer, fail, view, logged } = harness([vanA, vanB]);
    await fail(0);
    expect(view()).toEqual({ value: 'loading', lines: [], loading: true, failed: false });
    await answer(1);
    expect(view()).toEqual({ value: 'failed', lines: ['van-b'], loading: false, failed: true });
    expect(logged).toEqual([{ routeId: 'van-a', error: failure }]);
    actor.send({ type: 'routes.retry' });
    expect(calls).toHaveLength(3);
    expect(calls[2].places).toEqual(vanA.places);
    expect(view()).toEqual({ value: 'loading', lines: ['van-b'], loading: true, failed: false });
    await answer(2);
    expect(view()).toEqual({ value: 'ready', lines: ['van-a', 'van-b'], loading: false, failed: false });
  });

  it('a failed route is not asked again by a re-render; new places for it are', async () => {
    const { actor, calls, fail, view } = harness([vanA]);
    await fail(0);
    actor.send({ type: 'routes.changed', routes: [vanA] });
    expect(calls).toHaveLength(1);
    expect(view().failed).toBe(true);
    actor.send({ type: 'routes.changed', routes: [{ id: 'van-a', places: [STORE, OTHER] }] });
    expect(calls).toHaveLength(2);
    expect(view()).toMatchObject({ value: 'loading', failed: false });
  });

  it('asks nothing for a route of fewer than 2 places, and drops the lines of routes that left', async () => {
    const { actor, calls, answer, view } = harness([{ id: 'alone', places: [STORE] }, vanB]);
    expect(calls.map((c) => c.places)).toEqual([[STORE, OTHER]]);
    await answer(0);
    expect(view()).toEqual({ value: 'ready', lines: ['van-b'], loading: false, failed: false });
    actor.send({ type: 'routes.changed', routes: [] });
    expect(view()).toEqual({ value: 'ready', lines: [], loading: false, failed: false });
    expect(calls).toHaveLength(1);
  });

  it('with no routes at all is ready at once', () => {
    const { view, calls } = harness([]);
    expect(view()).toEqual({ value: 'ready', lines: [], loading: false, failed: false });
    expect(calls).toHaveLength(0);
  });
});

describe('reconcile', () => {
  it('keeps the request under way first when it is still wanted', () => {
    const context = reconcile({ routes: [], drawn: {}, failed: [], queue: [] }, [vanA, vanB]);
    const underWayB = { ...context, queue: context.queue.toReversed() };
    expect(reconcile(underWayB, [vanA, vanB]).queue.map((p) => p.id)).toEqual(['van-b', 'van-a']);
    expect(placesKey([STORE, PICKUP])).toBe('39.473920,-0.378680;39.462280,-0.373720');
  });
});

describe('fromAbortablePromise (the live directions actor)', () => {
  it('passes answers and failures through', async () => {
    const outcomes: string[] = [];
    const logic = fromAbortablePromise(({ input }: { input: 'answer' | 'fail'; signal: AbortSignal }) => (input === 'answer' ? Promise.resolve('route') : Promise.reject(failure)));
    for (const input of ['answer', 'fail'] as const) {
      const actor = createActor(logic, { input });
      actor.subscribe({ next: (s) => s.status === 'done' && outcomes.push(`${input}: done`), error: (e) => outcomes.push(`${input}: ${e === failure ? 'the failure' : 'other'}`) });
      actor.start();
      await settle();
    }
    expect(outcomes).toEqual(['answer: done', 'fail: the failure']);
  });

  it('never settles an aborted call, so an actor stopped and started again cannot take it for its answer', async () => {
    const logic = fromAbortablePromise(({ signal }: { input: undefined; signal: AbortSignal }) => new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(new TypeError('Failed to fetch')))));
    const controller = new AbortController();
    let settled = false;
    // The promise creator itself (fromPromise keeps it as the logic's config).
    const create = logic.config as (args: { input: undefined; signal: AbortSignal }) => Promise<string>;
    void create({ input: undefined, signal: controller.signal }).then(
      () => (settled = true),
      () => (settled = true),
    );
    controller.abort();
    await settle();
    await settle();
    expect(settled).toBe(false);
  });
});
