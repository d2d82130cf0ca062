import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { Lookups } from '../../src/api/lookups';
import { OfferSchema, type Offer } from '../../src/api/offers';
import { TemplateSchema, type Template } from '../../src/api/templates';
import type { DomainEvent } from '../../src/machines/journal/events';
import { createJournal } from '../../src/machines/journal/journal';
import { liveOfferFormMachine } from '../../src/machines/offers/live';
import {
  blankOfferValues,
  DRAFT_DEBOUNCE_MS,
  draftKey,
  selectRestoredDraft,
  selectSaveError,
  selectUnsaved,
  valuesFromOffer,
  valuesFromTemplate,
  type CopyMediaInput,
  type CreateTemplateInput,
  type OfferFormLoaded,
  type OfferFormValues,
  type SaveOfferInput,
} from '../../src/machines/offers/form.machine';
import type { SnackbarRequest } from '../../src/machines/snackbar/machine';
import { deferred, settle, type Deferred } from '../support/deferred';
import { offerWire } from '../../src/machines/path-model/fixtures';

const lookups: Lookups = { offer_type: [{ id: 1, name: 'Bakery' }], dietary_fit: [], cuisine_type: [], business_type: [] };
const offer = (overrides: Parameters<typeof offerWire>[0] = {}): Offer => OfferSchema.parse(offerWire(overrides));
const values = (overrides: Partial<OfferFormValues> = {}): OfferFormValues => ({
  ...blankOfferValues(Date.UTC(2030, 0, 7, 9)),
  name: 'Bread bag',
  quantity: 5,
  unit_price: 4,
  origin_price: 8,
  ...overrides,
});

/**
 * The live machine (real journal, draft storage and actions) with scripted server effects: every
 * call waits on a deferred the test settles.
 */
function harness(input: { offerId: number | null } = { offerId: null }) {
  const journal = createJournal();
  const notices: SnackbarRequest[] = [];
  const navigations: string[] = [];
  const calls = {
    load: [] as Deferred<OfferFormLoaded>[],
    save: [] as Array<{ input: SaveOfferInput; reply: Deferred<Offer> }>,
    template: [] as Array<{ input: CreateTemplateInput; reply: Deferred<Template> }>,
    media: [] as Array<{ input: CopyMediaInput; reply: Deferred<unknown> }>,
  };
  const machine = liveOfferFormMachine({
    journal,
    notify: (m) => notices.push(m),
    language: 'en',
    goToList: () => navigations.push('/operations/offers'),
    getToken: async () => 'token',
  }).provide({
    actors: {
      load: fromPromise<OfferFormLoaded, { offerId: number | null; storeId: number }>(() => {
        const reply = deferred<OfferFormLoaded>();
        calls.load.push(reply);
        return reply.promise;
      }),
      saveOffer: fromPromise<Offer, SaveOfferInput>(({ input: request }) => {
        const reply = deferred<Offer>();
        calls.save.push({ input: request, reply });
        return reply.promise;
      }),
      createTemplate: fromPromise<Template, CreateTemplateInput>(({ input: request }) => {
        const reply = deferred<Template>();
        calls.template.push({ input: request, reply });
        return reply.promise;
      }),
      copyMediaToTemplate: fromPromise<unknown, CopyMediaInput>(({ input: request }) => {
        const reply = deferred<unknown>();
        calls.media.push({ input: request, reply });
        return reply.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { offerId: input.offerId, storeId: 1 } }).start();
  return { actor, journal, notices, navigations, calls };
}

const http = (status: number, message: string) => new ApiError({ kind: 'http', status, operation: 'PUT /stores/offers', message });

describe('offer form machine', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('loads, edits, saves: journal offer.saved, "Successfully saved", back to the list, draft cleared', async () => {
    const { actor, journal, notices, navigations, calls } = harness();
    expect(actor.getSnapshot().value).toBe('loading');
    calls.load[0].resolve({ lookups, offer: null, draft: null, templates: [] });
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'form.changed', values: values() });
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.submit', values: values() });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(calls.save[0].input).toEqual({ offerId: null, values: values() });

    calls.save[0].reply.resolve(offer({ id: 41, name: 'Bread bag' }));
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectUnsaved(actor.getSnapshot())).toBe(false);
    expect(journal.events().filter((e: DomainEvent) => e.type === 'offer.saved').map((e) => (e.type === 'offer.saved' ? e.offer.id : 0))).toEqual([41]);
    expect(notices).toEqual([{ key: 'common.successfullySaved', severity: 'success' }]);
    expect(navigations).toEqual(['/operations/offers']);
    expect(sessionStorage.getItem(draftKey(null))).toBeNull();
  });

  it('a failed save keeps the values, shows the server’s 400 message, and Retry sends the same values', async () => {
    const { actor, calls, navigations } = harness();
    calls.load[0].resolve({ lookups, offer: null, draft: null, templates: [] });
    await settle();
    const typed = values({ name: 'Soup', unit_price: 1 });
    actor.send({ type: 'form.submit', values: typed });
    calls.save[0].reply.reject(http(400, 'Offer price should be at least 45% of its ordinary listing price'));
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'failed' })).toBe(true);
    expect(selectSaveError(actor.getSnapshot())).toEqual({ kind: 'server', message: 'Offer price should be at least 45% of its ordinary listing price' });
    expect(actor.getSnapshot().context.values).toEqual(typed);
    expect(selectUnsaved(actor.getSnapshot())).toBe(true);
    expect(navigations).toEqual([]);

    actor.send({ type: 'form.retry' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(calls.save[1].input.values).toEqual(typed);
    calls.save[1].reply.resolve(offer({ id: 9 }));
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([
    ['a 500', http(500, 'Injected fault')],
    ['a timeout', new ApiError({ kind: 'timeout', operation: 'PUT /stores/offers', message: 'timed out' })],
    ['offline', new ApiError({ kind: 'network', operation: 'PUT /stores/offers', message: 'no answer' })],
  ])('%s is a general failure, the values kept', async (_, error) => {
    const { actor, calls } = harness();
    calls.load[0].resolve({ lookups, offer: null, draft: null, templates: [] });
    await settle();
    actor.send({ type: 'form.submit', values: values() });
    calls.save[0].reply.reject(error);
    await settle();
    expect(selectSaveError(actor.getSnapshot())).toEqual({ kind: 'general' });
    expect(actor.getSnapshot().context.values).toEqual(values());
  });

  it('a load failure can be retried', async () => {
    const { actor, calls } = harness({ offerId: 7 });
    calls.load[0].reject(http(500, 'down'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'form.retryLoad' });
    calls.load[1].resolve({ lookups, offer: offer({ id: 7 }), draft: null, templates: [] });
    await settle();
    expect(actor.getSnapshot().context.initial).toEqual(valuesFromOffer(offer({ id: 7 })));
  });

  it('writes the draft once typing pauses, and a restored draft counts as unsaved', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { actor, calls } = harness({ offerId: 7 });
    calls.load[0].resolve({ lookups, offer: offer({ id: 7 }), draft: null, templates: [] });
    await settle();
    actor.send({ type: 'form.changed', values: values({ name: 'B' }) });
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 1);
    actor.send({ type: 'form.changed', values: values({ name: 'Br' }) });
    vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS - 1);
    expect(sessionStorage.getItem(draftKey(7))).toBeNull();
    vi.advanceTimersByTime(1);
    expect(JSON.parse(sessionStorage.getItem(draftKey(7))!)).toMatchObject({ name: 'Br', quantity: 5 });

    const again = harness({ offerId: 7 });
    const draft = values({ name: 'Br' });
    again.calls.load[0].resolve({ lookups, offer: offer({ id: 7 }), draft, templates: [] });
    await settle();
    expect(again.actor.getSnapshot().context.initial).toEqual(draft);
    expect(selectUnsaved(again.actor.getSnapshot())).toBe(true);
    // An edit page's draft is announced too, not only a new offer's.
    expect(selectRestoredDraft(again.actor.getSnapshot())).toBe(true);
  });

  it('save as template: offer, then template, then the offer’s image copied with template_id', async () => {
    const { actor, calls, navigations } = harness({ offerId: 7 });
    const withImage = offer({ id: 7, media: [{ url: 'data:image/png;base64,AAAA', kind: 'cover' }] });
    calls.load[0].resolve({ lookups, offer: withImage, draft: null, templates: [] });
    await settle();
    actor.send({ type: 'form.submit', values: values({ saveAsTemplate: true }) });
    calls.save[0].reply.resolve(withImage);
    await settle();
    expect(actor.getSnapshot().value).toBe('savingTemplate');
    expect(calls.template[0].input.values.saveAsTemplate).toBe(true);

    // The template fails: the offer is saved, so Retry creates only the template (the offer is not sent again).
    calls.template[0].reply.reject(http(500, 'down'));
    await settle();
    expect(actor.getSnapshot().matches({ editing: 'templateFailed' })).toBe(true);
    actor.send({ type: 'form.retry' });
    expect(calls.save).toHaveLength(1);
    calls.template[1].reply.resolve({ id: 55 } as Template);
    await settle();
    expect(actor.getSnapshot().value).toBe('copyingMedia');
    expect(calls.media[0].input).toEqual({ offerId: 7, templateId: 55, mediaUrl: 'data:image/png;base64,AAAA' });
    calls.media[0].reply.resolve({ media: [] });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(navigations).toEqual(['/operations/offers']);
  });

  it('save as template without an image skips the media copy', async () => {
    const { actor, calls } = harness();
    calls.load[0].resolve({ lookups, offer: null, draft: null, templates: [] });
    await settle();
    actor.send({ type: 'form.submit', values: values({ saveAsTemplate: true }) });
    calls.save[0].reply.resolve(offer({ id: 12, media: [] }));
    await settle();
    calls.template[0].reply.resolve({ id: 56 } as Template);
    await settle();
    expect(calls.media).toHaveLength(0);
    expect(actor.getSnapshot().status).toBe('done');
  });
});

/** A template whose order window opens at `orderHour` (local) on a past day. */
const template = (orderHour: number): Template =>
  TemplateSchema.parse({
    id: 31,
    name: 'Evening bread',
    store_id: 1,
    repeat_on_days: [1, 3],
    template_quantity: 6,
    media: [],
    status: 1,
    audit_creation_date: 1_700_000_000,
    audit_update_date: 1_700_000_000,
    offer: (({ id: _id, ...rest }) => rest)(
      offerWire({
        quantity: 0,
        quantity_left: 0,
        origin: 'template',
        unit_price: 4,
        origin_price: 9,
        offer_type: [1],
        // 14 Nov 2023, local time (any past day): only the times of day matter.
        order_date_from: new Date(2023, 10, 14, orderHour).getTime() / 1000,
        order_date_to: new Date(2023, 10, 14, orderHour + 2).getTime() / 1000,
        pickup_date_from: new Date(2023, 10, 14, orderHour + 3).getTime() / 1000,
        pickup_date_to: new Date(2023, 10, 14, orderHour + 4).getTime() / 1000,
      }),
    ),
  });

describe('a new offer started from a template', () => {
  it('takes the template’s details, origin template and its times on the next day they are ahead', () => {
    const morning = new Date(2030, 0, 7, 9).getTime();
    const later = valuesFromTemplate(template(18), morning);
    expect(later).toMatchObject({ name: 'Evening bread', quantity: 6, unit_price: 4, origin_price: 9, origin: 'template', template_id: 31, repeat_on_days: [1, 3], offer_type: [1] });
    expect(later.order_date_from).toBe(new Date(2030, 0, 7, 18).getTime());
    expect(later.pickup_date_to).toBe(new Date(2030, 0, 7, 22).getTime());
    // Today's 08:00 has passed at 09:00: the offer opens tomorrow, so "later than now" holds.
    const passed = valuesFromTemplate(template(8), morning);
    expect(passed.order_date_from).toBe(new Date(2030, 0, 8, 8).getTime());
    expect(passed.order_date_to).toBe(new Date(2030, 0, 8, 10).getTime());
    expect(passed.pickup_date_from).toBe(new Date(2030, 0, 8, 11).getTime());
  });

  it('form.templateChosen rebuilds a new offer’s form from the template; an edit ignores it', async () => {
    const created = harness();
    created.calls.load[0].resolve({ lookups, offer: null, draft: null, templates: [template(18)] });
    await settle();
    expect(created.actor.getSnapshot().context.templates).toHaveLength(1);
    created.actor.send({ type: 'form.templateChosen', template: template(18), at: new Date(2030, 0, 7, 9).getTime() });
    const { context } = created.actor.getSnapshot();
    expect(context).toMatchObject({ startedFrom: 31, dirty: true, initial: { name: 'Evening bread', origin: 'template', template_id: 31 } });
    expect(context.values).toBe(context.initial);

    const edited = harness({ offerId: 7 });
    edited.calls.load[0].resolve({ lookups, offer: offer({ id: 7 }), draft: null, templates: [] });
    await settle();
    edited.actor.send({ type: 'form.templateChosen', template: template(18), at: new Date(2030, 0, 7, 9).getTime() });
    expect(edited.actor.getSnapshot().context.startedFrom).toBeNull();
  });
});
