import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Stack from '@mui/joy/Stack';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { StoreBasicInputSchema } from '../../api/settings';
import type { StoreProfile } from '../../api/stores';
import { useLocale } from '../../i18n';
import { liveBusinessInfoFormMachine, type BusinessInfoValues } from '../../machines/settings';
import { FormSection } from '../../ui/form-fields';
import {
  fieldMessage,
  ReadOnlyField,
  SettingsFieldset,
  SettingsFormActions,
  SettingsFormFrame,
  SettingsSelect,
  SettingsTextField,
  settingsErrorMap,
  useCountryOptions,
  useSettingsForm,
  type SettingsFormActor,
} from './settings-form-parts';
import { useFlow } from '../../app/use-flow';

const DESCRIPTION_MAX = StoreBasicInputSchema.shape.description.maxLength ?? 500;

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
  // The api's own schema: the server's rules and messages (the form sends no position: the server keeps its own).
  const [resolver] = useState(() => zodResolver(StoreBasicInputSchema, settingsErrorMap));
  const { form, submit, discard } = useSettingsForm(actor, saved, resolver);
  const { register, control, formState } = form;
  const { errors } = formState;
  const countries = useCountryOptions();
  const description = useWatch({ control, name: 'description' }) ?? '';

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="business-info-form">
      <Stack gap={2} sx={{ maxWidth: 760 }}>
        <SettingsFieldset actor={actor}>
          <FormSection title={t('settings.general.title')} hint={t('settings.general.hint')}>
            <SettingsTextField label={t('settings.general.name')} autoComplete="organization" error={fieldMessage(t, errors.name)} field={register('name')} />
            <DescriptionField
              label={t('settings.general.description')}
              field={register('description')}
              error={fieldMessage(t, errors.description)}
              count={t('settings.general.descriptionCount', { count: description.length, max: DESCRIPTION_MAX })}
              max={DESCRIPTION_MAX}
            />
          </FormSection>

          <FormSection title={t('settings.general.contact')}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
              <SettingsTextField label={t('settings.general.email')} type="email" autoComplete="email" error={fieldMessage(t, errors.email)} field={register('email')} />
              <SettingsTextField label={t('settings.general.phone')} type="tel" autoComplete="tel" error={fieldMessage(t, errors.phone)} field={register('phone')} />
            </Box>
          </FormSection>

          <FormSection title={t('settings.general.address')}>
            <SettingsTextField
              label={t('settings.general.addressPrint')}
              autoComplete="street-address"
              error={fieldMessage(t, errors.address?.address_print)}
              field={register('address.address_print')}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
              <SettingsTextField label={t('settings.general.city')} autoComplete="address-level2" error={fieldMessage(t, errors.address?.city)} field={register('address.city')} />
              <SettingsTextField
                label={t('settings.general.postalCode')}
                autoComplete="postal-code"
                error={fieldMessage(t, errors.address?.postal_code)}
                field={register('address.postal_code')}
              />
              <SettingsSelect
                control={control}
                name="address.country"
                label={t('settings.general.country')}
                placeholder={t('settings.general.countryNone')}
                options={countries}
                errorText={t('settings.general.invalidCountry')}
                testId="business-info-country"
              />
            </Box>
          </FormSection>
        </SettingsFieldset>

        <StorePosition profile={profile} />

        <SettingsFormActions actor={actor} onDiscard={discard} testIdPrefix="business-info" />
      </Stack>
    </form>
  );
}

/** The description with its length as it is typed (the server takes DESCRIPTION_MAX characters). */
function DescriptionField({
  label,
  field,
  error,
  count,
  max,
}: {
  label: string;
  field: UseFormRegisterReturn;
  error?: string;
  count: string;
  max: number;
}) {
  const { ref, ...rest } = field;
  return (
    <FormControl error={error !== undefined}>
      <FormLabel>{label}</FormLabel>
      <Textarea {...rest} minRows={3} maxRows={8} slotProps={{ textarea: { ref, maxLength: max, 'aria-invalid': error !== undefined || undefined } }} />
      <FormHelperText sx={{ justifyContent: 'space-between', width: '100%' }}>
        <span>{error}</span>
        <span data-testid="description-count">{count}</span>
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
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <ReadOnlyField label={t('settings.general.latitude')} value={format.format(profile.lat)} testId="store-lat" />
        <ReadOnlyField label={t('settings.general.longitude')} value={format.format(profile.lon)} testId="store-lon" />
      </Box>
      {fromAddress && (
        <Typography level="body-sm" data-testid="position-source">
          {t('settings.general.positionFromAddress')}
        </Typography>
      )}
    </FormSection>
  );
}
