import { http as route, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import type { ItemStatus } from '../../src/api/offers';
import { configureHttp } from '../../src/api/http';
import type { Template, TemplateWire } from '../../src/api/templates';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal, type Journal } from '../../src/machines/journal/journal';
import { liveTemplatesListMachine } from '../../src/machines/templates/live';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { selectConfirmingDelete, selectMutating, selectPhase, type TemplatesListSnapshot } from '../../src/machines/templates/list.machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { template, templateWire } from '../../src/machines/templates/list.paths';

/**
 * The live templates list machine (real journal, real list call through src/api/templates and the
 * http client, answered by a scripted server) with fake delete and status actors: each request
 * waits until the test says what the server answered.
 */
const BASE = 'https://api.templates-list.test';
const LIST = `${BASE}/stores/templates/activeTemplates/pagination/filters`;

interface ListCall {
  /** The filter body the server received. */
  body: unknown;
  query: Record<string, string>;
  reply: Deferred<Response>;
}
const listCalls: ListCall[] = [];

const server = setupServer(
  route.post(LIST, async ({ request }) => {
    const body: unknown = await request.json();
    const reply = deferred<Response>();
    listCalls.push({ body, query: Object.fromEntries(new URL(request.url).searchParams), reply });
    return reply.promise;
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttp({ baseURL: BASE, session: { accessToken: async () => 'token', tokenRejected: async () => 'token', sessionExpired: () => undefined } });
});
afterAll(() => server.close());

const wirePage = (templates: TemplateWire[], total = templates.length, offset = 0) => ({ data: templates, limit: 10, offset, total });
const THREE = wirePage([templateWire(1), templateWire(2), templateWire(3)]);

function harness(input: { filter?: 'all' | 'recurring'; search?: string; page?: number } = {}) {
  const journal = createJournal();
  const notices: SnackbarRequest[] = [];
  const calls = {
    delete: [] as Array<{ id: number; reply: Deferred<void> }>,
    status: [] as Array<{ id: number; status: ItemStatus; reply: Deferred<Template> }>,
  };
  const machine = liveTemplatesListMachine({ journal, notify: (m) => notices.push(m) }).provide({
    actors: {
      deleteTemplate: fromPromise<void, { id: number }>(({ input: { id } }) => {
        const reply = deferred<void>();
        calls.delete.push({ id, reply });
        return reply.promise;
      }),
      setStatus: fromPromise<Template, { id: number; status: ItemStatus }>(({ input: { id, status } }) => {
        const reply = deferred<Template>();
        calls.status.push({ id, status, reply });
        return reply.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { filter: input.filter ?? 'all', search: input.search ?? '', page: input.page ?? 0 } });
  started.push(actor);
  const events: DomainEvent[] = [];
  journal.subscribe((event) => events.push(event));
  return { journal, notices, calls, actor, events };
}
type ListActor = Actor<ReturnType<typeof liveTemplatesListMachine>>;
/** Every actor a test created: stopped after it, as the screen's unmount would. */
const started: ListActor[] = [];

/** The `n`th list request (1-based) once it has reached the server. */
async function listCall(n: number): Promise<ListCall> {
  await vi.waitFor(() => expect(listCalls.length).toBeGreaterThanOrEqual(n));
  return listCalls[n - 1];
}

const answer = (call: ListCall, page: ReturnType<typeof wirePage>) => call.reply.resolve(HttpResponse.json(page));
/** Resolves once the actor's snapshot satisfies `predicate` (an answer travels through fetch first). */
const until = (actor: ListActor, predicate: (s: TemplatesListSnapshot) => boolean) => waitFor(actor, predicate, { timeout: 2000 });

const templatesOf = (journal: Journal) => journal.state().templates;
const ids = (journal: Journal) => templatesOf(journal).items.map((t) => t.id);

/** A harness whose first page (three templates) is on screen. */
async function loaded() {
  const h = harness();
  h.actor.start();
  answer(await listCall(1), THREE);
  await until(h.actor, (s) => s.matches({ list: { ready: 'idle' } }));
  return h;
}

describe('templates list machine (live, scripted server)', () => {
  beforeEach(() => {
    // The live machine logs failed loads (spec section 8); these tests fail loads on purpose.
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(async () => {
    for (const actor of started.splice(0)) actor.stop();
    // Requests a stopped actor no longer waits for: answer them so nothing hangs.
    for (const call of listCalls.splice(0)) call.reply.resolve(HttpResponse.json({ message: 'gone' }, { status: 500 }));
    await settle();
    vi.restoreAllMocks();
  });

  it('the All tab with no search sends an empty filter body; the page lands in the templates projection', async () => {
    const h = harness();
    h.actor.start();
    expect(selectPhase(h.actor.getSnapshot())).toBe('loading');
    const call = await listCall(1);
    expect(call.body).toEqual({});
    expect(call.query).toEqual({ limit: '10', offset: '0' });
    answer(call, wirePage([templateWire(1), templateWire(2)], 12));
    await until(h.actor, (s) => selectPhase(s) === 'ready');
    expect(h.events.map((e) => e.type)).toEqual(['templates.loaded']);
    // The server's seconds arrive as milliseconds: exactly the client's templates.
    expect(templatesOf(h.journal)).toEqual({ filter: 'all', search: '', items: [template(1), template(2)], limit: 10, offset: 0, total: 12, loaded: true });
  });

  it('the recurring tab sends { recurring: true }, a search sends { search } (trimmed), the page its offset', async () => {
    const h = harness({ filter: 'recurring', page: 1 });
    h.actor.start();
    const recurring = await listCall(1);
    expect(recurring.body).toEqual({ recurring: true });
    expect(recurring.query).toEqual({ limit: '10', offset: '10' });
    answer(recurring, wirePage([templateWire(11)], 11, 10));
    await until(h.actor, (s) => selectPhase(s) === 'ready');
    expect(templatesOf(h.journal)).toMatchObject({ filter: 'recurring', search: '', offset: 10, total: 11 });

    h.actor.send({ type: 'templates.show', filter: 'all', search: ' cake ', page: 0 });
    expect(selectPhase(h.actor.getSnapshot())).toBe('loading');
    const searched = await listCall(2);
    expect(searched.body).toEqual({ search: 'cake' });
    expect(searched.query).toEqual({ limit: '10', offset: '0' });

    // A newer tab replaces the search still loading: only its page lands.
    h.actor.send({ type: 'templates.show', filter: 'recurring', search: 'cake', page: 2 });
    const both = await listCall(3);
    expect(both.body).toEqual({ recurring: true, search: 'cake' });
    expect(both.query).toEqual({ limit: '10', offset: '20' });
    answer(searched, wirePage([templateWire(5, { name: 'Carrot cake' })]));
    await settle();
    answer(both, wirePage([templateWire(21, { name: 'Cheese cake' })], 21, 20));
    await until(h.actor, (s) => selectPhase(s) === 'ready');
    expect(h.events.filter((e) => e.type === 'templates.loaded')).toHaveLength(2);
    expect(templatesOf(h.journal)).toMatchObject({ filter: 'recurring', search: 'cake', offset: 20, total: 21 });
    expect(ids(h.journal)).toEqual([21]);
  });

  it('a failed load is the failed state, and Retry loads again', async () => {
    const h = harness();
    h.actor.start();
    (await listCall(1)).reply.resolve(HttpResponse.json({ message: 'Injected fault' }, { status: 500 }));
    await until(h.actor, (s) => selectPhase(s) === 'failed');
    expect(h.events).toEqual([]);
    expect(templatesOf(h.journal).loaded).toBe(false);

    h.actor.send({ type: 'templates.retry' });
    expect(selectPhase(h.actor.getSnapshot())).toBe('loading');
    const again = await listCall(2);
    expect(again.body).toEqual({});
    answer(again, THREE);
    await until(h.actor, (s) => selectPhase(s) === 'ready');
    expect(ids(h.journal)).toEqual([1, 2, 3]);
  });

  it('deletes after the confirmation: the row leaves at once (template.deleted), then the page is refreshed', async () => {
    const h = await loaded();
    const second = templatesOf(h.journal).items[1];
    h.actor.send({ type: 'templates.askDelete', template: second, index: 1 });
    expect(selectConfirmingDelete(h.actor.getSnapshot())).toBe('Template 2');
    expect(ids(h.journal)).toEqual([1, 2, 3]);

    h.actor.send({ type: 'templates.confirmDelete' });
    expect(ids(h.journal)).toEqual([1, 3]);
    expect(templatesOf(h.journal).total).toBe(2);
    expect(h.events.at(-1)).toMatchObject({ type: 'template.deleted', id: 2 });
    expect(selectMutating(h.actor.getSnapshot())).toBe(true);
    expect(h.calls.delete.map((c) => c.id)).toEqual([2]);

    h.calls.delete[0].reply.resolve();
    await settle();
    expect(h.actor.getSnapshot().matches({ list: { ready: 'refreshing' }, mutation: 'idle' })).toBe(true);
    // The quiet refresh keeps the page on screen: no skeletons.
    expect(selectPhase(h.actor.getSnapshot())).toBe('ready');
    const refresh = await listCall(2);
    expect(refresh.body).toEqual({});
    expect(refresh.query).toEqual({ limit: '10', offset: '0' });
    answer(refresh, wirePage([templateWire(1), templateWire(3), templateWire(4)], 3));
    await until(h.actor, (s) => s.matches({ list: { ready: 'idle' } }));
    expect(ids(h.journal)).toEqual([1, 3, 4]);
    expect(h.events.map((e) => e.type)).toEqual(['templates.loaded', 'template.deleted', 'templates.loaded']);
    expect(h.notices).toEqual([]);
  });

  it('a refused delete puts the template back at its index and says "Error on delete"; no refresh', async () => {
    const h = await loaded();
    const second = templatesOf(h.journal).items[1];
    h.actor.send({ type: 'templates.askDelete', template: second, index: 1 });
    h.actor.send({ type: 'templates.confirmDelete' });
    expect(ids(h.journal)).toEqual([1, 3]);
    h.calls.delete[0].reply.reject(new Error('409'));
    await settle();
    expect(ids(h.journal)).toEqual([1, 2, 3]);
    expect(templatesOf(h.journal).items[1]).toEqual(second);
    expect(templatesOf(h.journal).total).toBe(3);
    expect(h.events.map((e) => e.type)).toEqual(['templates.loaded', 'template.deleted', 'template.deleteRefused']);
    expect(h.notices).toEqual([{ key: 'templates.deleteFailed', severity: 'error' }]);
    expect(h.actor.getSnapshot().matches({ list: { ready: 'idle' }, mutation: 'idle' })).toBe(true);
    expect(listCalls).toHaveLength(1);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const h = await loaded();
    h.actor.send({ type: 'templates.askDelete', template: templatesOf(h.journal).items[0], index: 0 });
    h.actor.send({ type: 'templates.cancelDelete' });
    expect(selectConfirmingDelete(h.actor.getSnapshot())).toBeNull();
    expect(h.calls.delete).toEqual([]);
    expect(ids(h.journal)).toEqual([1, 2, 3]);
    expect(h.actor.getSnapshot().context.deleting).toBeNull();
  });

  it('changes the status at once, and a refusal puts it back with "Error on change status"', async () => {
    const h = await loaded();
    h.actor.send({ type: 'templates.setStatus', template: templatesOf(h.journal).items[0], status: 0 });
    expect(templatesOf(h.journal).items[0].status).toBe(0);
    expect(h.events.at(-1)).toMatchObject({ type: 'template.statusChanged', id: 1, status: 0 });
    expect(h.calls.status.map(({ id, status }) => ({ id, status }))).toEqual([{ id: 1, status: 0 }]);
    h.calls.status[0].reply.resolve(template(1, { status: 0 }));
    await settle();
    expect(templatesOf(h.journal).items[0].status).toBe(0);
    expect(h.notices).toEqual([]);

    h.actor.send({ type: 'templates.setStatus', template: templatesOf(h.journal).items[0], status: 1 });
    expect(templatesOf(h.journal).items[0].status).toBe(1);
    h.calls.status[1].reply.reject(new Error('500'));
    await settle();
    expect(templatesOf(h.journal).items[0].status).toBe(0);
    expect(h.events.slice(-2)).toMatchObject([
      { type: 'template.statusChanged', id: 1, status: 1 },
      { type: 'template.statusChanged', id: 1, status: 0 },
    ]);
    expect(h.notices).toEqual([{ key: 'templates.statusFailed', severity: 'error' }]);
    // Untouched rows stay as they were.
    expect(templatesOf(h.journal).items.slice(1).map((t) => t.status)).toEqual([1, 1]);
  });

  describe('regressions', () => {
    it('a tab change while a delete runs keeps the delete: a refusal is announced and the new page reloaded', async () => {
      const h = await loaded();
      h.actor.send({ type: 'templates.askDelete', template: templatesOf(h.journal).items[1], index: 1 });
      h.actor.send({ type: 'templates.confirmDelete' });
      h.actor.send({ type: 'templates.show', filter: 'recurring', search: '', page: 0 });
      expect(h.actor.getSnapshot().matches({ mutation: 'deleting' })).toBe(true);
      answer(await listCall(2), wirePage([templateWire(3)]));
      await until(h.actor, (s) => s.matches({ list: { ready: 'idle' } }));
      h.calls.delete[0].reply.reject(new Error('refused'));
      await until(h.actor, (s) => s.matches({ mutation: 'idle' }));
      expect(h.notices).toEqual([{ key: 'templates.deleteFailed', severity: 'error' }]);
      // Not restored into the Recurring page it never belonged to; that page is asked for again.
      expect(ids(h.journal)).toEqual([3]);
      answer(await listCall(3), wirePage([templateWire(2), templateWire(3)]));
      await until(h.actor, (s) => s.matches({ list: { ready: 'idle' } }));
      expect(ids(h.journal)).toEqual([2, 3]);
    });

    it('a refresh answered while a status change runs does not overwrite the optimistic status', async () => {
      const h = await loaded();
      h.actor.send({ type: 'templates.askDelete', template: templatesOf(h.journal).items[0], index: 0 });
      h.actor.send({ type: 'templates.confirmDelete' });
      h.calls.delete[0].reply.resolve();
      const refresh = await listCall(2);
      const second = templatesOf(h.journal).items[0];
      h.actor.send({ type: 'templates.setStatus', template: second, status: 0 });
      // The refresh predates the status change: it still says status 1.
      answer(refresh, wirePage([templateWire(2), templateWire(3)]));
      await until(h.actor, (s) => s.matches({ list: { ready: 'idle' } }));
      expect(templatesOf(h.journal).items.find((t) => t.id === second.id)?.status).toBe(0);
    });
  });
});
