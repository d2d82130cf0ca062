import { fromPromise } from 'xstate';
import { isApiError } from '../api/errors';
import type { Operator } from '../api/session';
import { saveOperatorProfile } from '../api/settings';
import { now } from '../lib/clock';
import type { Journal } from './journal';
import { profileFormMachine } from './profile-form.machine';
import { storeSavedOperator } from './session/stored-user';
import type { SettingsSaveInput } from './settings-form.machine';
import type { SnackbarRequest } from './snackbar.machine';
import type { OperatorProfileInput } from '../api/settings';

const describe = (error: unknown) => (isApiError(error) ? error.toJSON() : error);

/** The profile page's form machine with its real effects; pulled in only by the lazy profile screen. */
export function liveProfileFormMachine({ journal, notify }: { journal: Journal; notify: (message: SnackbarRequest) => void }) {
  return profileFormMachine.provide({
    actors: {
      load: fromPromise(async (): Promise<Operator> => {
        const operator = journal.state().session.user?.operator;
        if (!operator) throw new Error('No operator is signed in');
        return operator;
      }),
      save: fromPromise(({ input }: { input: SettingsSaveInput<Operator, OperatorProfileInput> }) => saveOperatorProfile(input.values)),
    },
    actions: {
      // The side navigation and the UI language follow at once (session and preferences
      // projections); the stored user too, so a reload keeps them.
      recordSaved: (_, { data }) => {
        storeSavedOperator(data);
        journal.append({ type: 'operator.profileSaved', at: now(), operator: data });
      },
      notifySaved: () => notify({ key: 'common.successfullySaved', severity: 'success' }),
      notifyFailed: (_, { key }) => notify({ key, severity: 'error' }),
      logFailure: (_, { error }) => console.info('Operator profile call failed', describe(error)),
    },
  });
}
