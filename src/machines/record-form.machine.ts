import { assign, setup, type SnapshotFrom } from 'xstate';
import { isApiError } from '../api/errors';
import { sameValue } from '../lib/same-value';
import { loadFailureFromError, type LoadFailureContext } from './load-failure';
import { promiseNotProvided } from './not-provided';

/**
 * The flow of a create/edit form for one of the store's records (issue 7: a truck, a pickup
 * location), where a save ends on the list:
 *
 *   loading → editing.idle → saving → saved (final: "Successfully saved", back to the list)
 *      ↓          ↑               ↘ editing.failed (every value kept, the message shown; Save
 *   loadFailed ───┘ (retry)                          sends the form's values again)
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
 * - `general`: anything else (5xx, timeout, offline): nothing to fix, the same values can be sent again.
 */
export type RecordSaveError<TValues> = { kind: 'conflict'; field: (keyof TValues & string) | null } | { kind: 'refused'; message: string } | { kind: 'general' };

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
 * router and log actions are injected with `.provide()` (src/machines/trucks.live.ts, pickups.live.ts).
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
    },
    guards: {
      /** An echo of what the machine already holds changes nothing. */
      valuesChanged: ({ context, event }) => event.type === 'form.changed' && !sameValue(event.values, context.values),
    },
    actions: {
      // Injected: the journal, the snackbar, the router and the log.
      recordSaved: (_, _params: { record: TRecord }) => {},
      notifySaved: () => {},
      /** Back to the list the saved record belongs to (a truck: the tab of its status). */
      goToList: (_, _params: { record: TRecord }) => {},
      logFailure: (_, _params: { error: unknown }) => {},
      keepValues: assign(({ context }, params: { values: TValues }) => ({ values: params.values, dirty: !sameValue(params.values, context.initial) })),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ storeId: input.storeId, recordId: input.recordId, record: null, initial: null, values: null, dirty: false, error: null, loadFailure: null }),
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
            actions: assign(({ event }) => ({ record: event.output.record, initial: event.output.values, values: event.output.values, dirty: false })),
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
          'form.changed': { guard: 'valuesChanged', actions: { type: 'keepValues', params: ({ event }) => ({ values: event.values }) } },
          'form.submit': { target: 'saving', actions: [{ type: 'keepValues', params: ({ event }) => ({ values: event.values }) }, assign({ error: null })] },
        },
        states: {
          idle: {},
          failed: {
            description: 'The save failed: every value is kept and the message shows until the next attempt; Save (now Retry) sends them again.',
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
          onError: {
            target: 'editing.failed',
            actions: [assign({ error: ({ event }) => errorOf(event.error) }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
          },
        },
      },
      saved: {
        type: 'final',
        entry: ['notifySaved', { type: 'goToList', params: ({ context }) => ({ record: context.record! }) }],
      },
    },
  });
}

export type RecordFormMachine<TRecord, TValues> = ReturnType<typeof createRecordFormMachine<TRecord, TValues>>;
export type RecordFormSnapshot<TRecord, TValues> = SnapshotFrom<RecordFormMachine<TRecord, TValues>>;

export const selectFormLoading = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.matches('loading');
export const selectFormLoadFailed = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.matches('loadFailed');
export const selectFormSaving = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.matches('saving');
/** The failed save's reason while the form shows it. */
export const selectFormSaveError = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => (s.matches({ editing: 'failed' }) ? s.context.error : null);
/** Leaving asks first while this holds. */
export const selectFormUnsaved = <TRecord, TValues>(s: RecordFormSnapshot<TRecord, TValues>) => s.context.dirty && s.status !== 'done';
