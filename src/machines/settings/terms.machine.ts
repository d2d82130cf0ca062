import { assign, setup, type SnapshotFrom } from 'xstate';
import { isForbidden } from '../../api/errors';
import { loadFailureFromError, type LoadFailureContext } from '../shared/load-failure';
import { promiseNotProvided } from '../shared/not-provided';

/**
 * Settings → Terms: the platform's special terms of the store and their acceptance
 * (POST /stores/profile/accept_conditions/{id}).
 *
 * - The terms come from the store projection when the shell already loaded the profile (input);
 *   otherwise the tab reads them itself (GET /stores/profile/{id}). That read is the tab's own:
 *   it is not journalled as store.profileLoaded, which would also reset the bell's read marks.
 * - "I accept the terms" asks for a confirmation first. Once accepted, the tab shows when and
 *   offers "Accept the updated terms" (same confirmation): the platform sends no terms version,
 *   so the console cannot tell whether the text changed since; accepting again records the new
 *   date, and the latest acceptance is the one that binds
 *   (docs/decisions/009-terms-profile-notifications-push.md).
 * - A refused accept keeps the page and the terms; the error stays until the next attempt.
 */
export interface StoreTerms {
  text: string;
  /** When the store accepted them (ms); null while not accepted. */
  acceptDate: number | null;
}

export interface TermsContext extends LoadFailureContext {
  storeId: number;
  terms: StoreTerms | null;
  /** The last accept was refused (shown until the next attempt). */
  acceptFailed: boolean;
  /** The platform refused the acceptance to the operator's role (403): said as such, not as a failure to retry. */
  acceptForbidden: boolean;
}

export type TermsEvent =
  /** "I accept the terms": opens the confirmation. */
  | { type: 'terms.accept' }
  | { type: 'terms.confirm' }
  | { type: 'terms.cancel' }
  /** The terms did not load: read them again. */
  | { type: 'terms.retry' };

export const termsMachine = setup({
  types: {
    input: {} as { storeId: number; terms: StoreTerms | null },
    context: {} as TermsContext,
    events: {} as TermsEvent,
  },
  actors: {
    loadTerms: promiseNotProvided<StoreTerms, { storeId: number }>('loadTerms'),
    /** Resolves to the accept date the server recorded (ms). */
    acceptTerms: promiseNotProvided<number, { storeId: number }>('acceptTerms'),
  },
  actions: {
    /** Appends store.termsAccepted to the journal. */
    recordAccepted: (_, _params: { storeId: number; acceptDate: number }) => {},
    /** The screen says what happened; the log keeps the details. */
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasTerms: ({ context }) => context.terms !== null,
  },
}).createMachine({
  id: 'terms',
  context: ({ input }) => ({ storeId: input.storeId, terms: input.terms, acceptFailed: false, acceptForbidden: false, loadFailure: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasTerms', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: 'loading',
      entry: assign({ loadFailure: null }),
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        input: ({ context }) => ({ storeId: context.storeId }),
        onDone: { target: 'ready', actions: assign({ terms: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: [assign({ loadFailure: loadFailureFromError }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    loadFailed: {
      description: 'The terms did not load; the tab offers Retry.',
      on: { 'terms.retry': 'loading' },
    },
    ready: {
      description: 'The terms on screen, with their acceptance or the accept action.',
      on: { 'terms.accept': 'confirming' },
    },
    confirming: {
      description: 'The "Accept the terms?" dialog is open.',
      on: {
        'terms.confirm': { target: 'accepting', actions: assign({ acceptFailed: false, acceptForbidden: false }) },
        'terms.cancel': 'ready',
      },
    },
    accepting: {
      tags: 'busy',
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        input: ({ context }) => ({ storeId: context.storeId }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ terms: ({ context, event }) => ({ text: context.terms?.text ?? '', acceptDate: event.output }) }),
            { type: 'recordAccepted', params: ({ context, event }) => ({ storeId: context.storeId, acceptDate: event.output }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: [assign({ acceptFailed: true, acceptForbidden: ({ event }) => isForbidden(event.error) }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
  },
});

export type TermsSnapshot = SnapshotFrom<typeof termsMachine>;

export const selectTerms = (s: TermsSnapshot) => s.context.terms;
export const selectTermsLoading = (s: TermsSnapshot) => s.hasTag('loading');
export const selectTermsLoadFailed = (s: TermsSnapshot) => s.matches('loadFailed');
export const selectTermsConfirming = (s: TermsSnapshot) => s.matches('confirming');
export const selectTermsAccepting = (s: TermsSnapshot) => s.hasTag('busy');
export const selectTermsAcceptFailed = (s: TermsSnapshot) => s.matches('ready') && s.context.acceptFailed;
export const selectTermsAcceptForbidden = (s: TermsSnapshot) => s.matches('ready') && s.context.acceptForbidden;
