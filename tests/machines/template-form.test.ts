import { http as route, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { configureHttp } from '../../src/api/http';
import type { Lookups } from '../../src/api/lookups';
import { templateEditBody, TemplateSchema, type Template, type TemplateWire } from '../../src/api/templates';
import { createJournal } from '../../src/machines/journal/journal';
import { liveTemplateFormMachine } from '../../src/machines/templates/live';
import { DRAFT_DEBOUNCE_MS } from '../../src/machines/offers/form.machine';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import {
  blankTemplateValues,
  selectTemplateSaveError,
  selectTemplateSaving,
  selectTemplateRestoredDraft,
  selectTemplateUnsaved,
  templateDraftKey,
  templateInputOf,
  valuesFromTemplate,
  type SaveTemplateInput,
  type TemplateFormLoaded,
  type TemplateFormValues,
} from '../../src/machines/templates/form.machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { MONDAY_9AM_SECONDS, offerWire } from '../../src/machines/path-model/fixtures';

/**
 * The live template form machine (real journal, sessionStorage drafts, snackbar and navigation
 * actions) with fake load and save actors the test settles by hand; where a test is about what
 * goes over the wire, the live effects run against a scripted server instead.
 */
const BASE = 'https://api.template-form.test';
const lookups: Lookups = { offer_type: [{ id: 1, name: 'Bakery' }], dietary_fit: [{ id: 2, name: 'Vegan' }], cuisine_type: [{ id: 3, name: 'Spanish' }], business_type: [] };

/** A template as the server sends it (seconds), its embedded offer without stock. */
function templateWire(id: number, overrides: Partial<TemplateWire> = {}, offer: Parameters<typeof offerWire>[0] = {}): TemplateWire {
  const name = overrides.name ?? 'Friday cake box';
  const repeat = overrides.repeat_on_days ?? [5];
  const { id: _offerId, ...embedded } = offerWire({
    name,
    quantity: 0,
    quantity_left: 0,
    origin: 'template',
    repeat_on_days: repeat,
    dietary_fit: [2],
    ...offer,
  });
  return {
    id,
    name,
    store_id: 1,
    repeat_on_days: repeat,
    template_quantity: 6,
    media: [],
    status: 1,
    audit_creation_date: MONDAY_9AM_SECONDS,
    audit_update_date: MONDAY_9AM_SECONDS,
    offer: embedded,
    ...overrides,
  };
}
const template = (id: number, overrides: Partial<TemplateWire> = {}): Template => TemplateSchema.parse(templateWire(id, overrides));

const values = (overrides: Partial<TemplateFormValues> = {}): TemplateFormValues => ({
  ...blankTemplateValues(Date.UTC(2030, 0, 7, 9)),
  name: 'Bread box',
  template_quantity: 5,
  repeat_on_days: [1, 3],
  unit_price: 4,
  origin_price: 8,
  offer_type: [1],
  ...overrides,
});

// ---- the scripted server (only for the tests that keep the live effects) --------------------

/** What the server received: template saves (PUT/POST bodies) and the calls made. */
const received: Array<{ method: string; path: string; body?: unknown }> = [];
/** The answer to the next save; by default the saved template (id 41) echoing the body. */
let saveAnswer: ((body: TemplateSaveBody) => Response) | null = null;
type TemplateSaveBody = Pick<TemplateWire, 'name' | 'repeat_on_days' | 'template_quantity' | 'status'> & { offer: Partial<TemplateWire['offer']> };

/** The template the server stores for a save body: what it answers, and what GET would return. */
function savedFrom(body: TemplateSaveBody, id = 41): TemplateWire {
  const base = templateWire(id);
  return { ...base, name: body.name, repeat_on_days: body.repeat_on_days, template_quantity: body.template_quantity, offer: { ...base.offer, ...body.offer } };
}

const server = setupServer(
  route.get(`${BASE}/stores/lookups/getall/:storeId`, ({ request }) => {
    received.push({ method: 'GET', path: new URL(request.url).pathname });
    return HttpResponse.json(lookups);
  }),
  route.get(`${BASE}/stores/templates/:id`, ({ params, request }) => {
    received.push({ method: 'GET', path: new URL(request.url).pathname });
    return HttpResponse.json(templateWire(Number(params.id)));
  }),
  route.put(`${BASE}/stores/templates`, async ({ request }) => {
    const body = (await request.json()) as TemplateSaveBody;
    received.push({ method: 'PUT', path: '/stores/templates', body });
    return saveAnswer ? saveAnswer(body) : HttpResponse.json(savedFrom(body));
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  configureHttp({ baseURL: BASE, session: { accessToken: async () => 'token', tokenRejected: async () => 'token', sessionExpired: () => undefined } });
});
afterAll(() => server.close());

// ---- the harness ------------------------------------------------------------------------------

interface HarnessOptions {
  templateId?: number | null;
  /** Keep these effects live (against the scripted server) instead of faking them. */
  live?: Array<'load' | 'saveTemplate'>;
}

function harness({ templateId = null, live = [] }: HarnessOptions = {}) {
  const journal = createJournal();
  const notices: SnackbarRequest[] = [];
  const navigations: string[] = [];
  const calls = {
    load: [] as Array<{ input: { templateId: number | null; storeId: number }; reply: Deferred<TemplateFormLoaded> }>,
    save: [] as Array<{ input: SaveTemplateInput; reply: Deferred<Template> }>,
  };
  const fakes = {
    load: fromPromise<TemplateFormLoaded, { templateId: number | null; storeId: number }>(({ input }) => {
      const reply = deferred<TemplateFormLoaded>();
      calls.load.push({ input, reply });
      return reply.promise;
    }),
    saveTemplate: fromPromise<Template, SaveTemplateInput>(({ input }) => {
      const reply = deferred<Template>();
      calls.save.push({ input, reply });
      return reply.promise;
    }),
  };
  const machine = liveTemplateFormMachine({
    journal,
    notify: (m) => notices.push(m),
    language: 'en',
    goToList: () => navigations.push('/operations/templates'),
  }).provide({
    actors: {
      ...(live.includes('load') ? {} : { load: fakes.load }),
      ...(live.includes('saveTemplate') ? {} : { saveTemplate: fakes.saveTemplate }),
    },
  });
  const actor = createActor(machine, { input: { templateId, storeId: 1 } }).start();
  started.push(actor);
  return { actor, journal, notices, navigations, calls };
}
const started: Array<{ stop(): unknown }> = [];

const http = (status: number, message: string) => new ApiError({ kind: 'http', status, operation: 'PUT /stores/templates', message });
const RULE = 'Offer price should be at least 45% of its ordinary listing price';
const storedDraft = (templateId: number | null) => sessionStorage.getItem(templateDraftKey(templateId));

describe('template form machine', () => {
  beforeEach(() => {
    sessionStorage.clear();
    received.length = 0;
    saveAnswer = null;
    // The live machine logs failed calls; these tests fail them on purpose.
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    for (const actor of started.splice(0)) actor.stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('create: saves, records template.saved, says "Successfully saved", goes to the list and clears the draft', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { actor, journal, notices, navigations, calls } = harness();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls.load[0].input).toEqual({ templateId: null, storeId: 1 });
    calls.load[0].reply.resolve({ lookups, template: null, draft: null });
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.initial).toBeNull();
    expect(selectTemplateUnsaved(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'form.changed', values: values() });
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS);
    expect(storedDraft(null)).not.toBeNull();
    // A change still waiting to be written when Save is pressed must not bring the draft back.
    actor.send({ type: 'form.changed', values: values({ name: 'Bread box!' }) });
    actor.send({ type: 'form.submit', values: values({ name: 'Bread box!' }) });
    expect(selectTemplateSaving(actor.getSnapshot())).toBe(true);
    expect(calls.save[0].input).toEqual({ templateId: null, values: values({ name: 'Bread box!' }) });

    calls.save[0].reply.resolve(template(41, { name: 'Bread box!' }));
    await settle();
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS);
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectTemplateUnsaved(actor.getSnapshot())).toBe(false);
    expect(journal.events().filter((e) => e.type === 'template.saved')).toMatchObject([{ type: 'template.saved', template: { id: 41, name: 'Bread box!' } }]);
    expect(notices).toEqual([{ key: 'common.successfullySaved', severity: 'success' }]);
    expect(navigations).toEqual(['/operations/templates']);
    expect(storedDraft(null)).toBeNull();
  });

  it('a saved edit replaces its row in the templates list', async () => {
    const { actor, journal, calls } = harness({ templateId: 21 });
    journal.append({ type: 'templates.loaded', at: 0, filter: 'all', search: '', page: { data: [template(20), template(21)], limit: 10, offset: 0, total: 2 } });
    calls.load[0].reply.resolve({ lookups, template: template(21), draft: null });
    await settle();
    actor.send({ type: 'form.submit', values: values({ name: 'Renamed box' }) });
    expect(calls.save[0].input.templateId).toBe(21);
    calls.save[0].reply.resolve(template(21, { name: 'Renamed box' }));
    await settle();
    expect(journal.state().templates.items.map((t) => t.name)).toEqual(['Friday cake box', 'Renamed box']);
  });

  it('a 400 keeps the values and shows the server’s message; Retry sends the same values', async () => {
    const { actor, calls, navigations, notices } = harness();
    calls.load[0].reply.resolve({ lookups, template: null, draft: null });
    await settle();
    const typed = values({ name: 'Soup box', unit_price: 1 });
    actor.send({ type: 'form.submit', values: typed });
    calls.save[0].reply.reject(http(400, RULE));
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'failed' })).toBe(true);
    expect(selectTemplateSaveError(actor.getSnapshot())).toEqual({ kind: 'server', message: RULE });
    expect(actor.getSnapshot().context.values).toEqual(typed);
    expect(selectTemplateUnsaved(actor.getSnapshot())).toBe(true);
    expect(navigations).toEqual([]);
    expect(notices).toEqual([]);

    actor.send({ type: 'form.retry' });
    expect(selectTemplateSaving(actor.getSnapshot())).toBe(true);
    expect(selectTemplateSaveError(actor.getSnapshot())).toBeNull();
    expect(calls.save[1].input).toEqual({ templateId: null, values: typed });
    calls.save[1].reply.resolve(template(42));
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(navigations).toEqual(['/operations/templates']);
  });

  it('the server’s 400 message reaches the form through the live save; a 500 is a general failure', async () => {
    const { actor, calls } = harness({ live: ['saveTemplate'] });
    calls.load[0].reply.resolve({ lookups, template: null, draft: null });
    await settle();
    saveAnswer = () => HttpResponse.json({ message: RULE }, { status: 400 });
    actor.send({ type: 'form.submit', values: values() });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    expect(selectTemplateSaveError(actor.getSnapshot())).toEqual({ kind: 'server', message: RULE });

    saveAnswer = () => HttpResponse.json({ message: 'Injected fault' }, { status: 500 });
    actor.send({ type: 'form.retry' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    expect(selectTemplateSaveError(actor.getSnapshot())).toEqual({ kind: 'general' });
    expect(received.filter((r) => r.method === 'PUT').map((r) => (r.body as TemplateSaveBody).name)).toEqual(['Bread box', 'Bread box']);
  });

  it('writes the draft once typing pauses, and a reload restores it as unsaved work', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { actor, calls } = harness({ templateId: 21 });
    calls.load[0].reply.resolve({ lookups, template: template(21), draft: null });
    await settle();
    actor.send({ type: 'form.changed', values: values({ name: 'B' }) });
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 1);
    // An emptied quantity is NaN in the form and null in the stored JSON.
    const draft = values({ name: 'Br', template_quantity: Number.NaN });
    actor.send({ type: 'form.changed', values: draft });
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 1);
    expect(storedDraft(21)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(JSON.parse(storedDraft(21)!)).toMatchObject({ name: 'Br', template_quantity: null, repeat_on_days: [1, 3] });
    // The create page's draft is another one.
    expect(storedDraft(null)).toBeNull();
    vi.useRealTimers();

    // The reload: the live load reads the lookups and the template from the server, the draft from sessionStorage.
    const again = harness({ templateId: 21, live: ['load'] });
    const snapshot = await waitFor(again.actor, (s) => s.matches('editing'));
    expect(received.map((r) => r.path)).toEqual(['/stores/lookups/getall/1', '/stores/templates/21']);
    expect(snapshot.context.template).toEqual(template(21));
    expect(snapshot.context.initial).toEqual(draft);
    expect(snapshot.context.values).toEqual(draft);
    expect(snapshot.context.dirty).toBe(true);
    expect(selectTemplateUnsaved(snapshot)).toBe(true);
    // The edit page says so too ("Your unsaved changes were restored."), whatever is typed next.
    expect(selectTemplateRestoredDraft(snapshot)).toBe(true);
  });

  it('without a draft, the edit page starts from the template, nothing unsaved', async () => {
    const { actor } = harness({ templateId: 21, live: ['load'] });
    const snapshot = await waitFor(actor, (s) => s.matches('editing'));
    expect(snapshot.context.initial).toEqual(valuesFromTemplate(template(21)));
    expect(snapshot.context.lookups).toEqual(lookups);
    expect(selectTemplateUnsaved(snapshot)).toBe(false);
    expect(selectTemplateRestoredDraft(snapshot)).toBe(false);
  });

  it('a failed load can be retried', async () => {
    const { actor, calls } = harness({ templateId: 21 });
    calls.load[0].reply.reject(http(500, 'down'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'form.retryLoad' });
    expect(calls.load[1].input).toEqual({ templateId: 21, storeId: 1 });
    calls.load[1].reply.resolve({ lookups, template: template(21), draft: null });
    await settle();
    expect(actor.getSnapshot().context.initial).toEqual(valuesFromTemplate(template(21)));
  });

  it('an empty quantity is sent as template_quantity 0', async () => {
    expect(templateInputOf(values({ template_quantity: Number.NaN })).template_quantity).toBe(0);
    expect(templateInputOf(values({ template_quantity: 7 })).template_quantity).toBe(7);

    const { actor, calls } = harness({ live: ['saveTemplate'] });
    calls.load[0].reply.resolve({ lookups, template: null, draft: null });
    await settle();
    actor.send({ type: 'form.submit', values: values({ repeat_on_days: [], template_quantity: Number.NaN }) });
    await waitFor(actor, (s) => s.status === 'done');
    const [save] = received.filter((r) => r.method === 'PUT');
    expect(save.body).toMatchObject({ template_quantity: 0, repeat_on_days: [], status: 1, offer: { quantity: 0, quantity_left: 0, origin: 'template', repeat_on_days: [] } });
  });

  describe('valuesFromTemplate ↔ templateInputOf', () => {
    const FORM_OFFER_FIELDS = [
      'unit_price',
      'origin_price',
      'order_date_from',
      'order_date_to',
      'pickup_date_from',
      'pickup_date_to',
      'offer_type',
      'dietary_fit',
      'cuisine_type',
      'business_type',
    ] as const;
    const wire = templateWire(21, { name: 'Friday cake box', repeat_on_days: [5, 6], template_quantity: 9 }, { unit_price: 4.5, origin_price: 12, offer_type: [1, 4], dietary_fit: [2], cuisine_type: [3], business_type: [5] });
    const saved = TemplateSchema.parse(wire);

    it('a template’s values save as the same template: its own fields and its embedded offer’s', () => {
      const input = templateInputOf(valuesFromTemplate(saved));
      expect(input).toEqual({
        name: 'Friday cake box',
        repeat_on_days: [5, 6],
        template_quantity: 9,
        offer: Object.fromEntries(FORM_OFFER_FIELDS.map((field) => [field, saved.offer[field]])),
      });
      // On the wire, the embedded offer's fields are the ones the server sent (seconds again).
      const body = templateEditBody({ ...input, id: 21 });
      const pick = (offer: object) => Object.fromEntries(FORM_OFFER_FIELDS.map((field) => [field, (offer as Record<string, unknown>)[field]]));
      expect(pick(body.offer)).toEqual(pick(wire.offer));
      expect(body.offer).toMatchObject({ name: 'Friday cake box', repeat_on_days: [5, 6], quantity: 0, quantity_left: 0, origin: 'template', offer_status: 1 });
    });

    it('values saved and read back are the same values', () => {
      const typed = values({ repeat_on_days: [2], dietary_fit: [2], cuisine_type: [3] });
      const body = templateEditBody({ ...templateInputOf(typed), id: 21 });
      const readBack = valuesFromTemplate(TemplateSchema.parse(savedFrom(body as TemplateSaveBody, 21)));
      expect(readBack).toEqual(typed);
    });
  });
});
