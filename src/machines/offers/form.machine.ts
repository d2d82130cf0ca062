import { assign, raise, setup, type SnapshotFrom } from 'xstate';
import * as z from 'zod';
import { now } from '../../lib/clock';
import { formDraftKey } from '../../lib/form-draft';
import type { Lookups } from '../../api/lookups';
import type { Offer } from '../../api/offers';
import type { Template } from '../../api/templates';
import { onDay, placeTemplateWindows } from '../../lib/offer-dates';
import { draftFormActions, draftFormActors, draftFormContext, draftFormGuards, draftFormStates, draftIds, draftNumber, openedOn, saveErrorOf, type DraftFormContext, type DraftFormEvent } from '../shared/draft-form';
import { isAnswerLost, type CreateAttempt } from '../shared/lost-answer';
import { promiseNotProvided } from '../shared/not-provided';

export { DRAFT_DEBOUNCE_MS } from '../shared/draft-form';

/**
 * The offer form's flow: create (/operations/offers/create) and edit
 * (/operations/offers/{tab}/{id}). It is the shared draft form's flow
 * (src/machines/shared/draft-form.ts: load, the draft, save, the check after a lost answer) with
 * the offer as its record, and "Save as template" steps of its own between the save and `saved`:
 *
 * loading → editing → saving → [savingTemplate → copyingMedia] → saved
 *                      ↘ editing.failed (every field kept, the message shown, Retry saves again)
 *
 *   saving ─(answer lost)→ checking ─found→ afterFound → [savingTemplate →] saved ("It was saved; the answer had been lost on the way")
 *                            │  └─not found→ editing.failed (not saved: every field kept, Retry creates)
 *                            └─the check failed→ editing.uncertain (Retry checks again first)
 *
 * A new offer can start from one of the store's templates (`form.templateChosen`).
 */

/**
 * What a template shares with the offers made from it (its embedded offer): the prices, the order
 * and pickup windows and the option groups. Times in milliseconds; an empty number input holds NaN.
 */
export interface OfferDetails {
  unit_price: number;
  origin_price: number;
  order_date_from: number;
  order_date_to: number;
  pickup_date_from: number;
  pickup_date_to: number;
  offer_type: number[];
  dietary_fit: number[];
  cuisine_type: number[];
  business_type: number[];
}

/** What the form holds: the offer's details and its own fields. */
export interface OfferFormValues extends OfferDetails {
  name: string;
  quantity: number;
  /** 'recurring' when the operator ticks "Repeat on weekdays"; 'template' when the offer came from one. */
  origin: 'offer' | 'recurring' | 'template';
  template_id: number | null;
  repeat_on_days: number[];
  /** Not an offer field: also create a template after the offer is saved. */
  saveAsTemplate: boolean;
}

/** The details of an offer, or of a template's embedded offer, as a form holds them (the lists copied). */
export function offerDetailsOf(offer: OfferDetails): OfferDetails {
  return {
    unit_price: offer.unit_price,
    origin_price: offer.origin_price,
    order_date_from: offer.order_date_from,
    order_date_to: offer.order_date_to,
    pickup_date_from: offer.pickup_date_from,
    pickup_date_to: offer.pickup_date_to,
    offer_type: [...offer.offer_type],
    dietary_fit: [...offer.dietary_fit],
    cuisine_type: [...offer.cuisine_type],
    business_type: [...offer.business_type],
  };
}

/** sessionStorage key of a draft; the `console.` prefix makes sign-out clear it. */
export const draftKey = (offerId: number | null) => formDraftKey('offer', offerId);

/** The details as a draft stores them: JSON has no NaN, so empty numbers are null. */
export const OfferDetailsDraftSchema = z.object({
  unit_price: draftNumber,
  origin_price: draftNumber,
  order_date_from: z.number(),
  order_date_to: z.number(),
  pickup_date_from: z.number(),
  pickup_date_to: z.number(),
  offer_type: draftIds,
  dietary_fit: draftIds,
  cuisine_type: draftIds,
  business_type: draftIds,
}) satisfies z.ZodType<OfferDetails, unknown>;

/** A draft as stored. Anything else is ignored. */
export const OfferDraftSchema = OfferDetailsDraftSchema.extend({
  name: z.string(),
  quantity: draftNumber,
  origin: z.enum(['offer', 'recurring', 'template']),
  template_id: z.number().int().nullable(),
  repeat_on_days: draftIds,
  saveAsTemplate: z.boolean(),
}) satisfies z.ZodType<OfferFormValues, unknown>;

const QUARTER_HOUR = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * A new offer: orders open at the next quarter hour for two hours, pickup from one hour after
 * opening for two hours. Windows that cross midnight are placed by the date machine's rules.
 */
export function blankOfferValues(at: number): OfferFormValues {
  const orderFrom = Math.ceil(at / QUARTER_HOUR) * QUARTER_HOUR;
  return {
    name: '',
    quantity: Number.NaN,
    unit_price: Number.NaN,
    origin_price: Number.NaN,
    origin: 'offer',
    template_id: null,
    repeat_on_days: [],
    order_date_from: orderFrom,
    order_date_to: orderFrom + 2 * HOUR,
    pickup_date_from: orderFrom + HOUR,
    pickup_date_to: orderFrom + 3 * HOUR,
    offer_type: [],
    dietary_fit: [],
    cuisine_type: [],
    business_type: [],
    saveAsTemplate: false,
  };
}

/** The form's values of an offer being edited. */
export function valuesFromOffer(offer: Offer): OfferFormValues {
  return {
    ...offerDetailsOf(offer),
    name: offer.name,
    quantity: offer.quantity,
    origin: offer.origin,
    template_id: offer.template_id,
    repeat_on_days: [...offer.repeat_on_days],
    saveAsTemplate: false,
  };
}

/** The page's offer (null: a new one) in the store. */
export interface OfferFormInput {
  offerId: number | null;
  storeId: number;
}

/** What the form needs before it can show: the option groups, the offer (edit) and a draft. */
export interface OfferFormLoaded {
  lookups: Lookups;
  offer: Offer | null;
  draft: OfferFormValues | null;
  /** The store's active templates a new offer can start from (none when editing). */
  templates: Template[];
}

/**
 * A new offer started from a template: its name, daily quantity, prices, weekdays and categories,
 * origin 'template', and its times of day placed on the next day they are still ahead (today, or
 * tomorrow once today's order start has passed), so "later than now" holds when it is chosen.
 */
export function valuesFromTemplate(template: Template, at: number): OfferFormValues {
  const { offer } = template;
  const today = onDay(offer.order_date_from, 'today', at);
  const orderFrom = today > at ? today : onDay(offer.order_date_from, 'tomorrow', at);
  const windows = placeTemplateWindows({
    orderFrom,
    orderTo: offer.order_date_to,
    pickupFrom: offer.pickup_date_from,
    pickupTo: offer.pickup_date_to,
  });
  return {
    ...offerDetailsOf(offer),
    name: template.name,
    quantity: template.template_quantity > 0 ? template.template_quantity : Number.NaN,
    origin: 'template',
    template_id: template.id,
    repeat_on_days: [...template.repeat_on_days],
    order_date_from: windows.orderFrom,
    order_date_to: windows.orderTo,
    pickup_date_from: windows.pickupFrom,
    pickup_date_to: windows.pickupTo,
    saveAsTemplate: false,
  };
}

export interface OfferFormContext extends DraftFormContext<OfferFormValues> {
  offerId: number | null;
  /** The offer as the server last answered it (edit, or after a save). */
  offer: Offer | null;
  /** "Save as template": the template made from the saved offer. */
  template: Template | null;
  /** Active templates a new offer can start from. */
  templates: Template[];
  /** The template a new offer was last started from: the form is rebuilt whenever it changes. */
  startedFrom: number | null;
  /**
   * "Save as template": when its first attempt was sent (ms), and whether an attempt's answer was
   * lost. After a lost answer the template may exist: the next attempt looks for it first.
   */
  templateSince: number | null;
  templateUnconfirmed: boolean;
}

export type OfferFormEvent =
  | DraftFormEvent<OfferFormValues>
  | { type: 'form.mediaUploaded'; offer: Offer }
  /** A new offer starts again from a template's values (the form is rebuilt from them). */
  | { type: 'form.templateChosen'; template: Template; at: number };

const shared = draftFormStates<OfferFormValues, Offer, OfferFormContext, OfferFormEvent, { offer: Offer }>({
  id: 'offerForm',
  keep: (offer) => ({ offer, offerId: offer.id }),
  recordSaved: (offer) => ({ offer }),
  draftOf: ({ draftId }) => ({ draftId }),
  draftWrites: 'debounced',
  errorOf: saveErrorOf,
});

export interface SaveOfferInput {
  offerId: number | null;
  values: OfferFormValues;
}
export interface FindCreatedOfferInput {
  attempt: CreateAttempt<OfferFormValues>;
  storeId: number;
}
export interface CreateTemplateInput {
  values: OfferFormValues;
  /** When the first attempt was sent (ms): a template of this name created since may be it. */
  since: number;
  /** An earlier attempt's answer was lost: look for the template before creating one. */
  checkFirst: boolean;
}
export interface CopyMediaInput {
  offerId: number;
  templateId: number;
  mediaUrl: string;
}

/** The offer's cover image, if one was uploaded: what "save as template" copies. */
export const coverOf = (offer: Offer | null): string | null => offer?.media.find((m) => m.kind === 'cover')?.url ?? offer?.media[0]?.url ?? null;

export const offerFormMachine = setup({
  types: {
    input: {} as OfferFormInput,
    context: {} as OfferFormContext,
    events: {} as OfferFormEvent,
  },
  actors: {
    ...draftFormActors<OfferFormInput, OfferFormLoaded, Offer, FindCreatedOfferInput>(),
    saveOffer: promiseNotProvided<Offer, SaveOfferInput>('saveOffer'),
    createTemplate: promiseNotProvided<Template, CreateTemplateInput>('createTemplate'),
    copyMediaToTemplate: promiseNotProvided<unknown, CopyMediaInput>('copyMediaToTemplate'),
  },
  guards: {
    ...draftFormGuards<Offer>(),
    wantsTemplate: ({ context }) => context.values?.saveAsTemplate === true,
    hasMedia: ({ context }) => coverOf(context.offer) !== null,
  },
  actions: {
    ...draftFormActions<OfferFormValues>(),
    // Injected: the journal.
    recordSaved: (_, _params: { offer: Offer }) => {},
  },
}).createMachine({
  id: 'offerForm',
  context: ({ input }) => ({
    ...draftFormContext<OfferFormValues>(input.storeId, input.offerId),
    offerId: input.offerId,
    offer: null,
    template: null,
    templates: [],
    startedFrom: null,
    templateSince: null,
    templateUnconfirmed: false,
  }),
  initial: 'loading',
  states: {
    loading: shared.loading({
      description: 'The option groups, the offer being edited and any draft left by a reload.',
      input: ({ context }) => ({ offerId: context.offerId, storeId: context.storeId }),
      loaded: ({ lookups, offer, draft, templates }: OfferFormLoaded) => ({ lookups, offer, templates, ...openedOn(draft, offer ? valuesFromOffer(offer) : null) }),
    }),
    loadFailed: shared.loadFailed,
    editing: {
      initial: 'idle',
      on: {
        ...shared.editingEvents,
        // The edit page's image upload answers the offer's media; "save as template" copies it.
        'form.mediaUploaded': { actions: assign({ offer: ({ event }) => event.offer }) },
        'form.templateChosen': {
          guard: ({ context }) => context.offerId === null,
          actions: [
            assign(({ event }) => {
              const values = valuesFromTemplate(event.template, event.at);
              return { initial: values, values, dirty: true, startedFrom: event.template.id, restoredDraft: false };
            }),
            raise({ type: 'draft.persist' }),
          ],
        },
      },
      states: {
        idle: {},
        failed: shared.failedWithRetry,
        templateFailed: {
          description: '"Save as template": the offer is saved but the template was refused; Retry creates only the template.',
          on: { 'form.retry': { target: '#offerForm.savingTemplate', actions: assign({ error: null }) } },
        },
        uncertain: shared.uncertainWithRetry,
      },
    },
    saving: shared.saving('saveOffer', {
      input: ({ context }) => ({ offerId: context.offerId, values: context.values! }),
      // "Save as template": the offer first, then the template made from it.
      extraStep: { guard: 'wantsTemplate', target: 'savingTemplate' },
    }),
    checking: shared.checking({
      description: 'The create’s answer was lost: is the offer on the server? Looked up in the store’s current offers by what was sent, created since the attempt.',
      input: ({ context }) => ({ attempt: context.attempt!, storeId: context.storeId }),
      found: 'afterFound',
    }),
    afterFound: {
      description: 'The offer was found: on as after an answered save ("save as template" makes the template next).',
      always: [{ guard: 'wantsTemplate', target: 'savingTemplate' }, { target: 'saved' }],
    },
    savingTemplate: {
      description: '"Save as template": the offer is saved; now the template (looked for first once an attempt’s answer was lost).',
      tags: 'busy',
      entry: assign({ templateSince: ({ context }) => context.templateSince ?? now() }),
      invoke: {
        id: 'createTemplate',
        src: 'createTemplate',
        input: ({ context }) => ({ values: context.values!, since: context.templateSince ?? now(), checkFirst: context.templateUnconfirmed }),
        onDone: [
          { guard: 'hasMedia', target: 'copyingMedia', actions: assign({ template: ({ event }) => event.output }) },
          { target: 'saved', actions: assign({ template: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'editing.templateFailed',
          actions: [
            assign({
              error: ({ event }) => saveErrorOf(event.error),
              // Once an answer is lost the template may exist: every later attempt looks first.
              templateUnconfirmed: ({ context, event }) => context.templateUnconfirmed || isAnswerLost(event.error),
            }),
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    copyingMedia: {
      description: 'Uploads the offer’s image again with template_id, so the template shows it too.',
      tags: 'busy',
      invoke: {
        id: 'copyMediaToTemplate',
        src: 'copyMediaToTemplate',
        input: ({ context }) => ({ offerId: context.offerId!, templateId: context.template!.id, mediaUrl: coverOf(context.offer)! }),
        onDone: 'saved',
        // Offer and template are both saved; a missing template image is not worth holding the
        // operator on the form (the template's own page can upload one). Logged, then saved.
        onError: { target: 'saved', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: shared.saved,
  },
});

export type OfferFormMachine = typeof offerFormMachine;
export type OfferFormSnapshot = SnapshotFrom<OfferFormMachine>;

export const selectBusy = (s: OfferFormSnapshot) => s.hasTag('busy');
export const selectRestoredDraft = (s: OfferFormSnapshot) => s.context.restoredDraft && s.status !== 'done';
export const selectSaving = (s: OfferFormSnapshot) => s.matches('saving') || s.matches('checking') || s.matches('savingTemplate') || s.matches('copyingMedia');
/** A create's answer was lost: the form is finding out whether it was saved. */
export const selectChecking = (s: OfferFormSnapshot) => s.matches('checking');
export const selectSaveError = (s: OfferFormSnapshot) =>
  s.matches({ editing: 'failed' }) || s.matches({ editing: 'templateFailed' }) || s.matches({ editing: 'uncertain' }) ? s.context.error : null;
/** The offer is saved; only its template is missing (the message says so, Retry makes the template). */
export const selectTemplateFailed = (s: OfferFormSnapshot) => s.matches({ editing: 'templateFailed' });
/** Leaving asks first while this holds. */
export const selectUnsaved = (s: OfferFormSnapshot) => s.context.dirty && s.status !== 'done';
/** The saved offer's id (undefined until the offer exists on the server): its images can be uploaded then. */
export const selectSavedOfferId = (s: OfferFormSnapshot) => s.context.offer?.id;
/** The form makes a new offer (not an edit). */
export const selectCreatingOffer = (s: OfferFormSnapshot) => s.context.offerId === null;
/** The store's active templates a new offer can start from. */
export const selectOfferTemplates = (s: OfferFormSnapshot) => s.context.templates;
/** The template a new offer was last started from (null: none): the form is rebuilt when it changes. */
export const selectStartedFrom = (s: OfferFormSnapshot) => s.context.startedFrom;
