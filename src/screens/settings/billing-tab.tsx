import Alert from '@mui/joy/Alert';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Radio from '@mui/joy/Radio';
import RadioGroup from '@mui/joy/RadioGroup';
import { Controller } from 'react-hook-form';
import { BillingSchema, type Billing } from '../../api/settings';
import { useT } from '../../i18n';
import { liveBillingFormMachine, type BillingData } from '../../machines/settings';
import { FormSection } from '../../ui/form-fields';
import {
  FieldColumns,
  SettingsAddressFields,
  SettingsForm,
  SettingsFormFrame,
  SettingsTextField,
  useSettingsForm,
  type AddressFieldNames,
  type SettingsFormActor,
} from './settings-form-parts';
import { useFlow } from '../../app/use-flow';

const FREQUENCIES = BillingSchema.shape.invoice_frequency.options;
const ADDRESS: AddressFieldNames<Billing> = { addressPrint: 'address_print', city: 'city', postalCode: 'postal_code', country: 'country' };

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
  const { form, submit, discard } = useSettingsForm(actor, saved, BillingSchema);

  return (
    <SettingsForm
      actor={actor}
      onSubmit={submit}
      onDiscard={discard}
      testIdPrefix="billing"
      maxWidth={760}
      notice={
        data.billing === null && (
          <Alert color="primary" variant="soft" data-testid="billing-none">
            {t('settings.billing.none')}
          </Alert>
        )
      }
    >
      <FormSection title={t('settings.billing.title')} hint={t('settings.billing.hint')}>
        <SettingsTextField form={form} name="legal_name" label={t('settings.billing.legalName')} autoComplete="organization" />
        <FieldColumns count={2}>
          <SettingsTextField form={form} name="tax_id" label={t('settings.billing.taxId')} />
          <SettingsTextField form={form} name="billing_email" label={t('settings.billing.billingEmail')} type="email" autoComplete="email" />
        </FieldColumns>
      </FormSection>

      <FormSection title={t('settings.billing.address')}>
        <SettingsAddressFields form={form} names={ADDRESS} countryTestId="billing-country" />
      </FormSection>

      <FormSection title={t('settings.billing.payment')}>
        <SettingsTextField form={form} name="iban" label={t('settings.billing.iban')} hint={t('settings.billing.ibanHint')} />
        <Controller
          control={form.control}
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
    </SettingsForm>
  );
}
