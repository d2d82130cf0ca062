import { fromPromise } from 'xstate';
import { saveStoreConfig, type StoreConfigInput } from '../../api/settings';
import { getStoreProfile, withoutApiKey, type JournalStoreProfile } from '../../api/stores';
import { now } from '../../lib/clock';
import { createSettingsFormMachine, type SettingsFormInput, type SettingsSaveInput } from './form.machine';
import { ConfigurationDraftSchema, settingsDraft } from './draft';
import { settingsFeedback, type SettingsDeps } from './live';

/**
 * Settings → Configuration: SMS to customers (on/off and its text) and the store's colour, which
 * the console's accent follows. One instance of the settings form machine. The profile it loads
 * and saves is held without its API key: this form has no use for the key, and its answer goes
 * to the journal as it is.
 */

export type ConfigurationValues = StoreConfigInput;

export const configurationValuesOf = (profile: JournalStoreProfile): ConfigurationValues => ({
  sms_send: profile.sms_send,
  sms_text: profile.sms_text,
  color: profile.color,
});

export const configurationFormMachine = createSettingsFormMachine<JournalStoreProfile, ConfigurationValues>({
  id: 'configurationForm',
  valuesOf: configurationValuesOf,
  failureOf: () => 'settings.configuration.saveFailed',
});

export function liveConfigurationFormMachine(deps: SettingsDeps) {
  const { readDraft, ...draftActions } = settingsDraft<JournalStoreProfile, ConfigurationValues>('configuration', ConfigurationDraftSchema);
  return configurationFormMachine.provide({
    actors: {
      readDraft,
      load: fromPromise(async ({ input }: { input: SettingsFormInput }) => withoutApiKey(await getStoreProfile(input.storeId))),
      save: fromPromise(async ({ input }: { input: SettingsSaveInput<JournalStoreProfile, ConfigurationValues> }) =>
        withoutApiKey(await saveStoreConfig(input.values, input.data.id)),
      ),
    },
    actions: {
      // The accent (the theme reads the store projection's colour) and every reader of the profile follow at once.
      recordSaved: (_, { data }) => deps.journal.append({ type: 'store.profileSaved', at: now(), profile: data }),
      ...settingsFeedback(deps, 'Store configuration'),
      ...draftActions,
    },
  });
}
