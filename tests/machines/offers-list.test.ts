import { holdsPage } from '../../src/machines/journal/projections';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PagedList } from '../../src/api/codecs';
import { OfferSchema, type ItemStatus, type Offer } from '../../src/api/offers';
import { OFFERS_POLL_MS } from '../../src/lib/constants';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal, type Journal } from '../../src/machines/journal/journal';
import { liveOffersListMachine } from '../../src/machines/offers/live';
import { OFFERS_POLL_MAX_MS, pollDelayMs, type OffersPageRequest } from '../../src/machines/offers/list.machine';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { offerWire } from '../../src/machines/path-model/fixtures';

const offer = (id: number, status = 1): Offer => OfferSchema.parse(offerWire({ id, name: `Offer ${id}`, status }));
const pageOf = (offers: Offer[], total = offers.length, offset = 0): PagedList<Offer> => ({ data: offers, limit: 10, offset, total });

/**
 * The live machine (real journal guard and actions) with scripted server effects: every call
 * waits on a deferred the test settles, so each test says what the server answered and when.
 */
function harness(input: { filter?: 'all' | 'active'; page?: number } = {}) {
  const journal = createJournal();
  const notices: SnackbarRequest[] = [];
  const calls = { load: [] as Array<{ input: OffersPageRequest; reply: Deferred<PagedList<Offer>> }>, delete: [] as Array<{ id: number; reply: Deferred<void> }>, status: [] as Array<{ id: number; status: ItemStatus; reply: Deferred<Offer> }> };
  const machine = liveOffersListMachine({ journal, notify: (m) => notices.push(m) }).provide({
    actors: {
      loadPage: fromPromise<PagedList<Offer>, OffersPageRequest>(({ input: request }) => {
        const reply = deferred<PagedList<Offer>>();
        calls.load.push({ input: request, reply });
        return reply.promise;
      }),
      deleteOffer: fromPromise<void, { id: number }>(({ input: { id } }) => {
        const reply = deferred<void>();
        calls.delete.push({ id, reply });
        return reply.promise;
      }),
      setStatus: fromPromise<Offer, { id: number; status: ItemStatus }>(({ input: { id, status } }) => {
        const reply = deferred<Offer>();
        calls.status.push({ id, status, reply });
        return reply.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { storeId: 7, filter: input.filter ?? 'all', page: input.page ?? 0 } });
  const events: DomainEvent[] = [];
  journal.subscribe((event) => events.push(event));
  const lastLoad = () => calls.load[calls.load.length - 1];
  return { journal, notices, calls, actor, events, lastLoad };
}

const offersOf = (journal: Journal) => journal.state().offers;
const names = (journal: Journal) => offersOf(journal).items.map((o) => o.id);

/** A harness whose first page arrived (three offers). */
async function loaded(first = pageOf([offer(1), offer(2), offer(3)], 3)) {
  const h = harness();
  h.actor.start();
  expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
  expect(h.lastLoad().input).toEqual({ storeId: 7, filter: 'all', limit: 10, offset: 0 });
  h.lastLoad().reply.resolve(first);
  await settle();
  return h;
}

describe('offers list machine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The live machine logs failed loads (spec section 8); these tests fail loads on purpose.
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('loads the page the URL names and records it in the journal', async () => {
    const h = harness({ filter: 'active', page: 2 });
    h.actor.start();
    expect(h.lastLoad().input).toEqual({ storeId: 7, filter: 'active', limit: 10, offset: 20 });
    h.lastLoad().reply.resolve(pageOf([offer(21)], 21, 20));
    await settle();
    expect(h.actor.getSnapshot().matches({ list: { ready: 'waiting' } })).toBe(true);
    expect(h.events.map((e) => e.type)).toEqual(['offers.loaded']);
    expect(offersOf(h.journal)).toMatchObject({ filter: 'active', offset: 20, total: 21, loaded: true });
  });

  it('an identical poll appends nothing; a changed one appends the new page', async () => {
    const h = await loaded();
    vi.advanceTimersByTime(OFFERS_POLL_MS);
    expect(h.actor.getSnapshot().matches({ list: { ready: 'polling' } })).toBe(true);
    // The same offers, as fresh objects: equality is structural, not by reference.
    h.lastLoad().reply.resolve(pageOf([offer(1), offer(2), offer(3)], 3));
    await settle();
    expect(h.events).toHaveLength(1);

    vi.advanceTimersByTime(OFFERS_POLL_MS);
    h.lastLoad().reply.resolve(pageOf([offer(1), offer(2), offer(3, 0)], 3));
    await settle();
    expect(h.events.map((e) => e.type)).toEqual(['offers.loaded', 'offers.loaded']);
    expect(offersOf(h.journal).items[2].status).toBe(0);
  });

  it('a failed first load is the failed state, and Retry loads again', async () => {
    const h = harness();
    h.actor.start();
    h.lastLoad().reply.reject(new Error('500'));
    await settle();
    expect(h.actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(h.events).toEqual([]);
    h.actor.send({ type: 'offers.retry' });
    expect(h.calls.load).toHaveLength(2);
    h.lastLoad().reply.resolve(pageOf([offer(1)]));
    await settle();
    expect(h.actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
  });

  it('failed polls keep the page and back off 20 s → 40 s → 80 s, capped; a good poll resets it', async () => {
    expect([0, 1, 2, 3, 9].map(pollDelayMs)).toEqual([20_000, 40_000, 80_000, 80_000, 80_000]);
    expect(OFFERS_POLL_MAX_MS).toBe(80_000);
    const h = await loaded();
    const failPoll = async (wait: number) => {
      vi.advanceTimersByTime(wait - 1);
      expect(h.actor.getSnapshot().matches({ list: { ready: 'waiting' } })).toBe(true);
      vi.advanceTimersByTime(1);
      expect(h.actor.getSnapshot().matches({ list: { ready: 'polling' } })).toBe(true);
      h.lastLoad().reply.reject(new Error('offline'));
      await settle();
    };
    await failPoll(20_000);
    expect(h.actor.getSnapshot().context.failures).toBe(1);
    expect(names(h.journal)).toEqual([1, 2, 3]);
    await failPoll(40_000);
    await failPoll(80_000);
    await failPoll(80_000);
    expect(h.actor.getSnapshot().context.failures).toBe(2);
    vi.advanceTimersByTime(80_000);
    h.lastLoad().reply.resolve(pageOf([offer(1), offer(2), offer(3)], 3));
    await settle();
    expect(h.actor.getSnapshot().context.failures).toBe(0);
    expect(h.events).toHaveLength(1);
  });

  it('pauses while the tab is hidden and polls at once when it shows again', async () => {
    const h = await loaded();
    h.actor.send({ type: 'offers.pause' });
    expect(h.actor.getSnapshot().matches({ list: { ready: 'paused' } })).toBe(true);
    vi.advanceTimersByTime(10 * OFFERS_POLL_MS);
    expect(h.calls.load).toHaveLength(1);
    h.actor.send({ type: 'offers.resume' });
    expect(h.calls.load).toHaveLength(2);
    expect(h.actor.getSnapshot().matches({ list: { ready: 'polling' } })).toBe(true);
  });

  it('hidden before the first page arrives: loads it, then waits for the tab', async () => {
    const h = harness();
    h.actor.start();
    h.actor.send({ type: 'offers.pause' });
    h.lastLoad().reply.resolve(pageOf([offer(1)]));
    await settle();
    expect(h.actor.getSnapshot().matches({ list: { ready: 'paused' } })).toBe(true);
  });

  it('stops polling when the actor stops (the screen unmounts)', async () => {
    const h = await loaded();
    h.actor.stop();
    vi.advanceTimersByTime(10 * OFFERS_POLL_MS);
    expect(h.calls.load).toHaveLength(1);
  });

  it('deletes optimistically after the confirmation, and refreshes the page after', async () => {
    const h = await loaded();
    const [, second] = offersOf(h.journal).items;
    h.actor.send({ type: 'offers.askDelete', offer: second, index: 1 });
    expect(h.actor.getSnapshot().matches({ mutation: 'confirmingDelete' })).toBe(true);
    expect(names(h.journal)).toEqual([1, 2, 3]);
    h.actor.send({ type: 'offers.confirmDelete' });
    expect(names(h.journal)).toEqual([1, 3]);
    expect(h.calls.delete.map((c) => c.id)).toEqual([2]);
    h.calls.delete[0].reply.resolve();
    await settle();
    expect(h.actor.getSnapshot().matches({ mutation: 'idle', list: { ready: 'polling' } })).toBe(true);
    expect(h.notices).toEqual([]);
  });

  it('a refused delete brings the offer back at its index and says "Error on delete"', async () => {
    const h = await loaded();
    const second = offersOf(h.journal).items[1];
    h.actor.send({ type: 'offers.askDelete', offer: second, index: 1 });
    h.actor.send({ type: 'offers.confirmDelete' });
    h.calls.delete[0].reply.reject(new Error('409'));
    await settle();
    expect(names(h.journal)).toEqual([1, 2, 3]);
    expect(h.events.map((e) => e.type)).toEqual(['offers.loaded', 'offer.deleted', 'offer.deleteRefused']);
    expect(h.notices).toEqual([{ key: 'offers.deleteFailed', severity: 'error' }]);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const h = await loaded();
    h.actor.send({ type: 'offers.askDelete', offer: offersOf(h.journal).items[0], index: 0 });
    h.actor.send({ type: 'offers.cancelDelete' });
    expect(h.calls.delete).toEqual([]);
    expect(h.actor.getSnapshot().context.deleting).toBeNull();
  });

  it('changes the status at once, and puts it back with "Error on change status offer" on failure', async () => {
    const h = await loaded();
    h.actor.send({ type: 'offers.setStatus', offer: offersOf(h.journal).items[0], status: 0 });
    expect(offersOf(h.journal).items[0].status).toBe(0);
    h.calls.status[0].reply.resolve(offer(1, 0));
    await settle();
    expect(offersOf(h.journal).items[0].status).toBe(0);

    h.actor.send({ type: 'offers.setStatus', offer: offersOf(h.journal).items[0], status: 1 });
    expect(offersOf(h.journal).items[0].status).toBe(1);
    h.calls.status[1].reply.reject(new Error('500'));
    await settle();
    expect(offersOf(h.journal).items[0].status).toBe(0);
    expect(h.notices).toEqual([{ key: 'offers.statusFailed', severity: 'error' }]);
  });

  it('does not record a poll answered while a change is under way (it may predate it)', async () => {
    const h = await loaded();
    h.actor.send({ type: 'offers.setStatus', offer: offersOf(h.journal).items[0], status: 0 });
    vi.advanceTimersByTime(OFFERS_POLL_MS);
    h.lastLoad().reply.resolve(pageOf([offer(1), offer(2), offer(3)], 3));
    await settle();
    expect(offersOf(h.journal).items[0].status).toBe(0);
  });

  it('holdsPage compares tab, paging and every field', () => {
    const journal = createJournal();
    const page = pageOf([offer(1)]);
    expect(holdsPage(journal.state().offers, 'all', page)).toBe(false);
    journal.append({ type: 'offers.loaded', at: 0, filter: 'all', page });
    expect(holdsPage(journal.state().offers, 'all', pageOf([offer(1)]))).toBe(true);
    expect(holdsPage(journal.state().offers, 'active', page)).toBe(false);
    expect(holdsPage(journal.state().offers, 'all', pageOf([{ ...offer(1), quantity_left: 0 }]))).toBe(false);
    expect(holdsPage(journal.state().offers, 'all', pageOf([offer(1)], 11))).toBe(false);
  });
});
