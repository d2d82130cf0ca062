import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { StoreBasicInputSchema } from '../../api/settings';
import type { StoreProfile } from '../../api/stores';
import { useLocale } from '../../i18n';
import { liveBusinessInfoFormMachine, type BusinessInfoValues } from '../../machines/settings';
import { FormSection } from '../../ui/form-fields';
import {
  FieldColumns,
  ReadOnlyField,
  SettingsAddressFields,
  SettingsForm,
  SettingsFormFrame,
  SettingsTextField,
  settingsFieldMessage,
  useSettingsForm,
  type AddressFieldNames,
  type SettingsFormActor,
  type SettingsFormApi,
} from './settings-form-parts';
import { useFlow } from '../../app/use-flow';

const DESCRIPTION_MAX = StoreBasicInputSchema.shape.description.maxLength ?? 500;
const ADDRESS: AddressFieldNames<BusinessInfoValues> = {
  addressPrint: 'address.address_print',
  city: 'address.city',
  postalCode: 'address.postal_code',
  country: 'address.country',
};

/** Settings → Business Info (/settings/general): what customers see about the store. */
export default function GeneralTab({ storeId }: { storeId: number }) {
  const actor = useFlow(liveBusinessInfoFormMachine, { input: { storeId } });
  return (
    <SettingsFormFrame
      actor={actor}
      labels={{ loading: 'settings.general.loading', loadFailed: 'settings.general.loadFailed', leaveBody: 'settings.general.leaveBody' }}
    >
      {(profile, saved) => <BusinessInfoForm actor={actor} profile={profile} saved={saved} />}
    </SettingsFormFrame>
  );
}

function BusinessInfoForm({
  actor,
  profile,
  saved,
}: {
  actor: SettingsFormActor<StoreProfile, BusinessInfoValues>;
  profile: StoreProfile;
  saved: BusinessInfoValues;
}) {
  const { t } = useLocale();
  // The form sends no position: the server keeps its own.
  const { form, submit, discard } = useSettingsForm(actor, saved, StoreBasicInputSchema);

  return (
    <SettingsForm actor={actor} onSubmit={submit} onDiscard={discard} testIdPrefix="business-info" maxWidth={760} after={<StorePosition profile={profile} />}>
      <FormSection title={t('settings.general.title')} hint={t('settings.general.hint')}>
        <SettingsTextField form={form} name="name" label={t('settings.general.name')} autoComplete="organization" />
        <DescriptionField form={form} />
      </FormSection>

      <FormSection title={t('settings.general.contact')}>
        <FieldColumns count={2}>
          <SettingsTextField form={form} name="email" label={t('settings.general.email')} type="email" autoComplete="email" />
          <SettingsTextField form={form} name="phone" label={t('settings.general.phone')} type="tel" autoComplete="tel" />
        </FieldColumns>
      </FormSection>

      <FormSection title={t('settings.general.address')}>
        <SettingsAddressFields form={form} names={ADDRESS} countryTestId="business-info-country" />
      </FormSection>
    </SettingsForm>
  );
}

/** The description with its length as it is typed (the server takes DESCRIPTION_MAX characters). */
function DescriptionField({ form }: { form: SettingsFormApi<BusinessInfoValues> }) {
  const { t } = useLocale();
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const error = settingsFieldMessage(t, form, 'description');
  const { ref, ...rest } = form.register('description');
  return (
    <FormControl error={error !== undefined}>
      <FormLabel>{t('settings.general.description')}</FormLabel>
      <Textarea {...rest} minRows={3} maxRows={8} slotProps={{ textarea: { ref, maxLength: DESCRIPTION_MAX, 'aria-invalid': error !== undefined || undefined } }} />
      <FormHelperText sx={{ justifyContent: 'space-between', width: '100%' }}>
        <span>{error}</span>
        <span data-testid="description-count">{t('settings.general.descriptionCount', { count: description.length, max: DESCRIPTION_MAX })}</span>
      </FormHelperText>
    </FormControl>
  );
}

/** Where customers find the store: read-only here (the platform places it from the address). */
function StorePosition({ profile }: { profile: StoreProfile }) {
  const { t, language } = useLocale();
  const format = useMemo(() => new Intl.NumberFormat(language, { minimumFractionDigits: 4, maximumFractionDigits: 6 }), [language]);
  const fromAddress = profile.address_lat != null && profile.address_lon != null;
  return (
    <FormSection title={t('settings.general.position')} hint={t('settings.general.positionHint')}>
      <FieldColumns count={2}>
        <ReadOnlyField label={t('settings.general.latitude')} value={format.format(profile.lat)} testId="store-lat" />
        <ReadOnlyField label={t('settings.general.longitude')} value={format.format(profile.lon)} testId="store-lon" />
      </FieldColumns>
      {fromAddress && (
        <Typography level="body-sm" data-testid="position-source">
          {t('settings.general.positionFromAddress')}
        </Typography>
      )}
    </FormSection>
  );
}
