import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PagedList } from '../../src/api/codecs';
import type { Delivery } from '../../src/api/logistics';
// Aliased: the name `setClock` trips the React hooks lint rule, and this is no hook.
import { manualClock, setClock } from '../../src/lib/clock';
import { accountsListMachine, type AccountsPageRequest } from '../../src/machines/accounts/list.machine';
import { deliverySearchOf, type DeliveriesPageRequest } from '../../src/machines/deliveries/list.machine';
import { deliveriesOfDay, DELIVERY_MAP_PAGE_LIMIT, liveDeliveriesListMachine, liveDeliveryMapMachine } from '../../src/machines/deliveries/live';
import { DELIVERY_MAP_POLL_MAX_MS, DELIVERY_MAP_POLL_MS, deliveryMapPollDelayMs, selectDeliveryMapStale, type TodayDeliveries } from '../../src/machines/deliveries/map.machine';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal } from '../../src/machines/journal/journal';
import { API, connectHttpToTestBackend, setupTestBackend } from '../mocks/support';
import { account, accountsPageOf, ALL_ACCOUNTS, DEVICES_TILL } from '../../src/machines/accounts/list.paths';
import { deferred, settle, type Deferred } from '../support/deferred';
import { delivery, deliveriesPageOf, deliveryWire, NARROW_FILTER, NO_FILTER } from '../../src/machines/deliveries/list.paths';

/**
 * The delivery machines with their live wiring (real journal, real guards and record actions)
 * and scripted server effects: every call waits on a deferred the test settles.
 */
const backend = setupTestBackend();

function recorder(journal: ReturnType<typeof createJournal>) {
  const events: DomainEvent[] = [];
  journal.subscribe((event) => events.push(event));
  return events;
}

function listHarness() {
  const journal = createJournal();
  const events = recorder(journal);
  const loads: Array<{ input: DeliveriesPageRequest; reply: Deferred<PagedList<Delivery>> }> = [];
  const trucks: Array<Deferred<string[]>> = [];
  const machine = liveDeliveriesListMachine({ journal }).provide({
    actors: {
      loadPage: fromPromise<PagedList<Delivery>, DeliveriesPageRequest>(({ input }) => {
        const reply = deferred<PagedList<Delivery>>();
        loads.push({ input, reply });
        return reply.promise;
      }),
      loadTrucks: fromPromise<string[], void>(() => {
        const reply = deferred<string[]>();
        trucks.push(reply);
        return reply.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { filter: NO_FILTER, page: 0 } }).start();
  return { journal, events, loads, trucks, actor };
}

describe('delivery orders list (live wiring)', () => {
  it('journals a page once: loading the same page again reaches neither the journal nor React', async () => {
    const { events, loads, actor, journal } = listHarness();
    const page = deliveriesPageOf([delivery(1), delivery(2)], 30);
    loads[0].reply.resolve(page);
    await settle();
    expect(events).toEqual([{ type: 'deliveries.loaded', at: expect.any(Number), filter: NO_FILTER, page }]);
    expect(journal.state().deliveries).toMatchObject({ total: 30, loaded: true, filter: NO_FILTER });

    actor.send({ type: 'deliveries.show', filter: NO_FILTER, page: 0 });
    loads[1].reply.resolve(structuredClone(page));
    await settle();
    expect(events).toHaveLength(1);
  });

  it('asks for the page the filter and page name (12 cards a page), the days as whole local days', async () => {
    const { loads, actor } = listHarness();
    actor.send({ type: 'deliveries.show', filter: NARROW_FILTER, page: 2 });
    expect(loads[1].input).toEqual({
      search: {
        status: 'assigned',
        dateFrom: new Date(2025, 0, 1).getTime(),
        dateTo: new Date(2025, 0, 7).getTime() - 1000,
        truck: 'Van 1',
        text: 'ana',
      },
      limit: 12,
      offset: 24,
    });
    expect(deliverySearchOf(NO_FILTER)).toEqual({});
    expect(deliverySearchOf({ ...NO_FILTER, text: '   ', truck: '' })).toEqual({});
  });

  it('a newer filter replaces a load still running: only its page is journalled', async () => {
    const { loads, actor, events } = listHarness();
    actor.send({ type: 'deliveries.show', filter: NARROW_FILTER, page: 0 });
    loads[0].reply.resolve(deliveriesPageOf([delivery(1)]));
    loads[1].reply.resolve(deliveriesPageOf([delivery(2)]));
    await settle();
    expect(events.map((e) => (e as { filter?: unknown }).filter)).toEqual([NARROW_FILTER]);
  });

  it('loads the trucks the first time the filters open, and not again once it has them', async () => {
    const { trucks, actor } = listHarness();
    expect(trucks).toHaveLength(0);
    actor.send({ type: 'deliveries.needTrucks' });
    trucks[0].reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().matches({ trucks: 'failed' })).toBe(true);
    actor.send({ type: 'deliveries.needTrucks' });
    trucks[1].resolve(['Van 1', 'Van 2']);
    await settle();
    actor.send({ type: 'deliveries.needTrucks' });
    expect(trucks).toHaveLength(2);
    expect(actor.getSnapshot().context.trucks).toEqual(['Van 1', 'Van 2']);
  });
});

function mapHarness() {
  const journal = createJournal();
  const events = recorder(journal);
  const loads: Array<{ day: string; reply: Deferred<TodayDeliveries> }> = [];
  const machine = liveDeliveryMapMachine({ journal }).provide({
    actors: {
      loadToday: fromPromise<TodayDeliveries, { day: string }>(({ input }) => {
        const reply = deferred<TodayDeliveries>();
        loads.push({ day: input.day, reply });
        return reply.promise;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { journal, events, loads, actor };
}

describe('delivery map (live wiring)', () => {
  // 2026-11-22 23:59:00 local: the map crosses midnight during these tests.
  const START = new Date(2026, 10, 22, 23, 58, 0).getTime();
  let clock: ReturnType<typeof manualClock>;
  let restoreClock: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clock = manualClock(START);
    restoreClock = setClock(clock);
  });
  afterEach(() => {
    restoreClock();
    vi.useRealTimers();
  });

  async function wait(ms: number) {
    clock.advance(ms);
    await vi.advanceTimersByTimeAsync(ms);
    await settle();
  }

  it('refreshes every 30 s; an unchanged day reaches neither the journal nor the map, a changed one does', async () => {
    const { loads, events, actor } = mapHarness();
    const first = { day: '2026-11-22', deliveries: [delivery(1)] };
    loads[0].reply.resolve(first);
    await settle();
    expect(events).toHaveLength(1);
    expect(actor.getSnapshot().context.refreshedAt).toBe(START);

    await wait(DELIVERY_MAP_POLL_MS - 1);
    expect(loads).toHaveLength(1);
    await wait(1);
    expect(loads).toHaveLength(2);
    loads[1].reply.resolve(structuredClone(first));
    await settle();
    expect(events).toHaveLength(1);
    // Heard from the server, even though nothing changed.
    expect(actor.getSnapshot().context.refreshedAt).toBe(START + DELIVERY_MAP_POLL_MS);

    await wait(DELIVERY_MAP_POLL_MS);
    loads[2].reply.resolve({ day: '2026-11-22', deliveries: [delivery(1, { delivery_status: 'delivered' })] });
    await settle();
    expect(events.map((e) => e.type)).toEqual(['deliveries.todayLoaded', 'deliveries.todayLoaded']);
  });

  it('asks for the new day after midnight', async () => {
    const { loads } = mapHarness();
    // 23:58:00, then a refresh every 30 s: the fourth is at 00:00:00.
    for (let refresh = 0; refresh < 4; refresh++) {
      loads.at(-1)!.reply.resolve({ day: loads.at(-1)!.day, deliveries: [] });
      await settle();
      await wait(DELIVERY_MAP_POLL_MS);
    }
    expect(loads.map((load) => load.day)).toEqual(['2026-11-22', '2026-11-22', '2026-11-22', '2026-11-22', '2026-11-23']);
  });

  it('backs off on failed refreshes (30 s → 60 s → 120 s, no longer) and keeps the map, marked stale', async () => {
    const { loads, actor, journal } = mapHarness();
    loads[0].reply.resolve({ day: '2026-11-22', deliveries: [delivery(1)] });
    await settle();
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = loads.length;
      let waited = 0;
      while (loads.length === before) {
        await wait(1000);
        waited += 1000;
      }
      waits.push(waited);
      loads.at(-1)!.reply.reject(new Error('offline'));
      await settle();
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 120_000]);
    expect(deliveryMapPollDelayMs(10)).toBe(DELIVERY_MAP_POLL_MAX_MS);
    expect(selectDeliveryMapStale(actor.getSnapshot())).toBe(true);
    expect(journal.state().deliveriesToday.items).toHaveLength(1);
  });

  it('asks nothing while the tab is hidden, and refreshes at once when it shows again', async () => {
    const { loads, actor } = mapHarness();
    loads[0].reply.resolve({ day: '2026-11-22', deliveries: [] });
    await settle();
    actor.send({ type: 'map.pause' });
    await wait(10 * DELIVERY_MAP_POLL_MS);
    expect(loads).toHaveLength(1);
    actor.send({ type: 'map.resume' });
    await settle();
    expect(loads).toHaveLength(2);
  });

  it('a failed first load tries again on its own after the wait, unless the tab is hidden', async () => {
    const { loads, actor } = mapHarness();
    loads[0].reply.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    await wait(DELIVERY_MAP_POLL_MS * 2);
    expect(loads).toHaveLength(2);
    actor.send({ type: 'map.pause' });
    loads[1].reply.reject(new Error('offline'));
    await settle();
    await wait(DELIVERY_MAP_POLL_MAX_MS * 2);
    expect(loads).toHaveLength(2);
    actor.send({ type: 'map.resume' });
    await settle();
    expect(loads).toHaveLength(3);
  });
});

describe('deliveriesOfDay: every delivery of a day, page after page', () => {
  beforeEach(() => connectHttpToTestBackend(backend));

  it('asks for pages of 200 until the total is reached, with the day’s bounds', async () => {
    const all = Array.from({ length: 450 }, (_, i) => deliveryWire(i + 1));
    const asked: Array<{ limit: number; offset: number; body: unknown }> = [];
    backend.current.server.use(
      http.post(`${API}/stores/delivery/search`, async ({ request }) => {
        const url = new URL(request.url);
        const limit = Number(url.searchParams.get('limit'));
        const offset = Number(url.searchParams.get('offset'));
        asked.push({ limit, offset, body: await request.json() });
        return HttpResponse.json({ data: all.slice(offset, offset + limit), limit, offset, total: all.length });
      }),
    );
    const deliveries = await deliveriesOfDay('2026-11-22');
    expect(deliveries.map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(asked.map(({ limit, offset }) => [limit, offset])).toEqual([
      [DELIVERY_MAP_PAGE_LIMIT, 0],
      [DELIVERY_MAP_PAGE_LIMIT, 200],
      [DELIVERY_MAP_PAGE_LIMIT, 400],
    ]);
    expect(asked[0].body).toEqual({
      date_from: new Date(2026, 10, 22).getTime() / 1000,
      date_to: new Date(2026, 10, 23).getTime() / 1000 - 1,
    });
  });
});

describe('User/Devices list', () => {
  it('keeps the page on screen while another loads, and a newer request replaces an older one', async () => {
    const loads: Array<{ input: AccountsPageRequest; reply: Deferred<PagedList<ReturnType<typeof account>>> }> = [];
    const machine = accountsListMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }: { input: AccountsPageRequest }) => {
          const reply = deferred<PagedList<ReturnType<typeof account>>>();
          loads.push({ input, reply });
          return reply.promise;
        }),
      },
    });
    const actor = createActor(machine, { input: { filter: ALL_ACCOUNTS, page: 0 } }).start();
    const first = accountsPageOf([account(1)], 1);
    loads[0].reply.resolve(first);
    await settle();
    actor.send({ type: 'accounts.show', filter: DEVICES_TILL, page: 1 });
    expect(actor.getSnapshot().context.list).toBe(first);
    expect(loads[1].input).toEqual({ filter: DEVICES_TILL, limit: 10, offset: 10 });
    actor.send({ type: 'accounts.show', filter: DEVICES_TILL, page: 0 });
    loads[1].reply.resolve(accountsPageOf([account(2)], 11, 10));
    const latest = accountsPageOf([account(3, { kind: 'device', holder: 'Till 1' })], 11);
    loads[2].reply.resolve(latest);
    await settle();
    expect(actor.getSnapshot().context.list).toBe(latest);
  });
});
