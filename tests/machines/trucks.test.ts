import { http as route, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type Actor, type AnyActorLogic } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { configureHttp } from '../../src/api/http';
import type { Truck } from '../../src/api/logistics';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal } from '../../src/machines/journal/journal';
import { recordSaveErrorOf, selectFormSaveError, selectFormSaving, selectFormUnsaved } from '../../src/machines/shared/record-form.machine';
import { selectConfirmingDelete, selectDeletingId, selectListPhase } from '../../src/machines/shared/record-list.machine';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { blankTruckValues, truckValuesOf, type TruckFormValues } from '../../src/machines/trucks/machine';
import { liveTruckFormMachine, liveTrucksListMachine } from '../../src/machines/trucks/live';
import { deferred, settle, type Deferred } from '../support/deferred';
import { truck } from '../../src/machines/trucks/paths';

/**
 * The live trucks list and form machines (real journal, snackbar and navigation actions, real
 * calls through src/api/logistics.ts and the http client) against a scripted server: each request
 * waits until the test says what the server answered.
 */
const BASE = 'https://api.trucks.test';

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  reply: Deferred<Response>;
}
const calls: Call[] = [];

async function record({ request }: { request: Request }) {
  const url = new URL(request.url);
  const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json();
  const reply = deferred<Response>();
  calls.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, reply });
  return reply.promise;
}

const server = setupServer(
  route.get(`${BASE}/stores/trucks/:param`, record),
  route.delete(`${BASE}/stores/trucks/:id`, record),
  route.put(`${BASE}/stores/trucks`, record),
  route.post(`${BASE}/stores/trucks`, record),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttp({ baseURL: BASE, session: { accessToken: async () => 'token', tokenRejected: async () => 'token', sessionExpired: () => undefined } });
});
afterAll(() => server.close());

/** The `n`th request (1-based) once it has reached the server. */
async function call(n: number): Promise<Call> {
  await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(n));
  return calls[n - 1];
}
const json = (c: Call, body: unknown, status = 200) => c.reply.resolve(HttpResponse.json(body as never, { status }));

const started: Array<Actor<AnyActorLogic>> = [];
function startActor<L extends AnyActorLogic>(logic: L, input: unknown): Actor<L> {
  const actor = createActor(logic, { input } as never);
  started.push(actor as Actor<AnyActorLogic>);
  actor.start();
  return actor;
}

function deps() {
  const journal = createJournal();
  const notices: SnackbarRequest[] = [];
  const events: DomainEvent[] = [];
  journal.subscribe((event) => events.push(event));
  return { journal, notices, events, notify: (m: SnackbarRequest) => notices.push(m) };
}

const ACTIVE = [truck(1), truck(2), truck(3)];

beforeEach(() => {
  // The live machines log failed calls (spec section 8); these tests fail calls on purpose.
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(async () => {
  for (const actor of started.splice(0)) actor.stop();
  for (const c of calls.splice(0)) c.reply.resolve(HttpResponse.json({ message: 'gone' }, { status: 500 }));
  await settle();
  vi.restoreAllMocks();
});

async function loaded() {
  const h = deps();
  const actor = startActor(liveTrucksListMachine(h), { query: { status: 'active', search: '' } });
  json(await call(1), ACTIVE);
  await waitFor(actor, (s) => selectListPhase(s) === 'ready');
  return { ...h, actor };
}

describe('trucks list machine (live, scripted server)', () => {

  it('asks for the tab’s status (no search), and the whole list lands in the trucks projection as one page', async () => {
    const h = deps();
    const actor = startActor(liveTrucksListMachine(h), { query: { status: 'active', search: '' } });
    expect(selectListPhase(actor.getSnapshot())).toBe('loading');
    const first = await call(1);
    expect([first.method, first.path, first.query]).toEqual(['GET', '/stores/trucks/active', {}]);
    json(first, ACTIVE);
    await waitFor(actor, (s) => selectListPhase(s) === 'ready');
    expect(h.events.map((e) => e.type)).toEqual(['trucks.loaded']);
    expect(h.journal.state().trucks).toEqual({ status: 'active', search: '', items: ACTIVE, limit: 10, offset: 0, total: 3, loaded: true });
  });

  it('another tab or search loads again (the search trimmed); the same one loads nothing', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.show', query: { status: 'active', search: '' } });
    await settle();
    expect(calls).toHaveLength(1);

    h.actor.send({ type: 'list.show', query: { status: 'maintenance', search: ' van ' } });
    expect(selectListPhase(h.actor.getSnapshot())).toBe('loading');
    const second = await call(2);
    expect([second.path, second.query]).toEqual(['/stores/trucks/maintenance', { search: 'van' }]);
    json(second, [truck(4, { status: 'maintenance' })]);
    await waitFor(h.actor, (s) => selectListPhase(s) === 'ready');
    expect(h.journal.state().trucks).toMatchObject({ status: 'maintenance', search: ' van ', total: 1 });
  });

  it('a failed load shows the failure (logged, no snackbar); Retry loads again', async () => {
    const h = deps();
    const actor = startActor(liveTrucksListMachine(h), { query: { status: 'active', search: '' } });
    json(await call(1), { message: 'down' }, 500);
    await waitFor(actor, (s) => selectListPhase(s) === 'failed');
    expect(h.notices).toEqual([]);
    expect(console.info).toHaveBeenCalledWith('Trucks load failed', expect.objectContaining({ kind: 'http', status: 500 }));
    actor.send({ type: 'list.retry' });
    json(await call(2), ACTIVE);
    await waitFor(actor, (s) => selectListPhase(s) === 'ready');
    expect(h.journal.state().trucks.total).toBe(3);
  });

  it('a delete after the confirmation: the row stays (busy) until the server deleted it, then leaves the list at once, with no reload', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.askDelete', record: truck(2) });
    expect(selectConfirmingDelete(h.actor.getSnapshot())).toEqual(truck(2));
    h.actor.send({ type: 'list.confirmDelete' });
    expect(selectDeletingId(h.actor.getSnapshot())).toBe(2);
    const deletion = await call(2);
    expect([deletion.method, deletion.path]).toEqual(['DELETE', '/stores/trucks/2']);
    expect(h.journal.state().trucks.items).toEqual(ACTIVE);
    json(deletion, { ok: true });
    await waitFor(h.actor, (s) => s.matches({ mutation: 'idle' }));
    expect(h.events.map((e) => e.type)).toEqual(['trucks.loaded', 'truck.deleted']);
    expect(h.journal.state().trucks).toMatchObject({ items: [truck(1), truck(3)], total: 2 });
    await settle();
    expect(calls).toHaveLength(2);
    expect(h.notices).toEqual([]);
  });

  it('a refused delete says "We have problems, to delete" and the row stays', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.askDelete', record: truck(2) });
    h.actor.send({ type: 'list.confirmDelete' });
    json(await call(2), { message: 'down' }, 500);
    await waitFor(h.actor, (s) => s.matches({ mutation: 'idle' }));
    expect(h.notices).toEqual([{ key: 'trucks.deleteFailed', severity: 'error' }]);
    expect(h.events.map((e) => e.type)).toEqual(['trucks.loaded']);
    expect(h.journal.state().trucks.items).toEqual(ACTIVE);
    expect(selectDeletingId(h.actor.getSnapshot())).toBeNull();
  });

  it('Cancel deletes nothing', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.askDelete', record: truck(2) });
    h.actor.send({ type: 'list.cancelDelete' });
    await settle();
    expect(calls).toHaveLength(1);
    expect(selectConfirmingDelete(h.actor.getSnapshot())).toBeNull();
  });

  it('a delete that lands while another list loads asks for that list again: the first answer may predate the delete', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.askDelete', record: truck(2) });
    h.actor.send({ type: 'list.confirmDelete' });
    const deletion = await call(2);
    h.actor.send({ type: 'list.show', query: { status: 'active', search: 'van' } });
    const stale = await call(3);
    json(deletion, { ok: true });
    const fresh = await call(4);
    expect([fresh.path, fresh.query]).toEqual(['/stores/trucks/active', { search: 'van' }]);
    // The answer read before the delete is dropped with its request.
    json(stale, ACTIVE);
    json(fresh, [truck(1), truck(3)]);
    await waitFor(h.actor, (s) => selectListPhase(s) === 'ready');
    expect(h.journal.state().trucks.items).toEqual([truck(1), truck(3)]);
  });
});

const typed: TruckFormValues = { name: 'Van 9', plate: '9012 XYZ', capacity: 24, driver_name: 'Marta Vidal', driver_phone: '+34 600 111 222', status: 'maintenance' };

/**
 * A create first asks which trucks already look like the new one (GET /stores/trucks/{status}?search
 * with its name: a lost answer is then told apart from them); `n` is that call's number.
 */
async function lookedUp(n: number, trucks: Truck[] = [], values: TruckFormValues = typed): Promise<void> {
  const lookup = await call(n);
  expect([lookup.method, lookup.path, lookup.query]).toEqual(['GET', `/stores/trucks/${values.status}`, { search: values.name }]);
  json(lookup, trucks);
}

function form(recordId: number | null) {
  const h = deps();
  const wentTo: Truck[] = [];
  const actor = startActor(liveTruckFormMachine({ ...h, goToList: (t) => wentTo.push(t) }), { recordId, storeId: 1 });
  return { ...h, actor, wentTo };
}

describe('truck form machine (live, scripted server)', () => {


  it('a new truck opens on blank values without a call; saving PUTs them and ends on the list of its status', async () => {
    const h = form(null);
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    expect(h.actor.getSnapshot().context).toMatchObject({ record: null, initial: blankTruckValues(), dirty: false });
    expect(calls).toHaveLength(0);

    h.actor.send({ type: 'form.changed', values: typed });
    expect(selectFormUnsaved(h.actor.getSnapshot())).toBe(true);
    h.actor.send({ type: 'form.submit', values: typed });
    await lookedUp(1);
    const put = await call(2);
    expect([put.method, put.path, put.body]).toEqual(['PUT', '/stores/trucks', typed]);
    const saved = truck(12, typed);
    json(put, saved, 201);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.events).toEqual([{ type: 'truck.saved', at: expect.any(Number), truck: saved }]);
    expect(h.notices).toEqual([{ key: 'common.successfullySaved', severity: 'success' }]);
    expect(h.wentTo).toEqual([saved]);
    expect(selectFormUnsaved(h.actor.getSnapshot())).toBe(false);
  });

  it('edit loads the truck; typing the old values back is not a change; saving POSTs with its id', async () => {
    const h = form(7);
    const get = await call(1);
    expect([get.method, get.path]).toEqual(['GET', '/stores/trucks/7']);
    json(get, truck(7));
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    const { id: _id, store_id: _store, ...values } = truck(7);
    expect(h.actor.getSnapshot().context.initial).toEqual(values);

    h.actor.send({ type: 'form.changed', values: { ...values, capacity: 50 } });
    expect(selectFormUnsaved(h.actor.getSnapshot())).toBe(true);
    h.actor.send({ type: 'form.changed', values });
    expect(selectFormUnsaved(h.actor.getSnapshot())).toBe(false);

    h.actor.send({ type: 'form.submit', values: { ...values, capacity: 50 } });
    const post = await call(2);
    expect([post.method, post.body]).toEqual(['POST', { ...values, capacity: 50, id: 7 }]);
    json(post, truck(7, { capacity: 50 }));
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.wentTo).toEqual([truck(7, { capacity: 50 })]);
  });

  it('a failed save keeps every value, says why, and Save sends the same values again', async () => {
    const h = form(null);
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typed });
    await lookedUp(1);
    json(await call(2), { message: 'plate: 9012 XYZ is already the plate of Van 1' }, 409);
    await waitFor(h.actor, (s) => s.matches({ editing: 'failed' }));
    expect(selectFormSaveError(h.actor.getSnapshot())).toEqual({ kind: 'conflict', field: 'plate' });
    expect(h.actor.getSnapshot().context.values).toEqual(typed);
    expect(h.events).toEqual([]);
    expect(h.wentTo).toEqual([]);

    h.actor.send({ type: 'form.submit', values: typed });
    await lookedUp(3);
    json(await call(4), { message: 'down' }, 503);
    await waitFor(h.actor, (s) => s.matches({ editing: 'failed' }) && selectFormSaveError(s)?.kind === 'general');

    h.actor.send({ type: 'form.submit', values: { ...typed, plate: '9013 XYZ' } });
    await lookedUp(5);
    const third = await call(6);
    expect(third.body).toEqual({ ...typed, plate: '9013 XYZ' });
    json(third, truck(12, { ...typed, plate: '9013 XYZ' }), 201);
    await waitFor(h.actor, (s) => s.status === 'done');
  });

  it('a create whose answer is lost is looked for: found among the trucks that were not there before, it is saved ("the answer had been lost")', async () => {
    const h = form(null);
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typed });
    // Van 9 of another day already had the name: not this attempt's truck.
    const older = truck(5, { ...typed, plate: '5555 OLD' });
    await lookedUp(1, [older]);
    (await call(2)).reply.resolve(HttpResponse.error());
    await waitFor(h.actor, (s) => s.matches('checking'));
    expect(selectFormSaving(h.actor.getSnapshot())).toBe(true);
    const saved = truck(12, typed);
    const check = await call(3);
    expect([check.method, check.path, check.query]).toEqual(['GET', '/stores/trucks/maintenance', { search: 'Van 9' }]);
    json(check, [older, saved]);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(h.events).toEqual([{ type: 'truck.saved', at: expect.any(Number), truck: saved }]);
    expect(h.notices).toEqual([{ key: 'common.savedAfterLostAnswer', severity: 'success' }]);
    expect(h.wentTo).toEqual([saved]);
  });

  it('not found after a lost answer: not saved, every value kept, and Save creates it again', async () => {
    const h = form(null);
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typed });
    await lookedUp(1);
    (await call(2)).reply.resolve(HttpResponse.error());
    // Same name, another plate: not what was sent.
    json(await call(3), [truck(13, { ...typed, plate: '1313 NOT' })]);
    await waitFor(h.actor, (s) => s.matches({ editing: 'failed' }));
    expect(selectFormSaveError(h.actor.getSnapshot())).toEqual({ kind: 'notSaved' });
    expect(h.actor.getSnapshot().context.values).toEqual(typed);
    expect(h.events).toEqual([]);

    h.actor.send({ type: 'form.submit', values: typed });
    await lookedUp(4);
    const put = await call(5);
    expect(put.method).toBe('PUT');
    json(put, truck(14, typed), 201);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.notices).toEqual([{ key: 'common.successfullySaved', severity: 'success' }]);
  });

  it('when the check fails too it stays uncertain: Save checks again, and never sends the create blindly', async () => {
    const h = form(null);
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typed });
    await lookedUp(1);
    (await call(2)).reply.resolve(HttpResponse.error());
    (await call(3)).reply.resolve(HttpResponse.error());
    await waitFor(h.actor, (s) => s.matches({ editing: 'uncertain' }));
    expect(selectFormSaveError(h.actor.getSnapshot())).toEqual({ kind: 'unconfirmed' });

    h.actor.send({ type: 'form.submit', values: typed });
    const again = await call(4);
    expect([again.method, again.path]).toEqual(['GET', '/stores/trucks/maintenance']);
    json(again, [truck(12, typed)]);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(h.notices).toEqual([{ key: 'common.savedAfterLostAnswer', severity: 'success' }]);
  });

  it('an edit whose answer is lost is an ordinary failure: sending an update again cannot duplicate', async () => {
    const h = form(7);
    json(await call(1), truck(7));
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: { ...truckValuesOf(truck(7)), capacity: 50 } });
    (await call(2)).reply.resolve(HttpResponse.error());
    await waitFor(h.actor, (s) => s.matches({ editing: 'failed' }));
    expect(selectFormSaveError(h.actor.getSnapshot())).toEqual({ kind: 'general' });
    expect(calls).toHaveLength(2);
  });

  it('a truck that does not load can be retried', async () => {
    const h = form(7);
    json(await call(1), { message: 'Truck 7 not found' }, 404);
    await waitFor(h.actor, (s) => s.matches('loadFailed'));
    expect(h.actor.getSnapshot().context.record).toBeNull();
    h.actor.send({ type: 'form.retryLoad' });
    json(await call(2), truck(7));
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    expect(h.actor.getSnapshot().context.record).toEqual(truck(7));
  });
});

const http = (status: number, message: string) => new ApiError({ kind: 'http', status, message, operation: 'PUT /stores/trucks' });

describe('recordSaveErrorOf: what a failed save tells the form', () => {
  const unique = ['plate', 'name'] as const satisfies ReadonlyArray<keyof TruckFormValues>;

  it('a 409 names the field the server named, else the form’s first unique field', () => {
    expect(recordSaveErrorOf<TruckFormValues>(http(409, 'name: the store already has a truck called Van 1'), unique)).toEqual({ kind: 'conflict', field: 'name' });
    expect(recordSaveErrorOf<TruckFormValues>(http(409, 'plate: 1 is taken'), unique)).toEqual({ kind: 'conflict', field: 'plate' });
    expect(recordSaveErrorOf<TruckFormValues>(http(409, 'Conflict'), unique)).toEqual({ kind: 'conflict', field: 'plate' });
    expect(recordSaveErrorOf<TruckFormValues>(http(409, 'capacity: odd'), [])).toEqual({ kind: 'conflict', field: null });
  });

  it('a 400 carries the server’s message; anything else is general (the same values can be sent again)', () => {
    expect(recordSaveErrorOf<TruckFormValues>(http(400, 'capacity: too big'), unique)).toEqual({ kind: 'refused', message: 'capacity: too big' });
    expect(recordSaveErrorOf<TruckFormValues>(http(500, 'down'), unique)).toEqual({ kind: 'general' });
    expect(recordSaveErrorOf<TruckFormValues>(new ApiError({ kind: 'timeout', message: 'slow', operation: 'PUT /stores/trucks' }), unique)).toEqual({ kind: 'general' });
    expect(recordSaveErrorOf<TruckFormValues>(new Error('boom'), unique)).toEqual({ kind: 'general' });
  });
});
