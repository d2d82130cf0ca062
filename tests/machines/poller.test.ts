import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { PagedList } from '../../src/api/codecs';
import type { Offer } from '../../src/api/offers';
import { OFFERS_POLL_MS } from '../../src/lib/constants';
import { createJournal } from '../../src/machines/journal/journal';
import type { OffersPageRequest } from '../../src/machines/offers/list.machine';
import { liveOffersListMachine } from '../../src/machines/offers/live';
import { offer, offersPageOf } from '../../src/machines/offers/list.paths';
import { pollerMachine } from '../../src/machines/shared/poller.machine';
import { deferred, settle, type Deferred } from '../support/deferred';

/**
 * The poller every polling flow runs as its child (shared/poller.machine.ts): when the next poll
 * is due, with the back-off, and the browser tab's visibility, under fake timers and the real
 * document visibility watcher.
 */
const INTERVAL = 10_000;

let visibility: DocumentVisibilityState = 'visible';
/** The browser tab hides or shows, as the browser tells the page. */
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A poller whose flow only writes down what it is told. */
function harness() {
  const told: string[] = [];
  const flow = createActor(fromCallback<EventObject>(({ receive }) => receive((event) => told.push(event.type)))).start();
  const poller = createActor(pollerMachine, { input: { parent: flow, intervalMs: INTERVAL, pause: 'flow.pause', resume: 'flow.resume' } });
  return { told, poller };
}

describe('the poller', () => {
  it('says nothing until its flow waits for a poll; then the poll is due one interval later', () => {
    const { told, poller } = harness();
    poller.start();
    vi.advanceTimersByTime(10 * INTERVAL);
    expect(told).toEqual([]);
    poller.send({ type: 'poller.schedule' });
    vi.advanceTimersByTime(INTERVAL - 1);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told).toEqual(['poller.due']);
    // Once: the flow schedules again when it waits for the next one.
    vi.advanceTimersByTime(10 * INTERVAL);
    expect(told).toEqual(['poller.due']);
    poller.stop();
  });

  it('backs off with the failures the flow counts: the interval doubled per failure, four times it at most', () => {
    const { told, poller } = harness();
    poller.start();
    const waitFor = (failures: number) => {
      const before = told.length;
      poller.send({ type: 'poller.schedule', failures });
      let waited = 0;
      while (told.length === before) {
        vi.advanceTimersByTime(1000);
        waited += 1000;
      }
      return waited;
    };
    expect([0, 1, 2, 3].map(waitFor)).toEqual([10_000, 20_000, 40_000, 40_000]);
    poller.stop();
  });

  it('another schedule restarts the wait (the flow has just polled)', () => {
    const { told, poller } = harness();
    poller.start();
    poller.send({ type: 'poller.schedule' });
    vi.advanceTimersByTime(INTERVAL - 1000);
    poller.send({ type: 'poller.schedule' });
    vi.advanceTimersByTime(INTERVAL - 1);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told).toEqual(['poller.due']);
    poller.stop();
  });

  it('hidden, it tells the flow to pause and nothing is due however long; shown again, it tells the flow to resume', () => {
    const { told, poller } = harness();
    poller.start();
    poller.send({ type: 'poller.schedule' });
    setVisibility('hidden');
    expect(told).toEqual(['flow.pause']);
    poller.send({ type: 'poller.schedule' });
    vi.advanceTimersByTime(10 * INTERVAL);
    expect(told).toEqual(['flow.pause']);
    setVisibility('visible');
    // The flow polls at once on its resume event, and schedules again after.
    expect(told).toEqual(['flow.pause', 'flow.resume']);
    vi.advanceTimersByTime(10 * INTERVAL);
    expect(told).toEqual(['flow.pause', 'flow.resume']);
    poller.stop();
  });

  it('started in a hidden tab, it tells the flow to pause at once', () => {
    visibility = 'hidden';
    const { told, poller } = harness();
    poller.start();
    expect(told).toEqual(['flow.pause']);
    poller.stop();
  });

  it('stops with its flow: nothing is due after', () => {
    const { told, poller } = harness();
    poller.start();
    poller.send({ type: 'poller.schedule' });
    poller.stop();
    vi.advanceTimersByTime(10 * INTERVAL);
    setVisibility('hidden');
    expect(told).toEqual([]);
  });
});

/** The live offers list, each load waiting on an answer the test gives. */
function offersList() {
  const loads: Array<Deferred<PagedList<Offer>>> = [];
  const machine = liveOffersListMachine({ journal: createJournal(), notify: () => {} }).provide({
    actors: {
      loadPage: fromPromise<PagedList<Offer>, OffersPageRequest>(() => {
        const reply = deferred<PagedList<Offer>>();
        loads.push(reply);
        return reply.promise;
      }),
    },
  });
  return { loads, actor: createActor(machine, { input: { storeId: 7, filter: 'all', page: 0 } }) };
}

describe('a polling flow follows the tab through its poller, with no screen involved', () => {
  it('the offers list pauses while the tab is hidden and polls at once when it shows again', async () => {
    const { loads, actor } = offersList();
    actor.start();
    loads[0].resolve(offersPageOf([offer(1)]));
    await settle();
    expect(actor.getSnapshot().matches({ list: { ready: 'waiting' } })).toBe(true);
    setVisibility('hidden');
    expect(actor.getSnapshot().matches({ list: { ready: 'paused' } })).toBe(true);
    expect(actor.getSnapshot().context.hidden).toBe(true);
    vi.advanceTimersByTime(10 * OFFERS_POLL_MS);
    expect(loads).toHaveLength(1);
    setVisibility('visible');
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().matches({ list: { ready: 'polling' } })).toBe(true);
    loads[1].resolve(offersPageOf([offer(1)]));
    await settle();
    vi.advanceTimersByTime(OFFERS_POLL_MS);
    expect(loads).toHaveLength(3);
    actor.stop();
  });

  it('opened in a hidden tab, the offers list loads its page and then waits for the tab', async () => {
    visibility = 'hidden';
    const { loads, actor } = offersList();
    actor.start();
    loads[0].resolve(offersPageOf([offer(1)]));
    await settle();
    expect(actor.getSnapshot().matches({ list: { ready: 'paused' } })).toBe(true);
    vi.advanceTimersByTime(10 * OFFERS_POLL_MS);
    expect(loads).toHaveLength(1);
    actor.stop();
  });
});
