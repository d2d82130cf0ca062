import { assign, cancel, raise, setup, type SnapshotFrom } from 'xstate';
import * as z from 'zod';
import { formDraftKey } from '../../lib/form-draft';
import type { Lookups } from '../../api/lookups';
import type { Media } from '../../api/offers';
import type { Template, TemplateInput } from '../../api/templates';
import { blankOfferValues, DRAFT_DEBOUNCE_MS, saveErrorOf, type OfferSaveError } from '../offers/form.machine';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { isAnswerLostError, type CreateAttempt } from '../shared/lost-answer';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The offer template form's flow: create (/operations/templates/create) and edit
 * (/operations/templates/{tab}/{id}).
 *
 * loading → editing → saving → saved
 *             ↘ editing.failed (every field kept, the message shown, Retry saves again)
 *
 * A create whose answer was lost is looked up before anything is sent again (src/machines/lost-answer.ts):
 * saving ─(answer lost)→ checking ─found→ saved ("the answer had been lost") | not found → editing.failed
 * (Retry creates) | the check failed → editing.uncertain (Retry checks again first).
 *
 * Like the offer form: react-hook-form holds the values, every change reaches the machine
 * (`form.changed`) and is written as a draft once typing pauses, and a save hands it the
 * validated values, so a failed save can be retried without retyping.
 */

/** What the template form holds. Times in milliseconds (only their times of day matter); an empty number is NaN. */
export interface TemplateFormValues {
  name: string;
  /** How many portions each day's offer gets (template_quantity on the wire). */
  template_quantity: number;
  repeat_on_days: number[];
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

/** sessionStorage key of a draft; the `console.` prefix makes sign-out clear it. */
export const templateDraftKey = (templateId: number | null) => formDraftKey('template', templateId);

const emptyNumber = z
  .number()
  .nullable()
  .transform((n) => n ?? Number.NaN);
const ids = z.array(z.number().int());
/** A draft as stored (JSON has no NaN: empty numbers are null). Anything else is ignored. */
export const TemplateDraftSchema = z.object({
  name: z.string(),
  template_quantity: emptyNumber,
  repeat_on_days: ids,
  unit_price: emptyNumber,
  origin_price: emptyNumber,
  order_date_from: z.number(),
  order_date_to: z.number(),
  pickup_date_from: z.number(),
  pickup_date_to: z.number(),
  offer_type: ids,
  dietary_fit: ids,
  cuisine_type: ids,
  business_type: ids,
}) satisfies z.ZodType<TemplateFormValues, unknown>;

/** A new template: the offer form's default windows, no weekdays, nothing typed. */
export function blankTemplateValues(at: number): TemplateFormValues {
  const offer = blankOfferValues(at);
  return {
    name: '',
    template_quantity: Number.NaN,
    repeat_on_days: [],
    unit_price: Number.NaN,
    origin_price: Number.NaN,
    order_date_from: offer.order_date_from,
    order_date_to: offer.order_date_to,
    pickup_date_from: offer.pickup_date_from,
    pickup_date_to: offer.pickup_date_to,
    offer_type: [],
    dietary_fit: [],
    cuisine_type: [],
    business_type: [],
  };
}

/** The form's values of a template being edited: its own fields and its embedded offer's. */
export function valuesFromTemplate(template: Template): TemplateFormValues {
  const { offer } = template;
  return {
    name: template.name,
    template_quantity: template.template_quantity,
    repeat_on_days: [...template.repeat_on_days],
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

/**
 * What a save sends (src/api/templates.ts adds status 1 and the stock-less embedded offer). A
 * template that repeats on no weekday may leave the quantity empty: it then carries 0.
 */
export function templateInputOf(values: TemplateFormValues): TemplateInput {
  const { name, template_quantity, repeat_on_days, ...offer } = values;
  return { name, repeat_on_days, template_quantity: Number.isFinite(template_quantity) ? template_quantity : 0, offer };
}

export interface TemplateFormLoaded {
  lookups: Lookups;
  template: Template | null;
  draft: TemplateFormValues | null;
}

export interface SaveTemplateInput {
  templateId: number | null;
  values: TemplateFormValues;
}

export interface TemplateFormContext extends LoadFailureContext {
  storeId: number;
  /** The draft stays under the key the page opened with ("new" for a create), even once saved. */
  draftId: number | null;
  templateId: number | null;
  lookups: Lookups | null;
  /** The template as the server last answered it (edit, or after a save). */
  template: Template | null;
  /** What the form starts from: a restored draft, the template, or a blank one. */
  initial: TemplateFormValues | null;
  /** The form holds changes not saved yet (a restored draft counts). */
  dirty: boolean;
  /** The latest values: written as the draft, and what Retry saves again. */
  values: TemplateFormValues | null;
  error: OfferSaveError | null;
  /** The form opened on a draft a reload left behind (the operator is told so). */
  restoredDraft: boolean;
  /** A create whose answer was lost: what was sent, until the check says whether it was saved. */
  attempt: CreateAttempt<TemplateFormValues> | null;
  /** The template was found after its answer was lost (the notice says so). */
  answerLost: boolean;
}

export type TemplateFormEvent =
  | { type: 'form.changed'; values: TemplateFormValues }
  | { type: 'form.submit'; values: TemplateFormValues }
  | { type: 'form.retry' }
  | { type: 'form.retryLoad' }
  | { type: 'form.mediaUploaded'; media: Media[] }
  | { type: 'draft.persist' };

export const templateFormMachine = setup({
  types: {
    input: {} as { templateId: number | null; storeId: number },
    context: {} as TemplateFormContext,
    events: {} as TemplateFormEvent,
  },
  actors: {
    load: promiseNotProvided<TemplateFormLoaded, { templateId: number | null; storeId: number }>('load'),
    saveTemplate: promiseNotProvided<Template, SaveTemplateInput>('saveTemplate'),
    /** Looks up the template a create whose answer was lost would have made: it, or null. */
    findCreated: promiseNotProvided<Template | null, CreateAttempt<TemplateFormValues>>('findCreated'),
  },
  guards: {
    answerLost: (_, params: { error: unknown }) => isAnswerLostError(params.error),
    found: (_, params: { template: Template | null }) => params.template !== null,
  },
  actions: {
    // Injected: the journal, the snackbar, the router and sessionStorage.
    recordSaved: (_, _params: { template: Template }) => {},
    /** "Successfully saved", or (`answerLost`) that it was saved though the answer had been lost. */
    notifySaved: (_, _params: { answerLost: boolean }) => {},
    goToList: () => {},
    persistDraft: (_, _params: { templateId: number | null; values: TemplateFormValues }) => {},
    clearDraft: (_, _params: { templateId: number | null }) => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'templateForm',
  context: ({ input }) => ({
    storeId: input.storeId,
    draftId: input.templateId,
    templateId: input.templateId,
    lookups: null,
    template: null,
    initial: null,
    dirty: false,
    values: null,
    error: null,
    restoredDraft: false,
    attempt: null,
    answerLost: false,
    loadFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The option groups, the template being edited and any draft left by a reload.',
      tags: 'busy',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ templateId: context.templateId, storeId: context.storeId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const { lookups, template, draft } = event.output;
            return { lookups, template, initial: draft ?? (template ? valuesFromTemplate(template) : null), dirty: draft !== null, values: draft, restoredDraft: draft !== null };
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
          actions: { type: 'persistDraft', params: ({ context }) => ({ templateId: context.draftId, values: context.values! }) },
        },
        'form.submit': { target: 'saving', actions: assign({ values: ({ event }) => event.values, error: null, dirty: true }) },
        // The edit page's image upload answers the template's media.
        'form.mediaUploaded': {
          guard: ({ context }) => context.template !== null,
          actions: assign({ template: ({ context, event }) => ({ ...context.template!, media: event.media }) }),
        },
      },
      states: {
        idle: {},
        failed: {
          description: 'The save failed: every field is kept, the message shows, Retry saves the same values.',
          on: { 'form.retry': { target: '#templateForm.saving', actions: assign({ error: null }) } },
        },
        uncertain: {
          description: 'A create’s answer was lost and the check failed too: it may be saved. Retry checks again first; it never creates blindly.',
          on: {
            'form.retry': { target: '#templateForm.checking', actions: assign({ error: null }) },
            'form.submit': { target: '#templateForm.checking', actions: assign({ values: ({ event }) => event.values, error: null, dirty: true }) },
          },
        },
      },
    },
    saving: {
      tags: 'busy',
      // A pending debounced write must not resurrect the draft after the save clears it.
      entry: cancel('persistDraft'),
      invoke: {
        id: 'saveTemplate',
        src: 'saveTemplate',
        input: ({ context }) => ({ templateId: context.templateId, values: context.values! }),
        onDone: {
          target: 'saved',
          actions: [
            assign({ template: ({ event }) => event.output, templateId: ({ event }) => event.output.id }),
            { type: 'recordSaved', params: ({ event }) => ({ template: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'answerLost', params: ({ event }) => ({ error: event.error }) },
            target: 'checking',
            actions: [
              assign({ attempt: ({ event }) => (isAnswerLostError(event.error) ? (event.error.attempt as CreateAttempt<TemplateFormValues>) : null) }),
              { type: 'persistDraft', params: ({ context }) => ({ templateId: context.draftId, values: context.values! }) },
              { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'editing.failed',
            actions: [
              assign({ error: ({ event }) => saveErrorOf(event.error) }),
              // The save cancelled the pending draft write: what was submitted becomes the draft, so a
              // reload after the failure still has the last keystrokes.
              { type: 'persistDraft', params: ({ context }) => ({ templateId: context.draftId, values: context.values! }) },
              { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    checking: {
      description: 'The create’s answer was lost: is the template on the server? Looked up by its name, created since the attempt, as it was sent.',
      tags: 'busy',
      invoke: {
        id: 'findCreated',
        src: 'findCreated',
        input: ({ context }) => context.attempt!,
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ template: event.output }) },
            target: 'saved',
            actions: [
              assign({ template: ({ event }) => event.output, templateId: ({ event }) => event.output!.id, answerLost: true, attempt: null }),
              { type: 'recordSaved', params: ({ event }) => ({ template: event.output! }) },
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
    saved: {
      type: 'final',
      entry: [
        assign({ dirty: false }),
        { type: 'clearDraft', params: ({ context }) => ({ templateId: context.draftId }) },
        { type: 'notifySaved', params: ({ context }) => ({ answerLost: context.answerLost }) },
        'goToList',
      ],
    },
  },
});

export type TemplateFormMachine = typeof templateFormMachine;
export type TemplateFormSnapshot = SnapshotFrom<TemplateFormMachine>;

export const selectTemplateRestoredDraft = (s: TemplateFormSnapshot) => s.context.restoredDraft && s.status !== 'done';
export const selectTemplateSaving = (s: TemplateFormSnapshot) => s.matches('saving') || s.matches('checking');
/** A create's answer was lost: the form is finding out whether it was saved. */
export const selectTemplateChecking = (s: TemplateFormSnapshot) => s.matches('checking');
export const selectTemplateSaveError = (s: TemplateFormSnapshot) => (s.matches({ editing: 'failed' }) || s.matches({ editing: 'uncertain' }) ? s.context.error : null);
/** Leaving asks first while this holds. */
export const selectTemplateUnsaved = (s: TemplateFormSnapshot) => s.context.dirty && s.status !== 'done';
