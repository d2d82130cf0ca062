import Alert from '@mui/joy/Alert';
import AspectRatio from '@mui/joy/AspectRatio';
import Box from '@mui/joy/Box';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { OPTION_GROUPS, type Lookups } from '../../api/lookups';
import { discountPercent } from '../../api/offer-rules';
import { MediaUploadResponseSchema, uploadTarget } from '../../api/offers';
import { useServices } from '../../app/services';
import { useLocale } from '../../i18n';
import { weekdays } from '../../i18n/weekdays';
import { now } from '../../lib/clock';
import { formatPercent } from '../../lib/format';
import { atTimeOfDay, endsNextDay, placeTemplateWindows, timeOfDay, type TemplateWindows } from '../../lib/offer-dates';
import {
  blankTemplateValues,
  selectTemplateChecking,
  selectTemplateRestoredDraft,
  selectTemplateSaveError,
  selectTemplateSaving,
  type TemplateFormMachine,
  type TemplateFormValues,
} from '../../machines/templates/form.machine';
import { fieldProps, FormActions, FormSection, IdChecks, TextField, TimeField } from '../../ui/form-fields';
import { ImageUpload } from '../shared/image-upload';
import { formMessageText, ruleFieldOf } from '../offers/offer-form-schema';
import { templateFormSchema } from './template-form-schema';

type WindowField = 'order_date_from' | 'order_date_to' | 'pickup_date_from' | 'pickup_date_to';

interface TemplateFormProps {
  actor: ActorRefFrom<TemplateFormMachine>;
  /** A restored draft or the template being edited; null for a new template. */
  initial: TemplateFormValues | null;
  lookups: Lookups;
  getToken: () => Promise<string | undefined>;
  onCancel: () => void;
}

/**
 * The template form. react-hook-form holds the values and runs the schema (the template rules of
 * spec section 5); the four times of day are placed in order by placeTemplateWindows. Every
 * change goes to the form machine (the draft); Save hands it the validated values.
 */
export function TemplateForm({ actor, initial, lookups, getToken, onCancel }: TemplateFormProps) {
  const { t, language } = useLocale();
  const { notify } = useServices();
  const [defaults] = useState(() => initial ?? blankTemplateValues(now()));
  const [schema] = useState(templateFormSchema);
  const { register, control, handleSubmit, subscribe, setValue, getValues, setError, formState } = useForm<TemplateFormValues>({
    defaultValues: defaults,
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitted } = formState;

  const saving = useSelector(actor, selectTemplateSaving);
  const checking = useSelector(actor, selectTemplateChecking);
  const saveError = useSelector(actor, selectTemplateSaveError);
  const restored = useSelector(actor, selectTemplateRestoredDraft);
  const template = useSelector(actor, (s) => s.context.template);

  // Every change is the draft's: the form machine writes it (debounced) to sessionStorage.
  useEffect(() => {
    return subscribe({ formState: { values: true }, callback: () => actor.send({ type: 'form.changed', values: getValues() }) });
  }, [subscribe, getValues, actor]);

  // A server 400 names a rule (its wording): the message also lands beside the field to fix.
  useEffect(() => {
    if (saveError?.kind !== 'server') return;
    const field = ruleFieldOf(saveError.message);
    if (field === null || field === 'repeat_on_days') return;
    setError(field === 'quantity' ? 'template_quantity' : field, { type: 'server', message: saveError.message }, { shouldFocus: true });
  }, [saveError, setError]);

  const [unitPrice, originPrice, orderFrom, orderTo, pickupFrom, pickupTo] = useWatch({
    control,
    name: ['unit_price', 'origin_price', 'order_date_from', 'order_date_to', 'pickup_date_from', 'pickup_date_to'],
  });
  const discount = discountPercent(originPrice, unitPrice);

  /** A time of day was typed: the four times are placed in order again and written back. */
  const setTime = (field: WindowField, hhmm: string) => {
    const at = atTimeOfDay(orderFrom, hhmm);
    if (at === null) return;
    const current: TemplateWindows = { orderFrom, orderTo, pickupFrom, pickupTo };
    const key = { order_date_from: 'orderFrom', order_date_to: 'orderTo', pickup_date_from: 'pickupFrom', pickup_date_to: 'pickupTo' } as const;
    const placed = placeTemplateWindows({ ...current, [key[field]]: at });
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('order_date_from', placed.orderFrom, options);
    setValue('order_date_to', placed.orderTo, options);
    setValue('pickup_date_from', placed.pickupFrom, options);
    setValue('pickup_date_to', placed.pickupTo, options);
  };

  const messageOf = (error: FieldError | undefined): string | undefined => {
    const message = error?.message;
    if (!message) return undefined;
    return formMessageText(t, message);
  };
  const submit = handleSubmit((values) => actor.send({ type: 'form.submit', values }));

  const savedId = template?.id;
  const target = useMemo(() => (savedId === undefined ? null : uploadTarget({ kind: 'template', id: savedId })), [savedId]);
  const onUploaded = useMemo(
    () => (data: unknown) => {
      const parsed = MediaUploadResponseSchema.safeParse(data);
      if (parsed.success) actor.send({ type: 'form.mediaUploaded', media: parsed.data.media });
    },
    [actor],
  );
  const cover = template?.media.find((m) => m.kind === 'cover')?.url ?? template?.media[0]?.url;

  const errorText = saveError
    ? saveError.kind === 'server'
      ? formMessageText(t, saveError.message)
      : // A create whose answer was lost: not saved (checked), or not known (Retry checks first).
        saveError.kind === 'notSaved'
        ? t('common.notSavedAfterLostAnswer')
        : saveError.kind === 'unconfirmed'
          ? t('common.saveUnconfirmed')
          : t('templateForm.saveFailed')
    : null;
  const tomorrow = t('offerForm.tomorrowHint');

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving} data-testid="template-form">
      <Stack gap={2} sx={{ maxWidth: 760 }}>
        {restored && (
          <Alert color="primary" variant="soft" role="status">
            {t('offerForm.draftRestored')}
          </Alert>
        )}

        <FormSection title={t('templateForm.details')}>
          <TextField label={t('offerForm.name')} error={messageOf(errors.name)} {...fieldProps(register('name'))} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            <TextField
              label={t('templateForm.quantity')}
              type="number"
              min={1}
              step={1}
              hint={t('templateForm.quantityHint')}
              error={messageOf(errors.template_quantity)}
              {...fieldProps(register('template_quantity', { valueAsNumber: true }))}
            />
            <TextField label={t('offerForm.originPrice')} type="number" min={0} step={0.01} error={messageOf(errors.origin_price)} {...fieldProps(register('origin_price', { valueAsNumber: true }))} />
            <TextField label={t('offerForm.unitPrice')} type="number" min={0} step={0.01} error={messageOf(errors.unit_price)} {...fieldProps(register('unit_price', { valueAsNumber: true }))} />
            <FormControl>
              <FormLabel>{t('offerForm.discount')}</FormLabel>
              <Input readOnly value={formatPercent(discount, language, 0)} slotProps={{ input: { 'data-testid': 'template-discount' } as Record<string, string> }} />
            </FormControl>
          </Box>
        </FormSection>

        <FormSection title={t('templateForm.recurrence')} hint={t('templateForm.weekdaysHint')}>
          <IdChecks
            control={control}
            name="repeat_on_days"
            label={t('templateForm.weekdays')}
            options={weekdays[language].map((name, i) => ({ id: i + 1, name }))}
            error={messageOf(errors.repeat_on_days as FieldError | undefined)}
            testId="template-weekdays"
          />
        </FormSection>

        <FormSection title={t('templateForm.times')} hint={t('templateForm.timesHint')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            <TimeField label={t('offerForm.orderStart')} value={timeOfDay(orderFrom)} error={messageOf(errors.order_date_from)} onChange={(v) => setTime('order_date_from', v)} />
            <TimeField
              label={t('offerForm.orderEnd')}
              value={timeOfDay(orderTo)}
              hint={endsNextDay(orderFrom, orderTo) ? tomorrow : undefined}
              error={messageOf(errors.order_date_to)}
              onChange={(v) => setTime('order_date_to', v)}
            />
            <TimeField
              label={t('offerForm.pickupStart')}
              value={timeOfDay(pickupFrom)}
              hint={endsNextDay(orderFrom, pickupFrom) ? tomorrow : undefined}
              error={messageOf(errors.pickup_date_from)}
              onChange={(v) => setTime('pickup_date_from', v)}
            />
            <TimeField
              label={t('offerForm.pickupEnd')}
              value={timeOfDay(pickupTo)}
              hint={endsNextDay(orderFrom, pickupTo) ? tomorrow : undefined}
              error={messageOf(errors.pickup_date_to)}
              onChange={(v) => setTime('pickup_date_to', v)}
            />
          </Box>
        </FormSection>

        <FormSection title={t('offerForm.options')}>
          {OPTION_GROUPS.map((group) =>
            lookups[group].length === 0 ? null : (
              <IdChecks key={group} control={control} name={group} label={t(`offerForm.group.${group}`)} options={lookups[group]} testId={`template-${group}`} />
            ),
          )}
        </FormSection>

        <FormSection title={t('offerForm.image')}>
          {template && target ? (
            <>
              {cover && (
                <AspectRatio ratio="16/9" sx={{ width: 240, borderRadius: 'sm' }}>
                  <img src={cover} alt={t('templates.imageAlt', { name: template.name })} data-testid="template-cover" />
                </AspectRatio>
              )}
              <ImageUpload url={target.url} fields={target.fields} imageField={target.imageField} onUploaded={onUploaded} getToken={getToken} notify={notify} />
            </>
          ) : (
            <Typography level="body-sm">{t('templateForm.imageAfterSave')}</Typography>
          )}
        </FormSection>

        <FormActions
          errorText={errorText}
          errorTestId="template-save-error"
          saving={saving}
          labels={{ save: t('offerForm.save'), saving: t(checking ? 'common.checkingSaved' : 'offerForm.saving'), retry: t('offerForm.retry'), cancel: t('offerForm.cancel') }}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
