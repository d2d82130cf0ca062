import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { PickupLocationSchema, TruckSchema, type Truck } from '../../src/api/logistics';
import type { Lookups } from '../../src/api/lookups';
import type { Offer } from '../../src/api/offers';
import type { Template } from '../../src/api/templates';
import { manualClock, setClock } from '../../src/lib/clock';
import { AnswerLostError, createdRecord, createOnce, CREATION_TIME_TOLERANCE_MS, isAnswerLost, type CreateAttempt } from '../../src/machines/shared/lost-answer';
import { blankOfferValues, offerFormMachine, selectSaveError, selectSaving, type FindCreatedOfferInput, type OfferFormLoaded, type OfferFormValues } from '../../src/machines/offers/form.machine';
import { blankTemplateValues, selectTemplateSaveError, templateFormMachine, type TemplateFormLoaded, type TemplateFormValues } from '../../src/machines/templates/form.machine';
import { samePickup } from '../../src/machines/pickups/live';
import { blankPickupValues } from '../../src/machines/pickups/machine';
import { sameTruck } from '../../src/machines/trucks/live';
import { deferred, type Deferred } from '../support/deferred';

/**
 * A create whose answer is lost (issue 23): the shared helper, and the offer and template form
 * machines' "checking whether it was saved" state, with fake effects the test settles by hand.
 */
const network = (operation: string) => new ApiError({ kind: 'network', message: 'connection dropped', operation });
const lookups: Lookups = { offer_type: [], dietary_fit: [], cuisine_type: [], business_type: [] };

const same = (r: { name: string }, v: { name: string }) => r.name === v.name;
const at = (r: { at: number }) => r.at;

describe('the lost-answer helper', () => {
  it('only a timeout or a failed connection may have done the work; an answer, even a 5xx, did not lose it', () => {
    expect(isAnswerLost(network('PUT /stores/offers'))).toBe(true);
    expect(isAnswerLost(new ApiError({ kind: 'timeout', message: 'timed out', operation: 'PUT /stores/offers' }))).toBe(true);
    expect(isAnswerLost(new ApiError({ kind: 'http', status: 503, message: 'down', operation: 'PUT /stores/offers' }))).toBe(false);
    expect(isAnswerLost(new ApiError({ kind: 'unexpected-response', message: '?', operation: 'PUT /stores/offers' }))).toBe(false);
  });

  it('createOnce notes the attempt (time, the ids that already matched) and turns a lost answer into AnswerLostError; other failures pass through', async () => {
    const restoreClock = setClock(manualClock(1_000_000));
    const lost = await createOnce({ values: { name: 'Van' }, knownIds: async () => [3, 4], create: () => Promise.reject(network('PUT /stores/trucks')) })
      .catch((e: unknown) => e)
      .finally(restoreClock);
    expect(lost).toBeInstanceOf(AnswerLostError);
    expect((lost as AnswerLostError).attempt).toEqual({ values: { name: 'Van' }, startedAt: 1_000_000, knownIds: [3, 4] });
    expect((lost as AnswerLostError).cause).toBeInstanceOf(ApiError);
    const refused = new ApiError({ kind: 'http', status: 409, message: 'taken', operation: 'PUT /stores/trucks' });
    await expect(createOnce({ values: {}, create: () => Promise.reject(refused) })).rejects.toBe(refused);
    // The look-up before fails: nothing was sent, and the failure is an ordinary one.
    const before = network('GET /stores/trucks/{status}');
    let created = false;
    await expect(createOnce({ values: {}, knownIds: () => Promise.reject(before), create: async () => (created = true) })).rejects.toBe(before);
    expect(created).toBe(false);
  });

  it('createdRecord: not a record known before, not one created well before the attempt, and as sent; the newest of several', () => {
    const attempt: CreateAttempt<{ name: string }> = { values: { name: 'Bread bag' }, startedAt: 10_000_000, knownIds: [1] };
    const records = [
      { id: 1, name: 'Bread bag', at: 10_000_000 }, // known before
      { id: 2, name: 'Bread bag', at: 10_000_000 - CREATION_TIME_TOLERANCE_MS - 1000 }, // an older one
      { id: 3, name: 'Cake box', at: 10_000_000 }, // not as sent
    ];
    expect(createdRecord(records, attempt, same, at)).toBeNull();
    expect(createdRecord([...records, { id: 5, name: 'Bread bag', at: 9_999_000 }, { id: 6, name: 'Bread bag', at: 10_001_000 }], attempt, same, at)?.id).toBe(6);
  });
});

const typedOffer: OfferFormValues = { ...blankOfferValues(1_000_000), name: 'Bread bag', quantity: 5, unit_price: 4, origin_price: 8 };
const savedOffer = { id: 41, name: 'Bread bag', media: [] } as unknown as Offer;

function offerForm() {
  const saves: Array<Deferred<Offer>> = [];
  const checks: Array<{ input: FindCreatedOfferInput; reply: Deferred<Offer | null> }> = [];
  const notices: Array<{ answerLost: boolean }> = [];
  const recorded: Offer[] = [];
  const actor = createActor(
    offerFormMachine.provide({
      actors: {
        load: fromPromise(async (): Promise<OfferFormLoaded> => ({ lookups, offer: null, draft: null, templates: [] })),
        saveOffer: fromPromise(() => {
          const reply = deferred<Offer>();
          saves.push(reply);
          return reply.promise;
        }),
        findCreated: fromPromise(({ input }: { input: FindCreatedOfferInput }) => {
          const reply = deferred<Offer | null>();
          checks.push({ input, reply });
          return reply.promise;
        }),
      },
      actions: { recordSaved: (_, { offer }) => recorded.push(offer), notifySaved: (_, params) => notices.push(params) },
    }),
    { input: { offerId: null, storeId: 101 } },
  ).start();
  return { actor, saves, checks, notices, recorded };
}

describe('offer form: a create whose answer is lost', () => {
  const attempt: CreateAttempt<OfferFormValues> = { values: typedOffer, startedAt: 1_000_000, knownIds: [] };

  it('checks the store’s offers for it; found, it is saved as if the answer had arrived, and the notice says the answer had been lost', async () => {
    const h = offerForm();
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typedOffer });
    h.saves[0].reject(new AnswerLostError(attempt, { cause: network('PUT /stores/offers') }));
    await waitFor(h.actor, (s) => s.matches('checking'));
    expect(selectSaving(h.actor.getSnapshot())).toBe(true);
    expect(h.checks[0].input).toEqual({ attempt, storeId: 101 });
    h.checks[0].reply.resolve(savedOffer);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.saves).toHaveLength(1);
    expect(h.recorded).toEqual([savedOffer]);
    expect(h.notices).toEqual([{ answerLost: true }]);
    expect(h.actor.getSnapshot().context.offerId).toBe(41);
  });

  it('not found: not saved, every field kept, and Retry creates it; the check failing too leaves it uncertain and Retry checks again first', async () => {
    const h = offerForm();
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typedOffer });
    h.saves[0].reject(new AnswerLostError(attempt, { cause: network('PUT /stores/offers') }));
    await waitFor(h.actor, (s) => s.matches('checking'));
    h.checks[0].reply.resolve(null);
    await waitFor(h.actor, (s) => s.matches({ editing: 'failed' }));
    expect(selectSaveError(h.actor.getSnapshot())).toEqual({ kind: 'notSaved' });
    expect(h.actor.getSnapshot().context.values).toEqual(typedOffer);

    h.actor.send({ type: 'form.retry' });
    await waitFor(h.actor, (s) => s.matches('saving'));
    h.saves[1].reject(new AnswerLostError(attempt, { cause: network('PUT /stores/offers') }));
    await waitFor(h.actor, (s) => s.matches('checking'));
    h.checks[1].reply.reject(network('GET /stores/offers/CurrentOffersByStore/pagination/{storeId}'));
    await waitFor(h.actor, (s) => s.matches({ editing: 'uncertain' }));
    expect(selectSaveError(h.actor.getSnapshot())).toEqual({ kind: 'unconfirmed' });

    h.actor.send({ type: 'form.retry' });
    await waitFor(h.actor, (s) => s.matches('checking'));
    expect(h.saves).toHaveLength(2);
    h.checks[2].reply.resolve(savedOffer);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.saves).toHaveLength(2);
    expect(h.notices).toEqual([{ answerLost: true }]);
  });

  it('an ordinary failure (a 500 answered) is not checked: the form says it failed and Retry saves', async () => {
    const h = offerForm();
    await waitFor(h.actor, (s) => s.matches({ editing: 'idle' }));
    h.actor.send({ type: 'form.submit', values: typedOffer });
    h.saves[0].reject(new ApiError({ kind: 'http', status: 500, message: 'down', operation: 'PUT /stores/offers' }));
    await waitFor(h.actor, (s) => s.matches({ editing: 'failed' }));
    expect(selectSaveError(h.actor.getSnapshot())).toEqual({ kind: 'general' });
    expect(h.checks).toHaveLength(0);
  });
});

const typedTemplate: TemplateFormValues = { ...blankTemplateValues(1_000_000), name: 'Friday box', template_quantity: 4, unit_price: 3, origin_price: 6 };
const savedTemplate = { id: 77, name: 'Friday box', media: [] } as unknown as Template;

describe('template form: a create whose answer is lost', () => {
  it('found after the lost answer: saved, with the notice; not found: not saved; the check failing: uncertain, and Save checks again', async () => {
    const saves: Array<Deferred<Template>> = [];
    const checks: Array<Deferred<Template | null>> = [];
    const notices: Array<{ answerLost: boolean }> = [];
    const actor = createActor(
      templateFormMachine.provide({
        actors: {
          load: fromPromise(async (): Promise<TemplateFormLoaded> => ({ lookups, template: null, draft: null })),
          saveTemplate: fromPromise(() => {
            const reply = deferred<Template>();
            saves.push(reply);
            return reply.promise;
          }),
          findCreated: fromPromise(() => {
            const reply = deferred<Template | null>();
            checks.push(reply);
            return reply.promise;
          }),
        },
        actions: { notifySaved: (_, params) => notices.push(params) },
      }),
      { input: { templateId: null, storeId: 101 } },
    ).start();
    const lost = () => new AnswerLostError({ values: typedTemplate, startedAt: 1_000_000, knownIds: [] }, { cause: network('PUT /stores/templates') });
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));

    actor.send({ type: 'form.submit', values: typedTemplate });
    saves[0].reject(lost());
    await waitFor(actor, (s) => s.matches('checking'));
    checks[0].resolve(null);
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    expect(selectTemplateSaveError(actor.getSnapshot())).toEqual({ kind: 'notSaved' });
    expect(actor.getSnapshot().context.values).toEqual(typedTemplate);

    actor.send({ type: 'form.submit', values: typedTemplate });
    saves[1].reject(lost());
    await waitFor(actor, (s) => s.matches('checking'));
    checks[1].reject(network('POST /stores/templates/activeTemplates/pagination/filters'));
    await waitFor(actor, (s) => s.matches({ editing: 'uncertain' }));
    expect(selectTemplateSaveError(actor.getSnapshot())).toEqual({ kind: 'unconfirmed' });

    actor.send({ type: 'form.submit', values: typedTemplate });
    await waitFor(actor, (s) => s.matches('checking'));
    checks[2].resolve(savedTemplate);
    await waitFor(actor, (s) => s.status === 'done');
    expect(saves).toHaveLength(2);
    expect(notices).toEqual([{ answerLost: true }]);
    expect(actor.getSnapshot().context.templateId).toBe(77);
  });
});

/** A create sent at 1,000,000 ms, when only record 1 looked like it. */
const idOnlyAttempt = <T,>(values: T): CreateAttempt<T> => ({ values, startedAt: 1_000_000, knownIds: [1] });
/** A truck as the api layer reads the answer (its status from the tab asked for). */
const truck = (wire: object): Truck => ({ ...TruckSchema.parse(wire), status: 'active' });

describe('a lost truck or pickup create on a platform that answers only ids (the spec shows no field of theirs)', () => {
  const truckValues = { name: 'Van 9', plate: '1234ABC', capacity: 40, driver_name: 'Pau', driver_phone: '+34 611 222 333', status: 'active' as const };

  it('a new truck the look-up by the typed name returns, with its fields left out, is the one sent: no second one is created', () => {
    expect(createdRecord([truck({ id: 1 }), truck({ id: 7 })], idOnlyAttempt(truckValues), sameTruck)?.id).toBe(7);
  });

  it('a field the answer does say still has to match', () => {
    expect(createdRecord([truck({ id: 7, name: 'Van 10' })], idOnlyAttempt(truckValues), sameTruck)).toBeNull();
  });

  it('a pickup location answered with its id alone is recognised the same way', () => {
    const values = { ...blankPickupValues('ES'), name: 'Mercat stall', address: 'Plaça del Mercat 1', lat: 39.47, lon: -0.38 };
    expect(createdRecord([PickupLocationSchema.parse({ id: 9 })], idOnlyAttempt(values), samePickup)?.id).toBe(9);
    expect(createdRecord([PickupLocationSchema.parse({ id: 9, name: 'Another stall' })], idOnlyAttempt(values), samePickup)).toBeNull();
  });
});
