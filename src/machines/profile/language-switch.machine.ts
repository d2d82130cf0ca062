import { assign, setup, type SnapshotFrom } from 'xstate';
import type { Language, Operator } from '../../api/session';
import type { MessageKey } from '../../i18n';
import { promiseNotProvided } from '../shared/not-provided';
import { operatorProfileFailure } from './form.machine';

/**
 * The language switch of the operator's profile page: choosing a language changes the console's
 * language at once and saves it (POST /stores/operator/profile, with the profile as the server
 * holds it and the new language), without waiting for the page's Save.
 *
 * - The console speaks the chosen language while the save is on its way (`apply`).
 * - A save that goes through records the operator the server answered (journal, stored user).
 * - A refused save puts the language on record back (`apply` again), says why with the Operators
 *   tab's messages ("Error to post admin info" for a refusal, "Error in update Admin store" for
 *   the rest) and stays `failed` until the next choice, which is the retry.
 */
export interface LanguageSwitchContext {
  /** The language the server holds. */
  saved: Language;
  /** The language being saved, while saving. */
  choice: Language | null;
  failure: MessageKey | null;
}

export type LanguageSwitchEvent = { type: 'language.choose'; language: Language };

export const languageSwitchMachine = setup({
  types: {
    input: {} as { language: Language },
    context: {} as LanguageSwitchContext,
    events: {} as LanguageSwitchEvent,
  },
  actors: {
    save: promiseNotProvided<Operator, { language: Language }>('save'),
  },
  actions: {
    /** The console's language follows (a journal event). */
    apply: (_, _params: { language: Language }) => {},
    /** The saved operator reaches the journal and the stored user, so a reload keeps the language. */
    recordSaved: (_, _params: { operator: Operator }) => {},
    notifySaved: () => {},
    notifyFailed: (_, _params: { key: MessageKey }) => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isNewChoice: ({ context }, { language }: { language: Language }) => language !== context.saved,
  },
}).createMachine({
  id: 'languageSwitch',
  context: ({ input }) => ({ saved: input.language, choice: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The language on record is the one the console speaks.',
      on: {
        'language.choose': {
          guard: { type: 'isNewChoice', params: ({ event }) => ({ language: event.language }) },
          target: 'saving',
        },
      },
    },
    saving: {
      description: 'The console already speaks the choice; the server is being told.',
      entry: [
        assign({ choice: ({ event }) => (event as LanguageSwitchEvent).language, failure: null }),
        { type: 'apply', params: ({ event }) => ({ language: (event as LanguageSwitchEvent).language }) },
      ],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ language: context.choice! }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ saved: ({ context }) => context.choice!, choice: null }),
            { type: 'recordSaved', params: ({ event }) => ({ operator: event.output }) },
            'notifySaved',
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ choice: null, failure: ({ event }) => operatorProfileFailure(event.error) }),
            { type: 'apply', params: ({ context }) => ({ language: context.saved }) },
            { type: 'notifyFailed', params: ({ context }) => ({ key: context.failure! }) },
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: {
      description: 'The last choice was not saved and the language on record is back; choosing again retries.',
      on: {
        'language.choose': {
          guard: { type: 'isNewChoice', params: ({ event }) => ({ language: event.language }) },
          target: 'saving',
        },
      },
    },
  },
});

export type LanguageSwitchSnapshot = SnapshotFrom<typeof languageSwitchMachine>;

export const selectLanguageSaving = (s: LanguageSwitchSnapshot) => s.matches('saving');
/** What the switch shows: the choice while it is saved, else the language on record. */
export const selectLanguageShown = (s: LanguageSwitchSnapshot) => s.context.choice ?? s.context.saved;
export const selectLanguageFailure = (s: LanguageSwitchSnapshot) => s.context.failure;
