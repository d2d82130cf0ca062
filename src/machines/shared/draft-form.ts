import { assign, cancel, raise, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import * as z from 'zod';
import type { Lookups } from '../../api/lookups';
import { FORM_DRAFT_DEBOUNCE_MS } from '../../lib/form-draft';
import { sameValue } from '../../lib/same-value';
import { loadFailureFromError, type LoadFailureContext } from './load-failure';
import { isAnswerLostError, type CreateAttempt } from './lost-answer';
import { promiseNotProvided } from './not-provided';

/**
 * The one record-form flow: the offer and template forms (below) and, through
 * `createRecordFormMachine` (record-form.machine.ts), the truck and pickup forms. A form whose every
 * change is kept as a draft, so a reload or a failed save loses nothing.
 *
 *   loading → editing.idle → saving → saved (final: draft cleared, "Successfully saved", the list)
 *      ↓          ↑              ↘ editing.failed (every field kept, the message shown, Retry saves again)
 *   loadFailed ───┘ (retry)
 *
 * A create whose answer was lost (timeout, dropped connection) may be stored: it is looked up
 * before anything is sent again (src/machines/shared/lost-answer.ts):
 *
 *   saving ─(answer lost)→ checking ─found→ saved ("It was saved; the answer had been lost on the way")
 *                            │  └─not found→ editing.failed (not saved: every field kept, Retry creates)
 *                            └─the check failed→ editing.uncertain (Retry checks again first)
 *
 * Each form is its own `setup().createMachine()`: it declares its actors (its save is its own:
 * `saveOffer`, `saveTemplate`), keeps its record in its own context fields and adds its own states
 * (the offer's "Save as template" steps). `draftFormStates` gives it, typed for its context and
 * events, the states and transitions above; they run only the actions and guards every such form
 * declares (`draftFormActions`, `draftFormGuards`, and its own `recordSaved`).
 *
 * What genuinely differs between the two kinds of form is an explicit option of `draftFormStates`
 * (`draftOf`, `draftWrites`, `errorOf`, `goToList`) or a second variant of a state: the offer and
 * template forms have a Retry event (`failedWithRetry`, `uncertainWithRetry`); on the truck and
 * pickup forms Save is the retry (`failed`, `uncertain`) and they write the draft on each change
 * with their own `form.changed` instead of `editingEvents`.
 *
 * react-hook-form holds the values; the machine gets them with each `form.changed` (for the draft)
 * and `form.submit` (for the save), so a failed save still has them to retry.
 */

/** How long typing must pause before the draft is written. */
export const DRAFT_DEBOUNCE_MS = FORM_DRAFT_DEBOUNCE_MS;

/**
 * Why the last save failed: the server's 400 message (a rule's wording), or a general failure;
 * after a create's answer was lost, `notSaved` (it is not on the server: Retry creates it) or
 * `unconfirmed` (the check failed too: Retry checks first).
 */
export type DraftSaveError = { kind: 'server'; message: string } | { kind: 'general' } | { kind: 'notSaved' } | { kind: 'unconfirmed' };

/** The server's words for a 400 (they are the rule's message); anything else is a general failure. */
export function saveErrorOf(error: unknown): DraftSaveError {
  if (error && typeof error === 'object' && 'kind' in error && 'status' in error && error.kind === 'http' && error.status === 400) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return { kind: 'server', message };
  }
  return { kind: 'general' };
}

/** A stored draft's number: JSON has no NaN, so an empty number input is stored as null. */
export const draftNumber = z
  .number()
  .nullable()
  .transform((n) => n ?? Number.NaN);
/** A stored draft's list of ids (weekdays, option groups). */
export const draftIds = z.array(z.number().int());

/**
 * What the shared states read and write, in every record form's context. `error` is the form's
 * own reason type (DraftSaveError, or the record forms' RecordSaveError with its 409).
 */
export interface FormCoreContext<TValues> extends LoadFailureContext {
  storeId: number;
  /** What the form starts from: a restored draft, the record's values, or null (a blank form). */
  initial: TValues | null;
  /** The form holds changes not saved yet (a restored draft counts). */
  dirty: boolean;
  /** The latest values: written as the draft, and what Retry saves again. */
  values: TValues | null;
  error: { kind: string } | null;
  /** The form opened on a draft a reload left behind (the operator is told so). */
  restoredDraft: boolean;
  /** A create whose answer was lost: what was sent, until the check says whether it was saved. */
  attempt: CreateAttempt<TValues> | null;
  /** The record was found after its answer was lost (the notice says so). */
  answerLost: boolean;
}

/** What the offer and template forms hold; each adds its record's fields (its id, the record as last answered). */
export interface DraftFormContext<TValues> extends FormCoreContext<TValues> {
  /** The draft stays under the key the page opened with ("new" for a create), even once saved. */
  draftId: number | null;
  lookups: Lookups | null;
  error: DraftSaveError | null;
}

/** The shared part of a draft form's first context: the page's store and record (null: a new one). */
export function draftFormContext<TValues>(storeId: number, recordId: number | null): DraftFormContext<TValues> {
  return {
    storeId,
    draftId: recordId,
    lookups: null,
    initial: null,
    dirty: false,
    values: null,
    error: null,
    restoredDraft: false,
    attempt: null,
    answerLost: false,
    loadFailure: null,
  };
}

/** Once loaded, the form opens on the draft a reload left behind, else on the record's values (null: blank). */
export function openedOn<TValues>(draft: TValues | null, recordValues: TValues | null) {
  return { initial: draft ?? recordValues, values: draft, dirty: draft !== null, restoredDraft: draft !== null };
}

/** The events every draft form takes; a form adds its own (an image uploaded, a template chosen). */
export type DraftFormEvent<TValues> =
  | { type: 'form.changed'; values: TValues }
  | { type: 'form.submit'; values: TValues }
  | { type: 'form.retry' }
  | { type: 'form.retryLoad' }
  | { type: 'draft.persist' };

/**
 * The actors the shared states invoke, for each form's `setup` (besides its own save): the load
 * (`TInput` → `TLoaded`) and the look-up after a lost answer (`TFindInput` → the record, or null).
 */
export function draftFormActors<TInput, TLoaded, TRecord, TFindInput>() {
  return {
    load: promiseNotProvided<TLoaded, TInput>('load'),
    /** Looks up the record a create whose answer was lost would have made: it, or null. */
    findCreated: promiseNotProvided<TRecord | null, TFindInput>('findCreated'),
  };
}

/**
 * The named actions the shared states run, for each form's `setup` (besides its own `recordSaved`,
 * whose params name its record). Injected: the snackbar, the router, sessionStorage and the log.
 */
export function draftFormActions<TValues>() {
  return {
    /** "Successfully saved", or (`answerLost`) that it was saved though the answer had been lost. */
    notifySaved: (_: unknown, _params: { answerLost: boolean }) => {},
    goToList: () => {},
    persistDraft: (_: unknown, _params: { draftId: number | null; values: TValues }) => {},
    clearDraft: (_: unknown, _params: { draftId: number | null }) => {},
    logFailure: (_: unknown, _params: { error: unknown }) => {},
  };
}

/** The named guards the shared states use, for each form's `setup`. */
export function draftFormGuards<TRecord>() {
  return {
    answerLost: (_: unknown, params: { error: unknown }) => isAnswerLostError(params.error),
    found: (_: unknown, params: { record: TRecord | null }) => params.record !== null,
  };
}

/** The explicit differences between the offer/template forms and the truck/pickup forms. */
export interface DraftFormDefinition<TRecord, TContext, TSaved, TDraftKey, TListParams> {
  /** The machine's id: Retry's targets name it (`#offerForm.saving`). */
  id: string;
  /** What the form keeps of a saved record (the save's answer, or the record found after a lost answer). */
  keep: (record: TRecord) => Partial<TContext>;
  /** The form's `recordSaved` params for a saved record (the journal's event names it). */
  recordSaved: (record: TRecord) => TSaved;
  /** Whose draft `persistDraft` and `clearDraft` name (`{ draftId }`; a record form's `{ target }`). */
  draftOf: (context: TContext) => TDraftKey;
  /**
   * When the draft is written:
   * - `debounced` (offer, template): once typing pauses (`editingEvents`); the save cancels a
   *   pending write and a failed save writes what was submitted. Submitted values are unsaved work.
   * - `eachChange` (truck, pickup): the form writes it on each change itself; the form is unsaved
   *   while its values differ from what it opened with.
   */
  draftWrites: 'debounced' | 'eachChange';
  /** Why a save failed, for the form to say (the record forms name a 409's field). */
  errorOf: (error: unknown) => TContext extends { error: infer E } ? E : never;
  /** The `goToList` params, for a form whose list depends on the saved record (a truck: its status tab). */
  goToList?: (context: TContext) => TListParams;
}

/**
 * The shared states and transitions, typed for one form: `TValues` is what it edits, `TRecord`
 * what its save answers, `TContext` and `TEvent` its machine's context and events (the shared ones
 * and its own), `TSaved` its `recordSaved` params, `TDraftKey` whose draft, `TListParams` its
 * `goToList` params.
 */
export function draftFormStates<
  TValues,
  TRecord,
  TContext extends FormCoreContext<TValues>,
  TEvent extends EventObject,
  TSaved,
  TDraftKey = { draftId: number | null },
  TListParams = undefined,
>({ id, keep, recordSaved, draftOf, draftWrites, errorOf, goToList }: DraftFormDefinition<TRecord, TContext, TSaved, TDraftKey, TListParams>) {
  type Args<TExpressionEvent extends EventObject> = { context: TContext; event: TExpressionEvent };
  type ValuesEvent = { type: string; values: TValues };
  type SavedEvent = DoneActorEvent<TRecord>;

  // The shared states write only DraftFormContext's fields, which a form's context extends with
  // fields of its own without narrowing them: such a patch is a patch of the form's context. The
  // generic context hides that from TypeScript, hence the cast (and, below, `draft.persist` is
  // one of the form's events: TEvent includes DraftFormEvent).
  const update = <TExpressionEvent extends EventObject>(patch: (args: Args<TExpressionEvent>) => Partial<FormCoreContext<TValues>>) =>
    assign<TContext, TExpressionEvent, undefined, TEvent, never>((args) => patch(args) as Partial<TContext>);
  const keepRecord = <TExpressionEvent extends EventObject>(recordOf: (event: TExpressionEvent) => TRecord, extra: Partial<FormCoreContext<TValues>> = {}) =>
    assign<TContext, TExpressionEvent, undefined, TEvent, never>(({ event }) => ({ ...keep(recordOf(event)), ...extra }));

  const logFailure = { type: 'logFailure', params: ({ event }: Args<ErrorActorEvent>) => ({ error: event.error }) } as const;
  const persistDraft = { type: 'persistDraft', params: ({ context }: Args<EventObject>) => ({ ...draftOf(context), values: context.values! }) } as const;
  const debounced = draftWrites === 'debounced';
  const takeValues = update<ValuesEvent>(({ context, event }) => ({
    values: event.values,
    error: null,
    dirty: debounced || !sameValue(event.values, context.initial),
  }));
  const clearError = update<EventObject>(() => ({ error: null }));
  const submit = { target: 'saving', actions: takeValues } as const;
  const checkAgain = { target: `#${id}.checking`, actions: takeValues } as const;
  const failedDescription = 'The save failed: every field is kept, the message shows, Retry saves the same values.';
  const uncertainDescription = 'A create’s answer was lost and the check failed too: it may be saved. Retry checks again first; it never creates blindly.';
  // A debounced draft is written on failure (the save cancelled its pending write); the others already are.
  const failureActions = debounced ? ([persistDraft, logFailure] as const) : ([logFailure] as const);

  /** The save answered: the record is kept (a retry now updates it, never creates a second one) and journaled. */
  const saved = <TTarget extends string>(target: TTarget) =>
    ({
      target,
      actions: [keepRecord<SavedEvent>((event) => event.output), { type: 'recordSaved', params: ({ event }: Args<SavedEvent>) => recordSaved(event.output) }],
    }) as const;

  /**
   * The save failed. A lost answer goes to the check (a create may be stored); anything else to
   * editing.failed with the reason. Either way what was submitted becomes the draft: the save
   * cancelled the pending write, and a reload after the failure still has the last keystrokes.
   */
  const saveFailed = [
    {
      guard: { type: 'answerLost', params: ({ event }: Args<ErrorActorEvent>) => ({ error: event.error }) },
      target: 'checking',
      actions: [
        update<ErrorActorEvent>(({ event }) => ({ attempt: isAnswerLostError(event.error) ? (event.error.attempt as CreateAttempt<TValues>) : null })),
        ...failureActions,
      ],
    },
    {
      target: 'editing.failed',
      actions: [update<ErrorActorEvent>(({ event }) => ({ error: errorOf(event.error) })), ...failureActions],
    },
  ] as const;

  return {
    /** The load: the option groups, the record being edited and any draft a reload left behind. */
    loading: <TInput, TLoaded>(state: { description: string; input: (args: Args<TEvent>) => TInput; loaded: (output: TLoaded) => Partial<TContext> }) =>
      ({
        description: state.description,
        tags: 'busy',
        entry: update<TEvent>(() => ({ loadFailure: null })),
        invoke: {
          id: 'load',
          src: 'load',
          input: state.input,
          onDone: { target: 'editing', actions: assign<TContext, DoneActorEvent<TLoaded>, undefined, TEvent, never>(({ event }) => state.loaded(event.output)) },
          onError: {
            target: 'loadFailed',
            actions: [update<ErrorActorEvent>(({ event }) => ({ loadFailure: loadFailureFromError({ event }) })), logFailure],
          },
        },
      }) as const,

    loadFailed: {
      description: '"We have problems, please retry in a moment" with a retry.',
      on: { 'form.retryLoad': 'loading' },
    } as const,

    /** Save: the values go to `saving`, kept until the server has them (a failure must not lose them). */
    submit,

    /** The `debounced` editing state's events: every change kept (the draft written once typing pauses), and Save. */
    editingEvents: {
      'form.changed': {
        // Debounced: each change restarts the wait, so a burst of typing writes once.
        actions: [
          update<ValuesEvent>(({ event }) => ({ values: event.values, dirty: true })),
          cancel<TContext, ValuesEvent, undefined, TEvent>('persistDraft'),
          raise<TContext, ValuesEvent, TEvent, undefined>({ type: 'draft.persist' } as TEvent, { id: 'persistDraft', delay: DRAFT_DEBOUNCE_MS }),
        ],
      },
      'draft.persist': {
        guard: ({ context }: Args<EventObject>) => context.values !== null,
        actions: persistDraft,
      },
      'form.submit': submit,
    } as const,

    /** The save failed; Save (its button now reads Retry) sends the form's values again. */
    failed: { description: failedDescription } as const,

    /** The check failed; Save checks again first. */
    uncertain: { description: uncertainDescription, on: { 'form.submit': checkAgain } } as const,

    /** `failed`, for a form with its own Retry event (offer, template): Retry saves the same values again. */
    failedWithRetry: {
      description: failedDescription,
      on: { 'form.retry': { target: `#${id}.saving`, actions: clearError } },
    } as const,

    /** `uncertain`, for a form with its own Retry event: Retry, or Save, checks again first. */
    uncertainWithRetry: {
      description: uncertainDescription,
      on: { 'form.retry': { target: `#${id}.checking`, actions: clearError }, 'form.submit': checkAgain },
    } as const,

    /**
     * The save, by the form's own actor (`src`, also the invoke's id), then saved; or first the
     * form's `extraStep` when its guard holds (the offer's "Save as template"). The step's guard
     * and target are the argument's (NoInfer: not guessed from what the machine config expects).
     */
    saving: <TSrc extends string, TInput, TGuard extends string = never, TStep extends string = never>(
      src: TSrc,
      state: { input: (args: Args<TEvent>) => TInput; extraStep?: { guard: TGuard; target: TStep } },
    ) =>
      ({
        tags: 'busy',
        // A pending debounced write must not resurrect the draft after the save clears it.
        entry: debounced ? cancel<TContext, TEvent, undefined, TEvent>('persistDraft') : [],
        invoke: {
          id: src,
          src,
          input: state.input,
          onDone: state.extraStep
            ? ([{ guard: state.extraStep.guard as NoInfer<TGuard>, ...saved(state.extraStep.target as NoInfer<TStep>) }, saved('saved')] as const)
            : saved('saved'),
          onError: saveFailed,
        },
      }) as const,

    /**
     * The create's answer was lost: is the record on the server? Found, it is saved as if the answer
     * had come, then on to `found`; not there, editing.failed (Retry creates); the check failing
     * too, editing.uncertain (Retry checks again first).
     */
    checking: <TInput, TFound extends string>(state: { description: string; input: (args: Args<TEvent>) => TInput; found: TFound }) =>
      ({
        description: state.description,
        tags: 'busy',
        invoke: {
          id: 'findCreated',
          src: 'findCreated',
          input: state.input,
          onDone: [
            {
              guard: { type: 'found', params: ({ event }: Args<DoneActorEvent<TRecord | null>>) => ({ record: event.output }) },
              target: state.found,
              actions: [
                keepRecord<DoneActorEvent<TRecord | null>>((event) => event.output!, { answerLost: true, attempt: null }),
                { type: 'recordSaved', params: ({ event }: Args<DoneActorEvent<TRecord | null>>) => recordSaved(event.output!) },
              ],
            },
            { target: 'editing.failed', actions: update<EventObject>(() => ({ error: { kind: 'notSaved' }, attempt: null })) },
          ],
          onError: {
            target: 'editing.uncertain',
            actions: [update<ErrorActorEvent>(() => ({ error: { kind: 'unconfirmed' } })), logFailure],
          },
        },
      }) as const,

    /** Saved (final): the draft cleared, "Successfully saved" (or saved after a lost answer), back to the list. */
    saved: {
      type: 'final',
      entry: [
        update<TEvent>(() => ({ dirty: false })),
        { type: 'clearDraft', params: ({ context }: Args<TEvent>) => draftOf(context) },
        { type: 'notifySaved', params: ({ context }: Args<TEvent>) => ({ answerLost: context.answerLost }) },
        { type: 'goToList', params: ({ context }: Args<TEvent>) => (goToList ? goToList(context) : (undefined as TListParams)) },
      ],
    } as const,
  };
}

/** What the selectors below read of a draft form's snapshot, whichever form it is (the offer's, the template's). */
interface DraftFormSnapshot<TValues> {
  context: DraftFormContext<TValues>;
  matches(state: 'loading' | 'loadFailed'): boolean;
}

/** The option groups, the record and any draft are loading. */
export const selectDraftFormLoading = <TValues>(s: DraftFormSnapshot<TValues>) => s.matches('loading');
export const selectDraftFormLoadFailed = <TValues>(s: DraftFormSnapshot<TValues>) => s.matches('loadFailed');
/** What the form starts from once loaded: a restored draft, the record's values, or null (a blank form). */
export const selectDraftFormInitial = <TValues>(s: DraftFormSnapshot<TValues>) => s.context.initial;
/** The option groups the form offers (null until loaded). */
export const selectDraftFormLookups = <TValues>(s: DraftFormSnapshot<TValues>) => s.context.lookups;
