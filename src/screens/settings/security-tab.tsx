import Box from '@mui/joy/Box';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useId } from 'react';
import type { Account } from '../../api/accounts';
import { OperatorProfileInputSchema, type OperatorProfileInput } from '../../api/settings';
import { LanguageSchema, type Language } from '../../api/session';
import { useT } from '../../i18n';
import type { LoadFailure } from '../../machines/shared/load-failure';
import { liveOperatorProfileFormMachine, type OperatorProfileData } from '../../machines/settings';
import { FormSection } from '../../ui/form-fields';
import { useLoadFailureMessage } from '../../ui/load-failure-message';
import {
  FieldColumns,
  ReadOnlyField,
  SettingsForm,
  SettingsFormFrame,
  SettingsSelect,
  SettingsTextField,
  useSettingsForm,
  type SettingsFormActor,
} from './settings-form-parts';
import { useFlow } from '../../app/use-flow';

/**
 * Settings → Operators (/settings/security): the signed-in operator's admin profile (name, phone,
 * language; the e-mail is the sign-in's and only shown) and, read-only, the store's operators.
 * A failed save says "Error to post admin info" when the server refused it and "Error in update
 * Admin store" otherwise (operatorProfileFailure in src/machines/settings/live.ts).
 */
export default function SecurityTab({ storeId }: { storeId: number }) {
  const actor = useFlow(liveOperatorProfileFormMachine, { input: { storeId } });
  return (
    <SettingsFormFrame
      actor={actor}
      labels={{ loading: 'settings.security.loading', loadFailed: 'settings.security.loadFailed', leaveBody: 'settings.security.leaveBody' }}
    >
      {(data, saved) => (
        <Stack gap={2} sx={{ maxWidth: 760 }}>
          <OperatorProfileForm actor={actor} data={data} saved={saved} />
          <StoreOperators accounts={data.accounts} accountsFailure={data.accountsFailure} email={data.operator.email} />
        </Stack>
      )}
    </SettingsFormFrame>
  );
}

/** Each language is named in itself (the same in every catalogue), as language pickers do. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };
const LANGUAGES = LanguageSchema.options.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

function OperatorProfileForm({
  actor,
  data,
  saved,
}: {
  actor: SettingsFormActor<OperatorProfileData, OperatorProfileInput>;
  data: OperatorProfileData;
  saved: OperatorProfileInput;
}) {
  const t = useT();
  const { form, submit, discard } = useSettingsForm(actor, saved, OperatorProfileInputSchema);

  // The width is set around the form, with the operators below it.
  return (
    <SettingsForm actor={actor} onSubmit={submit} onDiscard={discard} testIdPrefix="operator-profile">
      <FormSection title={t('settings.security.title')} hint={t('settings.security.hint')}>
        <SettingsTextField form={form} name="name_op" label={t('settings.security.name')} autoComplete="name" />
        <FieldColumns count={2}>
          <SettingsTextField form={form} name="phone" label={t('settings.security.phone')} type="tel" autoComplete="tel" />
          <ReadOnlyField label={t('settings.security.email')} value={data.operator.email} hint={t('settings.security.emailHint')} testId="operator-email" />
        </FieldColumns>
        <Box sx={{ maxWidth: { sm: 'calc(50% - 8px)' } }}>
          <SettingsSelect
            form={form}
            name="preferences.language"
            label={t('settings.security.language')}
            placeholder={t('settings.security.language')}
            options={LANGUAGES}
            errorText={t('settings.general.required')}
            testId="operator-language"
          />
        </Box>
      </FormSection>
    </SettingsForm>
  );
}

/** The store's operator accounts (GET /stores/accounts), read-only; the signed-in one marked. */
function StoreOperators({ accounts, accountsFailure, email }: { accounts: Account[] | null; accountsFailure: LoadFailure | undefined; email: string }) {
  const t = useT();
  const headingId = useId();
  const failedText = useLoadFailureMessage(accountsFailure, t('settings.security.accountsFailed'));
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="store-operators">
      <Typography id={headingId} level="title-md" component="h2">
        {t('settings.security.accounts')}
      </Typography>
      <Typography level="body-sm" sx={{ mb: 1 }}>
        {t('settings.security.accountsHint')}
      </Typography>
      {accounts === null ? (
        <Typography level="body-sm" color="warning" data-testid="store-operators-failed">
          {failedText}
        </Typography>
      ) : accounts.length === 0 ? (
        <Typography level="body-sm">{t('settings.security.accountsEmpty')}</Typography>
      ) : (
        <List aria-labelledby={headingId} variant="outlined" sx={{ borderRadius: 'sm', maxWidth: 480 }}>
          {accounts.map((account) => (
            <ListItem key={account.id}>
              {account.holder}
              {account.holder.toLowerCase() === email.toLowerCase() && ` ${t('settings.security.you')}`}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
