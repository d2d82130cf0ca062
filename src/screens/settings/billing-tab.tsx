import Alert from '@mui/joy/Alert';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import Stack from '@mui/joy/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { BillingSchema, type Billing } from '../../api/settings';
import { useT } from '../../i18n';
import { liveBillingFormMachine, type BillingData } from '../../machines/settings';
import { FormSection } from '../../ui/form-fields';
import {
  fieldMessage,
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

const FREQUENCIES = BillingSchema.shape.invoice_frequency.options;

/** Settings → Billing (/settings/billing): who the store's invoices are issued to and paid how. */
export default function BillingTab({ storeId }: { storeId: number }) {
  const actor = useFlow(liveBillingFormMachine, { input: { storeId } });
  return (
    <SettingsFormFrame
      actor={actor}
      labels={{ loading: 'settings.billing.loading', loadFailed: 'settings.billing.loadFailed', leaveBody: 'settings.billing.leaveBody' }}
    >
      {(data, saved) => <BillingForm actor={actor} data={data} saved={saved} />}
    </SettingsFormFrame>
  );
}

function BillingForm({ actor, data, saved }: { actor: SettingsFormActor<BillingData, Billing>; data: BillingData; saved: Billing }) {
  const t = useT();
  const [resolver] = useState(() => zodResolver(BillingSchema, settingsErrorMap));
  const { form, submit, discard } = useSettingsForm(actor, saved, resolver);
  const { register, control, formState } = form;
  const { errors } = formState;
  const countries = useCountryOptions();

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="billing-form">
      <Stack gap={2} sx={{ maxWidth: 760 }}>
        {data.billing === null && (
          <Alert color="primary" variant="soft" data-testid="billing-none">
            {t('settings.billing.none')}
          </Alert>
        )}
        <SettingsFieldset actor={actor}>
          <FormSection title={t('settings.billing.title')} hint={t('settings.billing.hint')}>
            <SettingsTextField label={t('settings.billing.legalName')} autoComplete="organization" error={fieldMessage(t, errors.legal_name)} field={register('legal_name')} />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
              <SettingsTextField label={t('settings.billing.taxId')} error={fieldMessage(t, errors.tax_id)} field={register('tax_id')} />
              <SettingsTextField
                label={t('settings.billing.billingEmail')}
                type="email"
                autoComplete="email"
                error={fieldMessage(t, errors.billing_email)}
                field={register('billing_email')}
              />
            </Box>
          </FormSection>

          <FormSection title={t('settings.billing.address')}>
            <SettingsTextField
              label={t('settings.general.addressPrint')}
              autoComplete="street-address"
              error={fieldMessage(t, errors.address_print)}
              field={register('address_print')}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
              <SettingsTextField label={t('settings.general.city')} autoComplete="address-level2" error={fieldMessage(t, errors.city)} field={register('city')} />
              <SettingsTextField label={t('settings.general.postalCode')} autoComplete="postal-code" error={fieldMessage(t, errors.postal_code)} field={register('postal_code')} />
              <SettingsSelect
                control={control}
                name="country"
                label={t('settings.general.country')}
                placeholder={t('settings.general.countryNone')}
                options={countries}
                errorText={t('settings.general.invalidCountry')}
                testId="billing-country"
              />
            </Box>
          </FormSection>

          <FormSection title={t('settings.billing.payment')}>
            <SettingsTextField label={t('settings.billing.iban')} hint={t('settings.billing.ibanHint')} error={fieldMessage(t, errors.iban)} field={register('iban')} />
            <Controller
              control={control}
              name="invoice_frequency"
              render={({ field }) => (
                <FormControl>
                  <FormLabel>{t('settings.billing.frequency')}</FormLabel>
                  <RadioGroup orientation="horizontal" name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)} onBlur={field.onBlur}>
                    {FREQUENCIES.map((frequency) => (
                      <Radio key={frequency} value={frequency} label={t(`settings.billing.frequency.${frequency}`)} />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
          </FormSection>
        </SettingsFieldset>

        <SettingsFormActions actor={actor} onDiscard={discard} testIdPrefix="billing" />
      </Stack>
    </form>
  );
}
