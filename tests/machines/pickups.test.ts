import { http as route, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type Actor, type AnyActorLogic } from 'xstate';
import { configureHttp } from '../../src/api/http';
import { configureMapServices } from '../../src/api/map-services';
import { withoutApiKey } from '../../src/api/stores';
import { selectLookupOutcome, type Position } from '../../src/machines/pickups/address-lookup.machine';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal } from '../../src/machines/journal/journal';
import { blankPickupValues } from '../../src/machines/pickups/machine';
import { liveAddressLookupMachine, livePickupFormMachine, livePickupsListMachine } from '../../src/machines/pickups/live';
import { selectListPhase } from '../../src/machines/shared/record-list.machine';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { storeProfile, storeProfileWire } from '../../src/machines/path-model/fixtures';
import { pickup, typedPickup } from '../../src/machines/pickups/paths';

/**
 * The live pickup location machines (real journal, snackbar and navigation actions, real calls
 * through src/api/logistics.ts, src/api/stores.ts and src/api/geocoding.ts) against a scripted
 * platform and geocoder: each request waits until the test says what the server answered.
 */
const BASE = 'https://api.pickups.test';
const GEOCODER = 'https://geocoder.pickups.test';

interface Call {
  method: string;
  url: URL;
  body: unknown;
  signal: AbortSignal;
  reply: Deferred<Response>;
}
const calls: Call[] = [];

async function record({ request }: { request: Request }) {
  const body: unknown = request.method === 'PUT' || request.method === 'POST' ? await request.json() : undefined;
  const reply = deferred<Response>();
  calls.push({ method: request.method, url: new URL(request.url), body, signal: request.signal, reply });
  return reply.promise;
}

const server = setupServer(
  route.get(`${BASE}/stores/pickuplocation`, record),
  route.get(`${BASE}/stores/pickuplocation/:id`, record),
  route.delete(`${BASE}/stores/pickuplocation/:id`, record),
  route.put(`${BASE}/stores/pickuplocation`, record),
  route.post(`${BASE}/stores/pickuplocation`, record),
  route.get(`${BASE}/stores/profile/:id`, record),
  route.get(`${GEOCODER}/search`, record),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttp({ baseURL: BASE, session: { accessToken: async () => 'token', tokenRejected: async () => 'token', sessionExpired: () => undefined } });
  configureMapServices({ directionsUrl: 'https://directions.pickups.test', geocoderUrl: GEOCODER });
});
afterAll(() => server.close());

async function call(n: number): Promise<Call> {
  await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(n));
  return calls[n - 1];
}
const json = (c: Call, body: unknown, status = 200) => c.reply.resolve(HttpResponse.json(body as never, { status }));

const started: Array<Actor<AnyActorLogic>> = [];
function startActor<L extends AnyActorLogic>(logic: L, input?: unknown): Actor<L> {
  const actor = createActor(logic, (input === undefined ? {} : { input }) as never);
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

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(async () => {
  for (const actor of started.splice(0)) actor.stop();
  for (const c of calls.splice(0)) c.reply.resolve(HttpResponse.json({ message: 'gone' }, { status: 500 }));
  await settle();
  vi.restoreAllMocks();
});

describe('pickup locations list machine (live, scripted server)', () => {
  it('asks for the store’s locations (a search trimmed); a refused delete says "We have problems, to delete", a done one takes the row out', async () => {
    const h = deps();
    const actor = startActor(livePickupsListMachine(h), { query: { search: ' lola ' } });
    const list = await call(1);
    expect([list.method, list.url.pathname, Object.fromEntries(list.url.searchParams)]).toEqual(['GET', '/stores/pickuplocation', { search: 'lola' }]);
    json(list, [pickup(1), pickup(2)]);
    await waitFor(actor, (s) => selectListPhase(s) === 'ready');
    expect(h.journal.state().pickups).toEqual({ search: ' lola ', items: [pickup(1), pickup(2)], limit: 10, offset: 0, total: 2, loaded: true });

    actor.send({ type: 'list.askDelete', record: pickup(1) });
    actor.send({ type: 'list.confirmDelete' });
    const refused = await call(2);
    expect([refused.method, refused.url.pathname]).toEqual(['DELETE', '/stores/pickuplocation/1']);
    json(refused, { message: 'down' }, 500);
    await waitFor(actor, (s) => s.matches({ mutation: 'idle' }));
    expect(h.notices).toEqual([{ key: 'pickups.deleteFailed', severity: 'error' }]);
    expect(h.journal.state().pickups.items).toEqual([pickup(1), pickup(2)]);

    actor.send({ type: 'list.askDelete', record: pickup(1) });
    actor.send({ type: 'list.confirmDelete' });
    json(await call(3), { ok: true });
    await waitFor(actor, (s) => s.matches({ mutation: 'idle' }));
    expect(h.events.map((e) => e.type)).toEqual(['pickups.loaded', 'pickup.deleted']);
    expect(h.journal.state().pickups).toMatchObject({ items: [pickup(2)], total: 1 });
  });
});

function form(recordId: number | null, journal = createJournal()) {
  const h = { ...deps(), journal };
  const events: DomainEvent[] = [];
  journal.subscribe((event) => events.push(event));
  let wentToList = 0;
  const actor = startActor(livePickupFormMachine({ ...h, goToList: () => (wentToList += 1) }), { recordId, storeId: 1 });
  return { ...h, events, actor, wentToList: () => wentToList };
}

const profile = (country: string) => storeProfile({ id: 1, address: { address_print: 'Rua 1', city: 'Porto', country, postal_code: '4000' } });

describe('pickup location form machine (live, scripted server)', () => {

  it('a new location starts in the country of the store’s profile the journal holds (no call)', async () => {
    const journal = createJournal();
    journal.append({ type: 'store.profileLoaded', at: 1, profile: withoutApiKey(profile('PT')) });
    const h = form(null, journal);
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    expect(h.actor.getSnapshot().context.initial).toEqual(blankPickupValues('PT'));
    expect(calls).toHaveLength(0);
  });

  it('without the profile in the journal it asks for it; if that fails the country is left to choose', async () => {
    const h = form(null);
    const get = await call(1);
    expect(get.url.pathname).toBe('/stores/profile/1');
    json(get, storeProfileWire({ id: 1, address: { address_print: 'Rua 1', city: 'Porto', country: 'PT', postal_code: '4000' } }));
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    expect(h.actor.getSnapshot().context.initial?.country).toBe('PT');

    const failing = form(null);
    json(await call(2), { message: 'down' }, 503);
    await waitFor(failing.actor, (s) => s.matches({ editing: 'idle' }));
    expect(failing.actor.getSnapshot().context.initial).toEqual(blankPickupValues(''));
  });

  it('saving a new location PUTs the values, records pickup.saved and goes back to the list; an edit POSTs with its id', async () => {
    const journal = createJournal();
    journal.append({ type: 'store.profileLoaded', at: 1, profile: withoutApiKey(profile('ES')) });
    const h = form(null, journal);
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typedPickup });
    // First the locations that already look like it (a lost answer is then told apart from them).
    const before = await call(1);
    expect([before.method, before.url.pathname, Object.fromEntries(before.url.searchParams)]).toEqual(['GET', '/stores/pickuplocation', { search: typedPickup.name }]);
    json(before, []);
    const put = await call(2);
    expect([put.method, put.body]).toEqual(['PUT', typedPickup]);
    json(put, pickup(31, typedPickup), 201);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.events.at(-1)).toEqual({ type: 'pickup.saved', at: expect.any(Number), pickup: pickup(31, typedPickup) });
    expect(h.notices).toEqual([{ key: 'common.successfullySaved', severity: 'success' }]);
    expect(h.wentToList()).toBe(1);

    const edit = form(5);
    const get = await call(3);
    expect(get.url.pathname).toBe('/stores/pickuplocation/5');
    json(get, pickup(5));
    await waitFor(edit.actor, (s) => s.matches({ editing: 'idle' }));
    const { id: _id, store_id: _store, ...values } = pickup(5);
    expect(edit.actor.getSnapshot().context.initial).toEqual(values);
    edit.actor.send({ type: 'form.submit', values: { ...values, opening_hours: 'Sat 10:00–14:00' } });
    const post = await call(4);
    expect([post.method, post.body]).toEqual(['POST', { ...values, opening_hours: 'Sat 10:00–14:00', id: 5 }]);
  });

  it('a create whose answer is lost is looked for: found, it is saved and the notice says the answer had been lost', async () => {
    const journal = createJournal();
    journal.append({ type: 'store.profileLoaded', at: 1, profile: withoutApiKey(profile('ES')) });
    const h = form(null, journal);
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typedPickup });
    const known = pickup(4, typedPickup);
    json(await call(1), [known]);
    (await call(2)).reply.resolve(HttpResponse.error());
    const check = await call(3);
    expect([check.method, check.url.pathname]).toEqual(['GET', '/stores/pickuplocation']);
    json(check, [known, pickup(31, typedPickup)]);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.events.at(-1)).toEqual({ type: 'pickup.saved', at: expect.any(Number), pickup: pickup(31, typedPickup) });
    expect(h.notices).toEqual([{ key: 'common.savedAfterLostAnswer', severity: 'success' }]);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('only the location that was there before matches: not saved, and the values are kept', async () => {
    const journal = createJournal();
    journal.append({ type: 'store.profileLoaded', at: 1, profile: withoutApiKey(profile('ES')) });
    const h = form(null, journal);
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typedPickup });
    json(await call(1), [pickup(4, typedPickup)]);
    (await call(2)).reply.resolve(HttpResponse.error());
    json(await call(3), [pickup(4, typedPickup)]);
    await waitFor(h.actor, (s) => s.matches({ editing: 'failed' }));
    expect(h.actor.getSnapshot().context.error).toEqual({ kind: 'notSaved' });
    expect(h.actor.getSnapshot().context.values).toEqual(typedPickup);
  });
});

function lookup() {
  const actor = startActor(liveAddressLookupMachine());
  const found: Position[] = [];
  actor.on('lookup.found', ({ position }) => found.push(position));
  return { actor, found };
}

describe('address look-up machine (live, scripted geocoder)', () => {
  const near = { lat: 39.47, lon: -0.376 };


  it('asks the geocoder for the address in its country, near the store; a match is emitted for the form', async () => {
    const { actor, found } = lookup();
    actor.send({ type: 'lookup.find', address: '  Carrer de Sueca 27 ', country: 'ES', near });
    expect(selectLookupOutcome(actor.getSnapshot())).toBe('finding');
    const search = await call(1);
    expect(search.url.origin).toBe(GEOCODER);
    expect(Object.fromEntries(search.url.searchParams)).toMatchObject({ q: 'Carrer de Sueca 27', countrycodes: 'es', limit: '1', format: 'jsonv2' });
    expect(search.url.searchParams.get('viewbox')).toBeTruthy();
    json(search, [{ lat: '39.46228', lon: '-0.37372', display_name: 'Carrer de Sueca 27' }]);
    await waitFor(actor, (s) => selectLookupOutcome(s) === 'found');
    expect(found).toEqual([{ lat: 39.46228, lon: -0.37372 }]);
    expect(actor.getSnapshot().context.found).toEqual({ lat: 39.46228, lon: -0.37372 });
  });

  it('nothing found says so; a geocoder that does not answer says that; neither moves the marker', async () => {
    const { actor, found } = lookup();
    actor.send({ type: 'lookup.find', address: 'Nowhere 1', country: 'ES' });
    json(await call(1), []);
    await waitFor(actor, (s) => selectLookupOutcome(s) === 'notFound');
    actor.send({ type: 'lookup.find', address: 'Nowhere 1', country: 'ES' });
    json(await call(2), { message: 'down' }, 503);
    await waitFor(actor, (s) => selectLookupOutcome(s) === 'failed');
    expect(found).toEqual([]);
    actor.send({ type: 'lookup.dismiss' });
    expect(selectLookupOutcome(actor.getSnapshot())).toBe('idle');
  });

  it('a blank address asks nothing; a newer look-up or a map click drops the older one’s answer', async () => {
    const { actor, found } = lookup();
    actor.send({ type: 'lookup.find', address: '   ', country: 'ES' });
    await settle();
    expect(calls).toHaveLength(0);
    expect(selectLookupOutcome(actor.getSnapshot())).toBe('idle');

    actor.send({ type: 'lookup.find', address: 'First street', country: 'ES' });
    const first = await call(1);
    actor.send({ type: 'lookup.find', address: 'Second street', country: 'ES' });
    const second = await call(2);
    await vi.waitFor(() => expect(first.signal.aborted).toBe(true));
    json(first, [{ lat: '1', lon: '1' }]);
    json(second, [{ lat: '2', lon: '2' }]);
    await waitFor(actor, (s) => selectLookupOutcome(s) === 'found');
    expect(found).toEqual([{ lat: 2, lon: 2 }]);

    actor.send({ type: 'lookup.find', address: 'Third street', country: 'ES' });
    const third = await call(3);
    actor.send({ type: 'lookup.dismiss' });
    json(third, [{ lat: '3', lon: '3' }]);
    await settle();
    expect(selectLookupOutcome(actor.getSnapshot())).toBe('idle');
    expect(found).toEqual([{ lat: 2, lon: 2 }]);
  });
});
