import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../api/errors';
import { sameValue } from '../../lib/same-value';
import { draftFormActors, draftFormGuards, draftFormStates, type FormCoreContext } from './draft-form';
import type { CreateAttempt } from './lost-answer';
import { promiseNotProvided } from './not-provided';

/**
 * The flow of a create/edit form for one of the store's records (a truck, a pickup
 * location), where a save ends on the list:
 *
 *   loading → editing.idle → saving → saved (final: "Successfully saved", back to the list)
 *      ↓          ↑               ↘ editing.failed (every value kept, the message shown; Save
 *   loadFailed ───┘ (retry)                          sends the form's values again)
 *
 * A create whose answer was lost (timeout, dropped connection: src/machines/shared/lost-answer.ts) may
 * have been stored, so it is never sent again blindly:
 *
 *   saving ─(answer lost)→ checking ─found→ saved ("It was saved; the answer had been lost on the way")
 *                            │  └─not found→ editing.failed (not saved: every value kept, Retry creates)
 *                            └─the check failed→ editing.uncertain (Save checks again first)
 *
 * react-hook-form holds the fields; every change reaches the machine (`form.changed`), which knows
 * whether the form differs from what it opened with (the leave guard asks then). Each form is one
 * typed instance of this factory: `TRecord` is what the server answers (the edit's load, each
 * save), `TValues` what the form edits. The load answers both: the record being edited (null for
 * a new one) and the values the form starts from (a new record's defaults may need a look-up,
 * e.g. the store's country).
 */

export interface RecordFormInput {
  /** null: a new record. */
  recordId: number | null;
  storeId: number;
}

export interface RecordFormLoaded<TRecord, TValues> {
  record: TRecord | null;
  values: TValues;
  /** What was typed before a reload, not saved yet: the form opens on it. */
  draft?: TValues | null;
}

/** Whose draft: the form's record (null: a new one) in the store. */
export interface RecordDraftTarget {
  storeId: number;
  recordId: number | null;
}

export interface RecordSaveInput<TValues> {
  recordId: number | null;
  values: TValues;
}

/**
 * Why a save failed, for the form to say:
 * - `conflict` (HTTP 409): the server holds another record with the same value in `field` (a
 *   truck's plate or name); the message goes beside that field. The server names the field at the
 *   start of its message ("plate: 4821 LKM is already…"); without one, the form's first unique field;
 * - `refused` (HTTP 400): the server's message, as it answered it;
 * - `general`: anything else (5xx, timeout, offline): nothing to fix, the same values can be sent again;
 * - `notSaved`: a create's answer was lost and the server holds no such record: sending it again is safe;
 * - `unconfirmed`: a create's answer was lost and the check could not be made either: Save checks again first.
 */
export type RecordSaveError<TValues> =
  | { kind: 'conflict'; field: (keyof TValues & string) | null }
  | { kind: 'refused'; message: string }
  | { kind: 'general' }
  | { kind: 'notSaved' }
  | { kind: 'unconfirmed' };

export function recordSaveErrorOf<TValues>(error: unknown, uniqueFields: readonly (keyof TValues & string)[]): RecordSaveError<TValues> {
  if (isApiError(error) && error.kind === 'http') {
    if (error.status === 409) {
      const named = /^(\w+):/.exec(error.message)?.[1];
      return { kind: 'conflict', field: uniqueFields.find((field) => field === named) ?? uniqueFields[0] ?? null };
    }
    if (error.status === 400 && error.message !== '') return { kind: 'refused', message: error.message };
  }
  return { kind: 'general' };
}

export interface RecordFormContext<TRecord, TValues> extends FormCoreContext<TValues> {
  recordId: number | null;
  /** The record as the server last answered it (edit, or after the save). */
  record: TRecord | null;
  error: RecordSaveError<TValues> | null;
}

export type RecordFormEvent<TValues> = { type: 'form.changed'; values: TValues } | { type: 'form.submit'; values: TValues } | { type: 'form.retryLoad' };

export interface RecordFormDefinition<TValues> {
  /** The machine's id (and the prefix of its state ids). */
  id: string;
  /** The fields whose value must be unique in the store (a 409 names one), the likeliest first. */
  uniqueFields?: readonly (keyof TValues & string)[];
}

/**
 * A form machine for one kind of record. The `load` and `save` actors and the journal, snackbar,
 * router and log actions are injected with `.provide()` (src/machines/trucks/live.ts, pickups/live.ts).
 * Its states are the shared record-form states (draft-form.ts) with the record forms' choices:
 * the draft written on each change, Save as the retry, a 409 said beside its field.
 */
export function createRecordFormMachine<TRecord, TValues>({ id, uniqueFields = [] }: RecordFormDefinition<TValues>) {
  type Context = RecordFormContext<TRecord, TValues>;
  const draftTarget = (context: Context): RecordDraftTarget => ({ storeId: context.storeId, recordId: context.recordId });
  const shared = draftFormStates<TValues, TRecord, Context, RecordFormEvent<TValues>, { record: TRecord }, { target: RecordDraftTarget }, { record: TRecord }>({
    id,
    keep: (record) => ({ record }),
    recordSaved: (record) => ({ record }),
    draftOf: (context) => ({ target: draftTarget(context) }),
    draftWrites: 'eachChange',
    errorOf: (error) => recordSaveErrorOf<TValues>(error, uniqueFields),
    goToList: (context) => ({ record: context.record! }),
  });
  return setup({
    types: {
      input: {} as RecordFormInput,
      context: {} as Context,
      events: {} as RecordFormEvent<TValues>,
    },
    actors: {
      ...draftFormActors<RecordFormInput, RecordFormLoaded<TRecord, TValues>, TRecord, CreateAttempt<TValues>>(),
      save: promiseNotProvided<TRecord, RecordSaveInput<TValues>>('save'),
    },
    guards: {
      ...draftFormGuards<TRecord>(),
      /** An echo of what the machine already holds changes nothing. */
      valuesChanged: ({ context, event }) => event.type === 'form.changed' && !sameValue(event.values, context.values),
    },
    actions: {
      // Injected: the journal, the snackbar, the router and the log.
      recordSaved: (_, _params: { record: TRecord }) => {},
      /** "Successfully saved", or (`answerLost`) that it was saved though the answer had been lost. */
      notifySaved: (_, _params: { answerLost: boolean }) => {},
      /** Back to the list the saved record belongs to (a truck: the tab of its status). */
      goToList: (_, _params: { record: TRecord }) => {},
      logFailure: (_, _params: { error: unknown }) => {},
      /** Keeps unsaved values as the form's draft, written as each change comes (src/lib/form-draft.ts). */
      persistDraft: (_, _params: { target: RecordDraftTarget; values: TValues }) => {},
      /** Drops the draft: saved, or typed back to what the form opened with. */
      clearDraft: (_, _params: { target: RecordDraftTarget }) => {},
      keepValues: assign(({ context }, params: { values: TValues }) => ({ values: params.values, dirty: !sameValue(params.values, context.initial) })),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({
      storeId: input.storeId,
      recordId: input.recordId,
      record: null,
      initial: null,
      values: null,
      dirty: false,
      error: null,
      attempt: null,
      answerLost: false,
      restoredDraft: false,
      loadFailure: null,
    }),
    initial: 'loading',
    states: {
      loading: shared.loading({
        description: 'The record being edited, or a new record’s defaults.',
        input: ({ context }) => ({ recordId: context.recordId, storeId: context.storeId }),
        loaded: ({ record, values, draft }: RecordFormLoaded<TRecord, TValues>) => {
          const restored = draft != null && !sameValue(draft, values);
          return { record, initial: values, values: restored ? draft : values, dirty: restored, restoredDraft: restored };
        },
      }),
      loadFailed: shared.loadFailed,
      editing: {
        initial: 'idle',
        on: {
          // The draft follows each change: written while the form differs from what it opened with, else dropped.
          'form.changed': {
            guard: 'valuesChanged',
            actions: [
              { type: 'keepValues', params: ({ event }) => ({ values: event.values }) },
              enqueueActions(({ context, enqueue }) => {
                const target = draftTarget(context);
                if (context.dirty) enqueue({ type: 'persistDraft', params: { target, values: context.values! } });
                else enqueue({ type: 'clearDraft', params: { target } });
              }),
            ],
          },
          'form.submit': shared.submit,
        },
        states: { idle: {}, failed: shared.failed, uncertain: shared.uncertain },
      },
      saving: shared.saving('save', { input: ({ context }) => ({ recordId: context.recordId, values: context.values! }) }),
      checking: shared.checking({
        description: 'The create’s answer was lost: is the record on the server? Looked up by what was sent, among records that did not exist before.',
        input: ({ context }) => context.attempt!,
        found: 'saved',
      }),
      saved: shared.saved,
    },
  });
}

export type RecordFormMachine<TRecord, TValues> = ReturnType<typeof createRecordFormMachine<TRecord, TValues>>;
export type RecordFormSnapshot<TRecord, TValues> = SnapshotFrom<RecordFormMachine<TRecord, TValues>>;

export const selectFormLoading = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.matches('loading');
export const selectFormLoadFailed = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.matches('loadFailed');
/** What the form opened with: the record's values or a new record's defaults (null until loaded). */
export const selectFormInitial = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.context.initial;
export const selectFormSaving = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.matches('saving') || s.matches('checking');
/** A create's answer was lost: the form is finding out whether it was saved. */
export const selectFormChecking = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.matches('checking');
/** The failed save's reason while the form shows it. */
export const selectFormSaveError = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) =>
  s.matches({ editing: 'failed' }) || s.matches({ editing: 'uncertain' }) ? s.context.error : null;
/** Leaving asks first while this holds. */
export const selectFormUnsaved = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.context.dirty && s.status !== 'done';
/** The form opened on a draft a reload left behind, not saved or typed back since. */
export const selectFormRestoredDraft = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.context.restoredDraft && s.context.dirty && s.status !== 'done';
