import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../api/errors';
import { sameValue } from '../../lib/same-value';
import { loadFailureFromError, type LoadFailureContext } from './load-failure';
import { isAnswerLostError, type CreateAttempt } from './lost-answer';
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

export interface RecordFormContext<TRecord, TValues> extends LoadFailureContext {
  storeId: number;
  recordId: number | null;
  /** The record as the server last answered it (edit, or after the save). */
  record: TRecord | null;
  /** What the form opened with: the record's values or a new record's defaults. */
  initial: TValues | null;
  /** The latest values: kept through a failed save. */
  values: TValues | null;
  /** The values differ from what the form opened with. */
  dirty: boolean;
  error: RecordSaveError<TValues> | null;
  /** A create whose answer was lost: what was sent, until the check says whether it was saved. */
  attempt: CreateAttempt<TValues> | null;
  /** The save was found after its answer was lost (the notice says so). */
  answerLost: boolean;
  /** The form opened on a draft a reload left behind (the operator is told so while it is unsaved). */
  restoredDraft: boolean;
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
 */
export function createRecordFormMachine<TRecord, TValues>({ id, uniqueFields = [] }: RecordFormDefinition<TValues>) {
  const errorOf = (error: unknown) => recordSaveErrorOf<TValues>(error, uniqueFields);
  return setup({
    types: {
      input: {} as RecordFormInput,
      context: {} as RecordFormContext<TRecord, TValues>,
      events: {} as RecordFormEvent<TValues>,
    },
    actors: {
      load: promiseNotProvided<RecordFormLoaded<TRecord, TValues>, RecordFormInput>('load'),
      save: promiseNotProvided<TRecord, RecordSaveInput<TValues>>('save'),
      /** Looks up the record a create whose answer was lost would have made: it, or null. */
      findCreated: promiseNotProvided<TRecord | null, CreateAttempt<TValues>>('findCreated'),
    },
    guards: {
      /** An echo of what the machine already holds changes nothing. */
      valuesChanged: ({ context, event }) => event.type === 'form.changed' && !sameValue(event.values, context.values),
      answerLost: (_, params: { error: unknown }) => isAnswerLostError(params.error),
      found: (_, params: { record: TRecord | null }) => params.record !== null,
    },
    actions: {
      // Injected: the journal, the snackbar, the router and the log.
      recordSaved: (_, _params: { record: TRecord }) => {},
      /** "Successfully saved", or (`answerLost`) that it was saved though the answer had been lost. */
      notifySaved: (_, _params: { answerLost: boolean }) => {},
      /** Back to the list the saved record belongs to (a truck: the tab of its status). */
      goToList: (_, _params: { record: TRecord }) => {},
      logFailure: (_, _params: { error: unknown }) => {},
      /** Keeps unsaved values as the form's draft, written once typing pauses (src/lib/form-draft.ts). */
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
      loading: {
        description: 'The record being edited, or a new record’s defaults.',
        tags: 'busy',
        entry: assign({ loadFailure: null }),
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ recordId: context.recordId, storeId: context.storeId }),
          onDone: {
            target: 'editing',
            actions: assign(({ event }) => {
              const { record, values, draft } = event.output;
              const restored = draft != null && !sameValue(draft, values);
              return { record, initial: values, values: restored ? draft : values, dirty: restored, restoredDraft: restored };
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
            guard: 'valuesChanged',
            actions: [
              { type: 'keepValues', params: ({ event }) => ({ values: event.values }) },
              enqueueActions(({ context, enqueue }) => {
                const target = { storeId: context.storeId, recordId: context.recordId };
                if (context.dirty) enqueue({ type: 'persistDraft', params: { target, values: context.values! } });
                else enqueue({ type: 'clearDraft', params: { target } });
              }),
            ],
          },
          'form.submit': { target: 'saving', actions: [{ type: 'keepValues', params: ({ event }) => ({ values: event.values }) }, assign({ error: null })] },
        },
        states: {
          idle: {},
          failed: {
            description: 'The save failed: every value is kept and the message shows until the next attempt; Save (now Retry) sends them again.',
          },
          uncertain: {
            description: 'A create’s answer was lost and the check failed too: it may be saved. Save checks again first; it never creates blindly.',
            on: {
              'form.submit': {
                target: `#${id}.checking`,
                actions: [{ type: 'keepValues', params: ({ event }) => ({ values: event.values }) }, assign({ error: null })],
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
          input: ({ context }) => ({ recordId: context.recordId, values: context.values! }),
          onDone: {
            target: 'saved',
            actions: [
              assign({ record: ({ event }) => event.output, dirty: false }),
              { type: 'recordSaved', params: ({ event }) => ({ record: event.output }) },
            ],
          },
          onError: [
            {
              guard: { type: 'answerLost', params: ({ event }) => ({ error: event.error }) },
              target: 'checking',
              actions: [
                assign({ attempt: ({ event }) => (isAnswerLostError(event.error) ? (event.error.attempt as CreateAttempt<TValues>) : null) }),
                { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
            {
              target: 'editing.failed',
              actions: [assign({ error: ({ event }) => errorOf(event.error) }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
            },
          ],
        },
      },
      checking: {
        description: 'The create’s answer was lost: is the record on the server? Looked up by what was sent, among records that did not exist before.',
        tags: 'busy',
        invoke: {
          id: 'findCreated',
          src: 'findCreated',
          input: ({ context }) => context.attempt!,
          onDone: [
            {
              guard: { type: 'found', params: ({ event }) => ({ record: event.output }) },
              target: 'saved',
              actions: [
                assign({ record: ({ event }) => event.output, dirty: false, answerLost: true, attempt: null }),
                { type: 'recordSaved', params: ({ event }) => ({ record: event.output! }) },
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
          { type: 'clearDraft', params: ({ context }) => ({ target: { storeId: context.storeId, recordId: context.recordId } }) },
          { type: 'notifySaved', params: ({ context }) => ({ answerLost: context.answerLost }) },
          { type: 'goToList', params: ({ context }) => ({ record: context.record! }) },
        ],
      },
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
