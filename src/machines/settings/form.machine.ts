import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { MessageKey } from '../../i18n';
import { sameValue } from '../../lib/same-value';
import { loadFailureFromError, refusalOr, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * The flow of every settings form (business info, operators, billing, configuration):
 *
 *   loading → editing.idle → saving → editing.saved   (notifySaved: "Successfully saved")
 *      ↓          ↑                 ↘ editing.failed  (notifyFailed: the catalogue's message; every
 *   loadFailed ───┘ (retry)                            value kept; Save sends them again; back to
 *                                                      idle when the changes are discarded)
 *
 * A tab stays open after a save, so unlike the offer and template forms there is no final state:
 * the server's answer becomes the form's new baseline. react-hook-form holds the fields; every
 * change reaches the machine (`form.changed`), which knows whether the form differs from what
 * the server holds (the leave guard asks then). Each form is one typed instance of this factory:
 * `TData` is what the server answers (the load and each save), `TValues` what the form edits.
 *
 * What is typed survives a reload until it is saved or discarded: after the load,
 * `restoring` reads the draft a reload left behind (`readDraft`); while the values differ from
 * the server's they are kept as the draft (`persistDraft`, written once typing pauses, at once
 * after a failed save), and once they are the server's again (saved, discarded, typed back) the
 * draft goes (`clearDraft`). Storage is the live wiring's business (src/lib/form-draft.ts).
 */

export interface SettingsFormInput {
  storeId: number;
}

/** What a save receives: the values to send and what the form was loaded from (ids, read-only parts). */
export interface SettingsSaveInput<TData, TValues> {
  storeId: number;
  values: TValues;
  data: TData;
}

/** Whose draft: the store, and what the server answered (a form keyed by another record reads its id there). */
export interface SettingsDraftTarget<TData> {
  storeId: number;
  data: TData;
}

export interface SettingsFormContext<TData, TValues> extends LoadFailureContext {
  storeId: number;
  /** What the server last answered: the load, then each save. */
  data: TData | null;
  /** The values the server holds (from `data`): the form's baseline. */
  saved: TValues | null;
  /** The latest values: what the operator sees, kept through a failed save. */
  values: TValues | null;
  /** The values differ from the server's. */
  dirty: boolean;
  /** The catalogue message of the failed save (editing.failed). */
  error: MessageKey | null;
  /** The form opened on a draft a reload left behind (the operator is told so while it is unsaved). */
  restoredDraft: boolean;
}

export type SettingsFormEvent<TValues> =
  | { type: 'form.changed'; values: TValues }
  | { type: 'form.submit'; values: TValues }
  | { type: 'form.retryLoad' };

export interface SettingsFormDefinition<TData, TValues> {
  /** The machine's id (and the prefix of its state ids). */
  id: string;
  /** The form's values of what the server answered. */
  valuesOf: (data: TData) => TValues;
  /** The catalogue message of a failed save, chosen from the error (spec section 8). */
  failureOf: (error: unknown) => MessageKey;
}

/** A save the platform refused to the operator's role says so, whatever the form: retrying will not help. */
function saveFailureKey(error: unknown, failureOf: (error: unknown) => MessageKey): MessageKey {
  return refusalOr(error, failureOf(error));
}

/**
 * A settings form machine for one resource. The `load` and `save` actors and the journal,
 * snackbar and log actions are injected with `.provide()` (src/machines/settings/live.ts).
 */
export function createSettingsFormMachine<TData, TValues>({ id, valuesOf, failureOf }: SettingsFormDefinition<TData, TValues>) {
  const machineSetup = setup({
    types: {
      input: {} as SettingsFormInput,
      context: {} as SettingsFormContext<TData, TValues>,
      events: {} as SettingsFormEvent<TValues>,
    },
    actors: {
      load: promiseNotProvided<TData, SettingsFormInput>('load'),
      save: promiseNotProvided<TData, SettingsSaveInput<TData, TValues>>('save'),
      /** The draft a reload left behind, already validated (null: none). By default a form keeps none. */
      readDraft: fromPromise<TValues | null, SettingsDraftTarget<TData>>(async () => null),
    },
    guards: {
      /** An echo of what the machine already holds (react-hook-form's reset after a save) changes nothing. */
      valuesChanged: ({ context, event }) => event.type === 'form.changed' && !sameValue(event.values, context.values),
      /** The form shows what the server holds again (the changes were discarded or typed back). */
      backToSaved: ({ context, event }) => event.type === 'form.changed' && sameValue(event.values, context.saved),
    },
    actions: {
      // Injected: the journal, the snackbar and the log.
      /** Appends the resource's saved event to the journal (when the resource has one). */
      recordSaved: (_, _params: { data: TData }) => {},
      notifySaved: () => {},
      notifyFailed: (_, _params: { key: MessageKey }) => {},
      logFailure: (_, _params: { error: unknown }) => {},
      /** Keeps the values as the form's draft: once typing pauses, or at once (`now`) after a failed save. */
      persistDraft: (_, _params: { target: SettingsDraftTarget<TData>; values: TValues; now: boolean }) => {},
      /** Drops the draft (and a write still waiting): the form holds what the server holds. */
      clearDraft: (_, _params: { target: SettingsDraftTarget<TData> }) => {},
      keepValues: assign(({ context }, params: { values: TValues }) => ({
        values: params.values,
        dirty: !sameValue(params.values, context.saved),
      })),
    },
  });
  /** After a change: the draft keeps unsaved values, and goes once the form is the server's again. */
  const followDraft = machineSetup.enqueueActions(({ context, enqueue }) => {
    const target = { storeId: context.storeId, data: context.data! };
    if (context.dirty) enqueue({ type: 'persistDraft', params: { target, values: context.values!, now: false } });
    else enqueue({ type: 'clearDraft', params: { target } });
  });
  return machineSetup.createMachine({
    id,
    context: ({ input }) => ({ storeId: input.storeId, data: null, saved: null, values: null, dirty: false, error: null, loadFailure: null, restoredDraft: false }),
    initial: 'loading',
    states: {
      loading: {
        tags: 'busy',
        entry: assign({ loadFailure: null }),
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ storeId: context.storeId }),
          onDone: {
            target: 'restoring',
            actions: assign(({ event }) => {
              const saved = valuesOf(event.output);
              return { data: event.output, saved, values: saved, dirty: false, restoredDraft: false };
            }),
          },
          onError: { target: 'loadFailed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }] },
        },
      },
      restoring: {
        description: 'Reads the draft a reload left behind: the form opens on it when it differs from what the server holds.',
        tags: 'busy',
        invoke: {
          id: 'readDraft',
          src: 'readDraft',
          input: ({ context }) => ({ storeId: context.storeId, data: context.data! }),
          onDone: {
            target: 'editing',
            actions: assign(({ context, event }) => {
              const draft = event.output;
              if (draft === null || sameValue(draft, context.saved)) return {};
              return { values: draft, dirty: true, restoredDraft: true };
            }),
          },
          // No draft to read is no reason to keep the form closed.
          onError: { target: 'editing', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      loadFailed: {
        description: '"We have problems, please retry in a moment" with a retry.',
        on: { 'form.retryLoad': 'loading' },
      },
      editing: {
        initial: 'idle',
        on: {
          'form.changed': { guard: 'valuesChanged', actions: [{ type: 'keepValues', params: ({ event }) => ({ values: event.values }) }, followDraft] },
          'form.submit': {
            target: 'saving',
            actions: [{ type: 'keepValues', params: ({ event }) => ({ values: event.values }) }, assign({ error: null })],
          },
        },
        states: {
          idle: {},
          saved: {
            description: 'The server holds what the form shows; the saved notice went out. The next change leaves it.',
            on: {
              'form.changed': { guard: 'valuesChanged', target: 'idle', actions: [{ type: 'keepValues', params: ({ event }) => ({ values: event.values }) }, followDraft] },
            },
          },
          failed: {
            description: 'The save failed: every value is kept and the message shows until the next attempt; Save sends them again.',
            on: {
              // Discarding the changes leaves nothing to retry (other changes keep the message).
              'form.changed': {
                guard: 'backToSaved',
                target: 'idle',
                actions: [{ type: 'keepValues', params: ({ event }) => ({ values: event.values }) }, assign({ error: null }), followDraft],
              },
            },
          },
        },
      },
      saving: {
        tags: 'busy',
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => ({ storeId: context.storeId, values: context.values!, data: context.data! }),
          onDone: {
            target: 'editing.saved',
            actions: [
              assign(({ event }) => {
                const saved = valuesOf(event.output);
                return { data: event.output, saved, values: saved, dirty: false };
              }),
              { type: 'clearDraft', params: ({ context }) => ({ target: { storeId: context.storeId, data: context.data! } }) },
              { type: 'recordSaved', params: ({ event }) => ({ data: event.output }) },
              'notifySaved',
            ],
          },
          onError: {
            target: 'editing.failed',
            actions: [
              assign({ error: ({ event }) => saveFailureKey(event.error, failureOf) }),
              { type: 'notifyFailed', params: ({ event }) => ({ key: saveFailureKey(event.error, failureOf) }) },
              // What was sent is the draft now, so a reload after the failure still has it.
              { type: 'persistDraft', params: ({ context }) => ({ target: { storeId: context.storeId, data: context.data! }, values: context.values!, now: true }) },
              { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
      },
    },
  });
}

export type SettingsFormMachine<TData, TValues> = ReturnType<typeof createSettingsFormMachine<TData, TValues>>;
export type SettingsFormSnapshot<TData, TValues> = SnapshotFrom<SettingsFormMachine<TData, TValues>>;

export const selectSettingsLoading = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) => s.matches('loading') || s.matches('restoring');
export const selectSettingsLoadFailed = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) => s.matches('loadFailed');
export const selectSettingsSaving = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) => s.matches('saving');
/** The failed save's catalogue message while the form shows it. */
export const selectSettingsSaveError = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) =>
  s.matches({ editing: 'failed' }) ? s.context.error : null;
/** The last save went through and nothing changed since. */
export const selectSettingsJustSaved = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) => s.matches({ editing: 'saved' });
/** Leaving asks first while this holds: the form differs from what the server holds. */
export const selectSettingsUnsaved = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) => s.context.dirty;
/** The form opened on a draft a reload left behind, not saved or discarded since. */
export const selectSettingsRestoredDraft = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) => s.context.restoredDraft && s.context.dirty;
/** What the server last answered (the load, then each save); null before. */
export const selectSettingsData = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) => s.context.data;
/** The values the server holds: the form's baseline. */
export const selectSettingsSavedValues = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) => s.context.saved;
/** The values the form opens on, once loading (or restoring a draft) is over; null until then. */
export const selectSettingsLoadedValues = <TData, TValues>(s: SettingsFormSnapshot<TData, TValues>) => (selectSettingsLoading(s) ? null : s.context.values);
