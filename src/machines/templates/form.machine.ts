import { assign, setup, type SnapshotFrom } from 'xstate';
import * as z from 'zod';
import { formDraftKey } from '../../lib/form-draft';
import type { Lookups } from '../../api/lookups';
import type { Media } from '../../api/offers';
import type { Template, TemplateInput } from '../../api/templates';
import { blankOfferValues, OfferDetailsDraftSchema, offerDetailsOf, type OfferDetails } from '../offers/form.machine';
import { draftFormActions, draftFormActors, draftFormContext, draftFormGuards, draftFormStates, draftIds, draftNumber, openedOn, saveErrorOf, type DraftFormContext, type DraftFormEvent } from '../shared/draft-form';
import type { CreateAttempt } from '../shared/lost-answer';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The offer template form's flow: create (/operations/templates/create) and edit
 * (/operations/templates/{tab}/{id}). It is the shared draft form's flow
 * (src/machines/shared/draft-form.ts) and nothing more, with the template as its record:
 *
 * loading → editing → saving → saved
 *             ↘ editing.failed (every field kept, the message shown, Retry saves again)
 *
 * saving ─(answer lost)→ checking ─found→ saved ("the answer had been lost") | not found → editing.failed
 * (Retry creates) | the check failed → editing.uncertain (Retry checks again first).
 */

/**
 * What the template form holds: its own fields and the details of the offers it makes. Times in
 * milliseconds (only their times of day matter); an empty number is NaN.
 */
export interface TemplateFormValues extends OfferDetails {
  name: string;
  /** How many portions each day's offer gets (template_quantity on the wire). */
  template_quantity: number;
  repeat_on_days: number[];
}

/** sessionStorage key of a draft; the `console.` prefix makes sign-out clear it. */
export const templateDraftKey = (templateId: number | null) => formDraftKey('template', templateId);

/** A draft as stored (JSON has no NaN: empty numbers are null). Anything else is ignored. */
export const TemplateDraftSchema = OfferDetailsDraftSchema.extend({
  name: z.string(),
  template_quantity: draftNumber,
  repeat_on_days: draftIds,
}) satisfies z.ZodType<TemplateFormValues, unknown>;

/** A new template: a new offer's details (its default windows, nothing typed), no weekdays. */
export function blankTemplateValues(at: number): TemplateFormValues {
  return { name: '', template_quantity: Number.NaN, repeat_on_days: [], ...offerDetailsOf(blankOfferValues(at)) };
}

/** The form's values of a template being edited: its own fields and its embedded offer's. */
export function valuesFromTemplate(template: Template): TemplateFormValues {
  return {
    name: template.name,
    template_quantity: template.template_quantity,
    repeat_on_days: [...template.repeat_on_days],
    ...offerDetailsOf(template.offer),
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

/** The page's template (null: a new one) in the store. */
export interface TemplateFormInput {
  templateId: number | null;
  storeId: number;
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

export interface TemplateFormContext extends DraftFormContext<TemplateFormValues> {
  templateId: number | null;
  /** The template as the server last answered it (edit, or after a save). */
  template: Template | null;
}

export type TemplateFormEvent = DraftFormEvent<TemplateFormValues> | { type: 'form.mediaUploaded'; media: Media[] };

const shared = draftFormStates<TemplateFormValues, Template, TemplateFormContext, TemplateFormEvent, { template: Template }>({
  id: 'templateForm',
  keep: (template) => ({ template, templateId: template.id }),
  recordSaved: (template) => ({ template }),
  draftOf: ({ draftId }) => ({ draftId }),
  draftWrites: 'debounced',
  errorOf: saveErrorOf,
});

export const templateFormMachine = setup({
  types: {
    input: {} as TemplateFormInput,
    context: {} as TemplateFormContext,
    events: {} as TemplateFormEvent,
  },
  actors: {
    ...draftFormActors<TemplateFormInput, TemplateFormLoaded, Template, CreateAttempt<TemplateFormValues>>(),
    saveTemplate: promiseNotProvided<Template, SaveTemplateInput>('saveTemplate'),
  },
  guards: draftFormGuards<Template>(),
  actions: {
    ...draftFormActions<TemplateFormValues>(),
    // Injected: the journal.
    recordSaved: (_, _params: { template: Template }) => {},
  },
}).createMachine({
  id: 'templateForm',
  context: ({ input }) => ({ ...draftFormContext<TemplateFormValues>(input.storeId, input.templateId), templateId: input.templateId, template: null }),
  initial: 'loading',
  states: {
    loading: shared.loading({
      description: 'The option groups, the template being edited and any draft left by a reload.',
      input: ({ context }) => ({ templateId: context.templateId, storeId: context.storeId }),
      loaded: ({ lookups, template, draft }: TemplateFormLoaded) => ({ lookups, template, ...openedOn(draft, template ? valuesFromTemplate(template) : null) }),
    }),
    loadFailed: shared.loadFailed,
    editing: {
      initial: 'idle',
      on: {
        ...shared.editingEvents,
        // The edit page's image upload answers the template's media.
        'form.mediaUploaded': {
          guard: ({ context }) => context.template !== null,
          actions: assign({ template: ({ context, event }) => ({ ...context.template!, media: event.media }) }),
        },
      },
      states: { idle: {}, failed: shared.failedWithRetry, uncertain: shared.uncertainWithRetry },
    },
    saving: shared.saving('saveTemplate', { input: ({ context }) => ({ templateId: context.templateId, values: context.values! }) }),
    checking: shared.checking({
      description: 'The create’s answer was lost: is the template on the server? Looked up by its name, created since the attempt, as it was sent.',
      input: ({ context }) => context.attempt!,
      found: 'saved',
    }),
    saved: shared.saved,
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
/** The template as the server last answered it (edit, or after a save); null for a new one not saved yet. */
export const selectSavedTemplate = (s: TemplateFormSnapshot) => s.context.template;
