import { assign, cancel, raise, setup, type SnapshotFrom } from 'xstate';
import * as z from 'zod';
import { now } from '../../lib/clock';
import { formDraftKey } from '../../lib/form-draft';
import type { Lookups } from '../../api/lookups';
import type { Offer } from '../../api/offers';
import type { Template } from '../../api/templates';
import { onDay, placeTemplateWindows } from '../../lib/offer-dates';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { isAnswerLost, isAnswerLostError, type CreateAttempt } from '../shared/lost-answer';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The offer form's flow: create (/operations/offers/create) and edit
 * (/operations/offers/{tab}/{id}).
 *
 * loading → editing → saving → [savingTemplate → copyingMedia] → saved
 *                      ↘ editing.failed (every field kept, the message shown, Retry saves again)
 *
 * A create whose answer was lost (timeout, dropped connection) may be stored: it is looked up
 * before anything is sent again (src/machines/lost-answer.ts):
 *
 *   saving ─(answer lost)→ checking ─found→ [savingTemplate →] saved ("It was saved; the answer had been lost on the way")
 *                            │  └─not found→ editing.failed (not saved: every field kept, Retry creates)
 *                            └─the check failed→ editing.uncertain (Retry checks again first)
 *
 * The form's values live in react-hook-form; the machine gets them with each `form.changed`
 * (for the draft) and `form.submit` (for the save), so a failed save still has them to retry.
 * The draft is written (debounced) by the named action `persistDraft` and cleared on save: a
 * reload restores what the operator typed.
 */

/** What the form holds. Times in milliseconds; an empty number input holds NaN. */
export interface OfferFormValues {
  name: string;
  quantity: number;
  unit_price: number;
  origin_price: number;
  /** 'recurring' when the operator ticks "Repeat on weekdays"; 'template' when the offer came from one. */
  origin: 'offer' | 'recurring' | 'template';
  template_id: number | null;
  repeat_on_days: number[];
  order_date_from: number;
  order_date_to: number;
  pickup_date_from: number;
  pickup_date_to: number;
  offer_type: number[];
  dietary_fit: number[];
  cuisine_type: number[];
  business_type: number[];
  /** Not an offer field: also create a template after the offer is saved. */
  saveAsTemplate: boolean;
}

/** How long typing must pause before the draft is written. */
export const DRAFT_DEBOUNCE_MS = 400;

/** sessionStorage key of a draft; the `console.` prefix makes sign-out clear it. */
export const draftKey = (offerId: number | null) => formDraftKey('offer', offerId);

/** A draft as stored: JSON has no NaN, so empty numbers are null. Anything else is ignored. */
const emptyNumber = z
  .number()
  .nullable()
  .transform((n) => n ?? Number.NaN);
const ids = z.array(z.number().int());
export const OfferDraftSchema = z.object({
  name: z.string(),
  quantity: emptyNumber,
  unit_price: emptyNumber,
  origin_price: emptyNumber,
  origin: z.enum(['offer', 'recurring', 'template']),
  template_id: z.number().int().nullable(),
  repeat_on_days: ids,
  order_date_from: z.number(),
  order_date_to: z.number(),
  pickup_date_from: z.number(),
  pickup_date_to: z.number(),
  offer_type: ids,
  dietary_fit: ids,
  cuisine_type: ids,
  business_type: ids,
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
    name: offer.name,
    quantity: offer.quantity,
    unit_price: offer.unit_price,
    origin_price: offer.origin_price,
    origin: offer.origin,
    template_id: offer.template_id,
    repeat_on_days: [...offer.repeat_on_days],
    order_date_from: offer.order_date_from,
    order_date_to: offer.order_date_to,
    pickup_date_from: offer.pickup_date_from,
    pickup_date_to: offer.pickup_date_to,
    offer_type: [...offer.offer_type],
    dietary_fit: [...offer.dietary_fit],
    cuisine_type: [...offer.cuisine_type],
    business_type: [...offer.business_type],
    saveAsTemplate: false,
  };
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
    name: template.name,
    quantity: template.template_quantity > 0 ? template.template_quantity : Number.NaN,
    unit_price: offer.unit_price,
    origin_price: offer.origin_price,
    origin: 'template',
    template_id: template.id,
    repeat_on_days: [...template.repeat_on_days],
    order_date_from: windows.orderFrom,
    order_date_to: windows.orderTo,
    pickup_date_from: windows.pickupFrom,
    pickup_date_to: windows.pickupTo,
    offer_type: [...offer.offer_type],
    dietary_fit: [...offer.dietary_fit],
    cuisine_type: [...offer.cuisine_type],
    business_type: [...offer.business_type],
    saveAsTemplate: false,
  };
}

/**
 * Why the last save failed: the server's 400 message (a rule's wording), or a general failure;
 * after a create's answer was lost, `notSaved` (it is not on the server: Retry creates it) or
 * `unconfirmed` (the check failed too: Retry checks first).
 */
export type OfferSaveError = { kind: 'server'; message: string } | { kind: 'general' } | { kind: 'notSaved' } | { kind: 'unconfirmed' };

export interface OfferFormContext extends LoadFailureContext {
  offerId: number | null;
  lookups: Lookups | null;
  /** The offer as the server last answered it (edit, or after a save). */
  offer: Offer | null;
  /** What the form starts from: a restored draft, the offer, or a blank offer. */
  initial: OfferFormValues | null;
  /** True when the form holds changes not saved yet (a restored draft counts). */
  dirty: boolean;
  /** The latest values: written as the draft, and what Retry saves again. */
  values: OfferFormValues | null;
  error: OfferSaveError | null;
  template: Template | null;
  /** Active templates a new offer can start from. */
  templates: Template[];
  /** The template a new offer was last started from: the form is rebuilt whenever it changes. */
  startedFrom: number | null;
  /** The form opened on a draft a reload left behind (the operator is told so). */
  restoredDraft: boolean;
  /** A create whose answer was lost: what was sent, until the check says whether it was saved. */
  attempt: CreateAttempt<OfferFormValues> | null;
  /** The offer was found after its answer was lost (the notice says so). */
  answerLost: boolean;
  /**
   * "Save as template": when its first attempt was sent (ms), and whether an attempt's answer was
   * lost. After a lost answer the template may exist: the next attempt looks for it first.
   */
  templateSince: number | null;
  templateUnconfirmed: boolean;
}

export type OfferFormEvent =
  | { type: 'form.changed'; values: OfferFormValues }
  | { type: 'form.submit'; values: OfferFormValues }
  | { type: 'form.retry' }
  | { type: 'form.retryLoad' }
  | { type: 'form.mediaUploaded'; offer: Offer }
  /** A new offer starts again from a template's values (the form is rebuilt from them). */
  | { type: 'form.templateChosen'; template: Template; at: number }
  | { type: 'draft.persist' };

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

/** The server's words for a 400 (they are the rule's message); anything else is a general failure. */
export function saveErrorOf(error: unknown): OfferSaveError {
  if (error && typeof error === 'object' && 'kind' in error && 'status' in error && error.kind === 'http' && error.status === 400) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return { kind: 'server', message };
  }
  return { kind: 'general' };
}

export const offerFormMachine = setup({
  types: {
    input: {} as { offerId: number | null; storeId: number },
    context: {} as OfferFormContext & { storeId: number; draftId: number | null },
    events: {} as OfferFormEvent,
  },
  actors: {
    load: promiseNotProvided<OfferFormLoaded, { offerId: number | null; storeId: number }>('load'),
    saveOffer: promiseNotProvided<Offer, SaveOfferInput>('saveOffer'),
    /** Looks up the offer a create whose answer was lost would have made: it, or null. */
    findCreated: promiseNotProvided<Offer | null, FindCreatedOfferInput>('findCreated'),
    createTemplate: promiseNotProvided<Template, CreateTemplateInput>('createTemplate'),
    copyMediaToTemplate: promiseNotProvided<unknown, CopyMediaInput>('copyMediaToTemplate'),
  },
  guards: {
    wantsTemplate: ({ context }) => context.values?.saveAsTemplate === true,
    hasMedia: ({ context }) => coverOf(context.offer) !== null,
    answerLost: (_, params: { error: unknown }) => isAnswerLostError(params.error),
    found: (_, params: { offer: Offer | null }) => params.offer !== null,
  },
  actions: {
    // Injected: the journal, the snackbar, the router and sessionStorage.
    recordSaved: (_, _params: { offer: Offer }) => {},
    /** "Successfully saved", or (`answerLost`) that it was saved though the answer had been lost. */
    notifySaved: (_, _params: { answerLost: boolean }) => {},
    goToList: () => {},
    persistDraft: (_, _params: { offerId: number | null; values: OfferFormValues }) => {},
    clearDraft: (_, _params: { offerId: number | null }) => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'offerForm',
  context: ({ input }) => ({
    storeId: input.storeId,
    // The draft stays under the key the page opened with ("new" for a create), even once saved.
    draftId: input.offerId,
    offerId: input.offerId,
    lookups: null,
    offer: null,
    initial: null,
    dirty: false,
    values: null,
    error: null,
    template: null,
    templates: [],
    startedFrom: null,
    restoredDraft: false,
    attempt: null,
    answerLost: false,
    templateSince: null,
    templateUnconfirmed: false,
    loadFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The option groups, the offer being edited and any draft left by a reload.',
      tags: 'busy',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ offerId: context.offerId, storeId: context.storeId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const { lookups, offer, draft, templates } = event.output;
            return { lookups, offer, templates, initial: draft ?? (offer ? valuesFromOffer(offer) : null), dirty: draft !== null, values: draft, restoredDraft: draft !== null };
          }),
        },
        onError: { target: 'loadFailed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    loadFailed: {
      description: '"We have problems, please retry in a moment" with a retry.',
      on: { 'form.retryLoad': 'loading' },
    },
    editing: {
      initial: 'idle',
      on: {
        'form.changed': {
          // Debounced: each change restarts the wait, so a burst of typing writes once.
          actions: [
            assign({ values: ({ event }) => event.values, dirty: true }),
            cancel('persistDraft'),
            raise({ type: 'draft.persist' }, { id: 'persistDraft', delay: DRAFT_DEBOUNCE_MS }),
          ],
        },
        'draft.persist': {
          guard: ({ context }) => context.values !== null,
          actions: { type: 'persistDraft', params: ({ context }) => ({ offerId: context.draftId, values: context.values! }) },
        },
        // Until the server has them, submitted values are unsaved work (a failure must not lose them).
        'form.submit': { target: 'saving', actions: assign({ values: ({ event }) => event.values, error: null, dirty: true }) },
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
        failed: {
          description: 'The save failed: every field is kept, the message shows, Retry saves the same values.',
          on: { 'form.retry': { target: '#offerForm.saving', actions: assign({ error: null }) } },
        },
        templateFailed: {
          description: '"Save as template": the offer is saved but the template was refused; Retry creates only the template.',
          on: { 'form.retry': { target: '#offerForm.savingTemplate', actions: assign({ error: null }) } },
        },
        uncertain: {
          description: 'A create’s answer was lost and the check failed too: it may be saved. Retry checks again first; it never creates blindly.',
          on: {
            'form.retry': { target: '#offerForm.checking', actions: assign({ error: null }) },
            'form.submit': { target: '#offerForm.checking', actions: assign({ values: ({ event }) => event.values, error: null, dirty: true }) },
          },
        },
      },
    },
    saving: {
      tags: 'busy',
      // A pending debounced write must not resurrect the draft after the save clears it.
      entry: cancel('persistDraft'),
      invoke: {
        id: 'saveOffer',
        src: 'saveOffer',
        input: ({ context }) => ({ offerId: context.offerId, values: context.values! }),
        onDone: [
          {
            guard: 'wantsTemplate',
            target: 'savingTemplate',
            // Once the offer exists a retry must update it, not create a second one.
            actions: [assign({ offer: ({ event }) => event.output, offerId: ({ event }) => event.output.id }), { type: 'recordSaved', params: ({ event }) => ({ offer: event.output }) }],
          },
          {
            target: 'saved',
            actions: [assign({ offer: ({ event }) => event.output, offerId: ({ event }) => event.output.id }), { type: 'recordSaved', params: ({ event }) => ({ offer: event.output }) }],
          },
        ],
        onError: [
          {
            guard: { type: 'answerLost', params: ({ event }) => ({ error: event.error }) },
            target: 'checking',
            actions: [
              assign({ attempt: ({ event }) => (isAnswerLostError(event.error) ? (event.error.attempt as CreateAttempt<OfferFormValues>) : null) }),
              { type: 'persistDraft', params: ({ context }) => ({ offerId: context.draftId, values: context.values! }) },
              { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'editing.failed',
            actions: [
              assign({ error: ({ event }) => saveErrorOf(event.error) }),
              // The save cancelled the pending draft write: what was submitted becomes the draft, so a
              // reload after the failure still has the last keystrokes.
              { type: 'persistDraft', params: ({ context }) => ({ offerId: context.draftId, values: context.values! }) },
              { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    checking: {
      description: 'The create’s answer was lost: is the offer on the server? Looked up in the store’s current offers by what was sent, created since the attempt.',
      tags: 'busy',
      invoke: {
        id: 'findCreated',
        src: 'findCreated',
        input: ({ context }) => ({ attempt: context.attempt!, storeId: context.storeId }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ offer: event.output }) },
            target: 'afterFound',
            actions: [
              assign({ offer: ({ event }) => event.output, offerId: ({ event }) => event.output!.id, answerLost: true, attempt: null }),
              { type: 'recordSaved', params: ({ event }) => ({ offer: event.output! }) },
            ],
          },
          { target: 'editing.failed', actions: assign({ error: { kind: 'notSaved' }, attempt: null }) },
        ],
        onError: {
          target: 'editing.uncertain',
          actions: [assign({ error: { kind: 'unconfirmed' } }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
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
    saved: {
      type: 'final',
      entry: [
        assign({ dirty: false }),
        { type: 'clearDraft', params: ({ context }) => ({ offerId: context.draftId }) },
        { type: 'notifySaved', params: ({ context }) => ({ answerLost: context.answerLost }) },
        'goToList',
      ],
    },
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
