import { fromPromise } from 'xstate';
import type { Language, Operator } from '../../api/session';
import { saveOperatorProfile } from '../../api/settings';
import { now } from '../../lib/clock';
import type { Journal } from '../journal/journal';
import { languageSwitchMachine } from './language-switch.machine';
import { profileFormMachine, profileValuesOf } from './form.machine';
import { recordSavedOperator } from '../session/stored-user';
import type { SettingsSaveInput } from '../settings/form.machine';
import { OperatorProfileDraftSchema, settingsDraft } from '../settings/draft';
import type { SnackbarRequest } from '../snackbar/machine';
import type { OperatorProfileInput } from '../../api/settings';
import { describeError as describe } from '../shared/describe-error';

/** The profile page's form machine with its real effects; pulled in only by the lazy profile screen. */
export function liveProfileFormMachine({ journal, notify }: { journal: Journal; notify: (message: SnackbarRequest) => void }) {
  const { readDraft, ...draftActions } = settingsDraft<Operator, OperatorProfileInput>('profile', OperatorProfileDraftSchema, ({ data }) => data.id ?? data.email);
  return profileFormMachine.provide({
    actors: {
      readDraft,
      load: fromPromise(async (): Promise<Operator> => {
        const operator = journal.state().session.user?.operator;
        if (!operator) throw new Error('No operator is signed in');
        return operator;
      }),
      save: fromPromise(({ input }: { input: SettingsSaveInput<Operator, OperatorProfileInput> }) => saveOperatorProfile(input.values)),
    },
    actions: {
      recordSaved: (_, { data }) => recordSavedOperator(journal, data),
      notifySaved: () => notify({ key: 'common.successfullySaved', severity: 'success' }),
      notifyFailed: (_, { key }) => notify({ key, severity: 'error' }),
      logFailure: (_, { error }) => console.info('Operator profile call failed', describe(error)),
      ...draftActions,
    },
  });
}

/**
 * The profile page's language switch with its real effects: the console's language changes through
 * the journal at once, and the save sends the profile as the server holds it (the session's
 * operator, not the page's unsaved edits) with the new language.
 */
export function liveLanguageSwitchMachine({ journal, notify }: { journal: Journal; notify: (message: SnackbarRequest) => void }) {
  return languageSwitchMachine.provide({
    actors: {
      save: fromPromise(({ input }: { input: { language: Language } }) => {
        const operator = journal.state().session.user?.operator;
        if (!operator) throw new Error('No operator is signed in');
        return saveOperatorProfile({ ...profileValuesOf(operator), preferences: { language: input.language } });
      }),
    },
    actions: {
      apply: (_, { language }) => journal.append({ type: 'preferences.languageChanged', at: now(), language }),
      recordSaved: (_, { operator }) => recordSavedOperator(journal, operator),
      notifySaved: () => notify({ key: 'common.successfullySaved', severity: 'success' }),
      notifyFailed: (_, { key }) => notify({ key, severity: 'error' }),
      logFailure: (_, { error }) => console.info('Operator language call failed', describe(error)),
    },
  });
}
