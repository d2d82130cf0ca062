import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Typography from '@mui/joy/Typography';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useFormContext, useFormState, useWatch, type FieldError } from 'react-hook-form';
import { OPTION_GROUPS, type Lookups } from '../../api/lookups';
import { discountPercent } from '../../api/offer-rules';
import { MediaUploadResponseSchema, uploadTarget, type Media } from '../../api/offers';
import { useServices } from '../../app/services';
import { useLocale, useT, type MessageKey, type Translate } from '../../i18n';
import { weekdays } from '../../i18n/weekdays';
import { formatPercent } from '../../lib/format';
import type { OfferDetails } from '../../machines/offers';
import type { DraftSaveError } from '../../machines/shared/draft-form';
import { fieldProps, FormSection, IdChecks, TextField } from '../../ui/form-fields';
import { ImageUpload } from '../shared/image-upload';
import { formMessageText } from './offer-form-schema';

/**
 * What the offer form and the template form share (a template holds the details of the offers it
 * makes): their props, the weekdays, the prices with their discount, the option groups, the
 * image, and the words for a field's or a save's failure. The fields read the form through
 * react-hook-form's context (EditForm provides it) as the fields both forms hold.
 */

/** What the offer form and the template form are given by their page. */
export interface OfferLikeFormProps<TActor, TValues> {
  actor: TActor;
  /** A restored draft or the record being edited; null for a new one. */
  initial: TValues | null;
  lookups: Lookups;
  getToken: () => Promise<string | undefined>;
  onCancel: () => void;
}

/** A field's message in the operator's language (the schema's rule, or the server's wording of it). */
export function fieldErrorText(t: Translate, error: FieldError | undefined): string | undefined {
  return error?.message ? formMessageText(t, error.message) : undefined;
}

/**
 * The message above Save after a failed save: the rule the server named, a lost answer's outcome
 * (not saved: Retry creates; not known: Retry checks first), or the form's general one.
 */
export function saveErrorText(t: Translate, error: DraftSaveError | null, generalKey: MessageKey): string | null {
  if (error === null) return null;
  if (error.kind === 'server') return formMessageText(t, error.message);
  if (error.kind === 'notSaved') return t('common.notSavedAfterLostAnswer');
  if (error.kind === 'unconfirmed') return t('common.saveUnconfirmed');
  return t(generalKey);
}

/** The weekdays the offers repeat on (1–7, Monday first), with the rule's message. */
export function WeekdayChecks({ label, testId }: { label: string; testId: string }) {
  const t = useT();
  const { language } = useLocale();
  const { control } = useFormContext<{ repeat_on_days: number[] }>();
  const { errors } = useFormState({ control, name: 'repeat_on_days' });
  return (
    <IdChecks
      control={control}
      name="repeat_on_days"
      label={label}
      options={weekdays[language].map((name, i) => ({ id: i + 1, name }))}
      error={fieldErrorText(t, errors.repeat_on_days as FieldError | undefined)}
      testId={testId}
    />
  );
}

/** The origin price, the offer price and the discount they make (read only). */
export function PriceFields({ discountTestId }: { discountTestId: string }) {
  const t = useT();
  const { language } = useLocale();
  const { register, control } = useFormContext<OfferDetails>();
  const { errors } = useFormState({ control, name: ['origin_price', 'unit_price'] });
  const [unitPrice, originPrice] = useWatch({ control, name: ['unit_price', 'origin_price'] });
  return (
    <>
      <TextField label={t('offerForm.originPrice')} type="number" min={0} step={0.01} error={fieldErrorText(t, errors.origin_price)} {...fieldProps(register('origin_price', { valueAsNumber: true }))} />
      <TextField label={t('offerForm.unitPrice')} type="number" min={0} step={0.01} error={fieldErrorText(t, errors.unit_price)} {...fieldProps(register('unit_price', { valueAsNumber: true }))} />
      <FormControl>
        <FormLabel>{t('offerForm.discount')}</FormLabel>
        <Input readOnly value={formatPercent(discountPercent(originPrice, unitPrice), language, 0)} slotProps={{ input: { 'data-testid': discountTestId } as Record<string, string> }} />
      </FormControl>
    </>
  );
}

/** The option groups the store has options in, one set of checkboxes each (test ids `{testIdPrefix}-{group}`). */
export function OptionGroupsSection({ lookups, testIdPrefix }: { lookups: Lookups; testIdPrefix: string }) {
  const t = useT();
  const { control } = useFormContext<OfferDetails>();
  return (
    <FormSection title={t('offerForm.options')}>
      {OPTION_GROUPS.map((group) =>
        lookups[group].length === 0 ? null : (
          <IdChecks key={group} control={control} name={group} label={t(`offerForm.group.${group}`)} options={lookups[group]} testId={`${testIdPrefix}-${group}`} />
        ),
      )}
    </FormSection>
  );
}

/**
 * The image of a saved offer or template (`savedId`): what it shows (`cover`, if anything) and
 * the upload, whose answer is the record's media (`onMedia`, kept stable by the form). Before the
 * first save there is nothing to upload to: `beforeSave` says so.
 */
export function ImageSection({
  kind,
  savedId,
  cover,
  beforeSave,
  getToken,
  onMedia,
}: {
  kind: 'offer' | 'template';
  savedId: number | undefined;
  cover?: ReactNode;
  beforeSave: string;
  getToken: () => Promise<string | undefined>;
  onMedia: (media: Media[]) => void;
}) {
  const t = useT();
  const { notify } = useServices();
  // Memoised on the id: the upload widget rebuilds its machine when its fields change.
  const target = useMemo(() => (savedId === undefined ? null : uploadTarget({ kind, id: savedId })), [kind, savedId]);
  const onUploaded = useCallback(
    (data: unknown) => {
      const parsed = MediaUploadResponseSchema.safeParse(data);
      if (parsed.success) onMedia(parsed.data.media);
    },
    [onMedia],
  );
  return (
    <FormSection title={t('offerForm.image')}>
      {target ? (
        <>
          {cover}
          <ImageUpload url={target.url} fields={target.fields} imageField={target.imageField} onUploaded={onUploaded} getToken={getToken} notify={notify} />
        </>
      ) : (
        <Typography level="body-sm">{beforeSave}</Typography>
      )}
    </FormSection>
  );
}
